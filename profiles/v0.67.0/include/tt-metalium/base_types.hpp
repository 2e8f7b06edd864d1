// Compute kernel settings in the global namespace: the math fidelity and how buffers unpack to DST.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <ostream>
#include <stdexcept>

enum class MathFidelity : std::uint8_t { LoFi = 0, HiFi2 = 2, HiFi3 = 3, HiFi4 = 4, Invalid = 0xff };

inline std::ostream& operator<<(std::ostream& os, const MathFidelity& fidelity) {
    switch (fidelity) {
        case MathFidelity::LoFi: return os << "LoFi";
        case MathFidelity::HiFi2: return os << "HiFi2";
        case MathFidelity::HiFi3: return os << "HiFi3";
        case MathFidelity::HiFi4: return os << "HiFi4";
        case MathFidelity::Invalid: return os << "Invalid";
    }
    throw std::invalid_argument("Unknown format");
}

template <>
struct std::hash<MathFidelity> {
    std::size_t operator()(const MathFidelity& f) const noexcept { return static_cast<std::size_t>(f); }
};

// UnpackToDestFp32: Float32 data is unpacked to DST at full precision (and cannot go to SRCA/B).
enum class UnpackToDestMode : std::uint8_t { UnpackToDestFp32, Default };
