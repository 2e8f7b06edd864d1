// The description of a compute kernel's build (tt::tt_hlk_desc): each circular buffer's data format and tile shape,
// the math fidelity and approximation mode, and optional kernel arguments; std::hash over it keys tt-metal's kernel
// cache. Plain data, all inline.
#pragma once

#include <hostdevcommon/kernel_structs.h>
#include <tt-metalium/circular_buffer_constants.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <tt-metalium/assert.hpp>
#include <tt-metalium/base_types.hpp>
#include <tt-metalium/constants.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>
#include <tt-metalium/utils.hpp>

namespace tt {

class tt_hlk_desc {
public:
    DataFormat buf_dataformat_arr[NUM_CIRCULAR_BUFFERS];
    std::uint32_t buf_num_faces_arr[NUM_CIRCULAR_BUFFERS];
    std::uint32_t buf_partial_face_arr[NUM_CIRCULAR_BUFFERS];
    std::uint32_t buf_face_r_dim_arr[NUM_CIRCULAR_BUFFERS];
    std::uint32_t buf_narrow_tile_arr[NUM_CIRCULAR_BUFFERS];
    std::uint32_t buf_tile_r_dim_arr[NUM_CIRCULAR_BUFFERS];
    std::uint32_t buf_tile_c_dim_arr[NUM_CIRCULAR_BUFFERS];
    std::uint32_t buf_tile_size_arr[NUM_CIRCULAR_BUFFERS];

    // Every buffer starts invalid, as a full 32x32 tile of four faces sized like a Bfp8_b tile.
    tt_hlk_desc() {
        for (std::uint32_t i = 0; i < NUM_CIRCULAR_BUFFERS; ++i) {
            buf_dataformat_arr[i] = DataFormat::Invalid;
            buf_num_faces_arr[i] = constants::TILE_HW / constants::FACE_HW;
            buf_partial_face_arr[i] = 0;
            buf_face_r_dim_arr[i] = constants::FACE_HEIGHT;
            buf_narrow_tile_arr[i] = 0;
            buf_tile_r_dim_arr[i] = constants::TILE_HEIGHT;
            buf_tile_c_dim_arr[i] = constants::TILE_WIDTH;
            buf_tile_size_arr[i] = constants::BFLOAT8_B_TILE_HW;
        }
    }
    tt_hlk_desc(tt_hlk_desc& in) = default;

    DataFormat get_buf_dataformat(int i) const { return buf_dataformat_arr[i]; }
    void set_buf_dataformat(int i, DataFormat f) { buf_dataformat_arr[i] = f; }
    std::uint32_t get_buf_num_faces(int i) const { return buf_num_faces_arr[i]; }
    void set_buf_num_faces(int i, std::uint32_t v) { buf_num_faces_arr[i] = v; }
    std::uint32_t get_buf_partial_face(int i) const { return buf_partial_face_arr[i]; }
    void set_buf_partial_face(int i, std::uint32_t v) { buf_partial_face_arr[i] = v; }
    std::uint32_t get_buf_face_r_dim(int i) const { return buf_face_r_dim_arr[i]; }
    void set_buf_face_r_dim(int i, std::uint32_t v) { buf_face_r_dim_arr[i] = v; }
    std::uint32_t get_buf_narrow_tile(int i) const { return buf_narrow_tile_arr[i]; }
    void set_buf_narrow_tile(int i, std::uint32_t v) { buf_narrow_tile_arr[i] = v; }
    std::uint32_t get_buf_tile_r_dim(int i) const { return buf_tile_r_dim_arr[i]; }
    void set_buf_tile_r_dim(int i, std::uint32_t v) { buf_tile_r_dim_arr[i] = v; }
    std::uint32_t get_buf_tile_c_dim(int i) const { return buf_tile_c_dim_arr[i]; }
    void set_buf_tile_c_dim(int i, std::uint32_t v) { buf_tile_c_dim_arr[i] = v; }
    std::uint32_t get_buf_tile_size(int i) const { return buf_tile_size_arr[i]; }
    void set_buf_tile_size(int i, std::uint32_t v) { buf_tile_size_arr[i] = v; }

    void set_hlk_args(void* args, std::size_t size) {
        hlk_args = args;
        hlk_args_size = size;
    }
    void* get_hlk_args() const { return hlk_args; }
    std::size_t get_hlk_args_size() const { return hlk_args_size; }
    void set_hlk_math_fidelity(MathFidelity f) { math_fidelity = f; }
    MathFidelity get_hlk_math_fidelity() const { return math_fidelity; }
    void set_hlk_math_approx_mode(bool approx) { approximation_mode = approx; }
    bool get_hlk_math_approx_mode() const { return approximation_mode; }
    const DataFormat* get_buf_dataformats() const { return buf_dataformat_arr; }

private:
    MathFidelity math_fidelity = MathFidelity::Invalid;
    bool approximation_mode = true;
    void* hlk_args = nullptr;       // the kernel's argument struct, owned by the caller
    std::size_t hlk_args_size = 0;  // its sizeof
};

}  // namespace tt

// Mixes every byte of a kernel's argument struct into `seed`.
inline void hash_hlk_args(std::size_t& seed, void* hlk_args, std::size_t hlk_args_size) {
    const auto* bytes = static_cast<const char*>(hlk_args);
    for (std::size_t i = 0; i < hlk_args_size; i++) tt::utils::hash_combine(seed, std::hash<char>{}(bytes[i]));
}

template <>
struct std::hash<tt::tt_hlk_desc> {
    std::size_t operator()(const tt::tt_hlk_desc& d) const {
        std::size_t h = 0;
        for (std::uint32_t i = 0; i < NUM_CIRCULAR_BUFFERS; i++) {
            tt::utils::hash_combine(h, std::hash<tt::DataFormat>{}(d.get_buf_dataformat(i)));
            tt::utils::hash_combine(h, std::hash<std::uint32_t>{}(d.get_buf_tile_r_dim(i)));
            tt::utils::hash_combine(h, std::hash<std::uint32_t>{}(d.get_buf_tile_c_dim(i)));
        }
        tt::utils::hash_combine(h, std::hash<MathFidelity>{}(d.get_hlk_math_fidelity()));
        tt::utils::hash_combine(h, std::hash<bool>{}(d.get_hlk_math_approx_mode()));
        void* args = d.get_hlk_args();
        const std::size_t size = d.get_hlk_args_size();
        if ((args == nullptr) != (size == 0))
            TT_THROW(
                "Mismatching values, either hlk_args == nullptr and hlk_args_size == 0 or hlk_args != nullptr and "
                "hlk_args_size > 0!");
        if (args != nullptr) hash_hlk_args(h, args, size);
        return h;
    }
};
