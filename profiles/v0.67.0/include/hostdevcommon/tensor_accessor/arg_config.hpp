// How a TensorAccessor's description is split between compile-time and runtime arguments (tt-metal v0.67.0): one
// compile-time word of ArgConfig bits first, then rank, bank count, tensor shape, shard shape and bank coordinates,
// each in the compile-time or the common runtime arguments as its Runtime* bit says. Host (TensorAccessorArgs)
// and kernel (TensorAccessorArgs<Offset>) read this one definition.
#pragma once

#include <cstdint>

#include <hostdevcommon/flags.hpp>

namespace tensor_accessor {

enum class ArgConfig : std::uint8_t {
    None = 0,
    Sharded = 1 << 0,
    IsDram = 1 << 1,
    RuntimeRank = 1 << 2,
    RuntimeNumBanks = 1 << 3,
    RuntimeTensorShape = 1 << 4,
    RuntimeShardShape = 1 << 5,
    RuntimeBankCoords = 1 << 6,
    Runtime = RuntimeRank | RuntimeNumBanks | RuntimeTensorShape | RuntimeShardShape | RuntimeBankCoords
};

using ArgsConfig = Flags<ArgConfig>;
constexpr ArgsConfig operator|(ArgConfig a, ArgConfig b) noexcept { return ArgsConfig(a) | b; }
constexpr ArgsConfig operator|(ArgConfig a, ArgsConfig b) noexcept { return ArgsConfig(a) | b; }

}  // namespace tensor_accessor
