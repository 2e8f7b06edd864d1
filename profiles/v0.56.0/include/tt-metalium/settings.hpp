// The options of one kernel build in tt-metal's JIT compiler (tt::tt_metal::JitBuildOptions): name, output path, the
// compute description (tt_hlk_desc) and the FP32/packing switches. The emulator builds kernels its own way
// (emu/core/kernel_build.cc); declared for code that names it, not exported.
#pragma once

#include <hostdevcommon/kernel_structs.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <tt-metalium/base_types.hpp>
#include <tt-metalium/hlk_desc.hpp>
#include <vector>

namespace tt::tt_metal {

class JitBuildEnv;

class JitBuildOptions {
public:
    const JitBuildEnv& build_env;
    std::string name;
    std::string path;
    tt::tt_hlk_desc hlk_desc;
    bool fp32_dest_acc_en;
    std::vector<UnpackToDestMode> unpack_to_dest_mode;
    bool bfp8_pack_precise;
    bool dst_full_sync_en;

    JitBuildOptions(const JitBuildEnv& env);
    void set_name(const std::string& name);
    void set_hlk_math_fidelity_all_cores(MathFidelity math_fidelity);
    void set_hlk_math_approx_mode_all_cores(bool approx_mode);
    void set_hlk_args_all_cores(void* args, std::size_t size);
    void set_cb_dataformat_all_cores(CBIndex cb_id, DataFormat data_format);
    void set_cb_tile_dims_all_cores(CBIndex cb_id, std::uint32_t num_faces, std::uint32_t partial_face,
                                    std::uint32_t face_r_dim, std::uint32_t narrow_tile, std::uint32_t tile_r_dim,
                                    std::uint32_t tile_c_dim);
    void set_cb_tile_size_all_cores(CBIndex cb_id, std::uint32_t tile_size);
    void set_hlk_operand_dataformat_all_cores(HlkOperand op_id, DataFormat data_format);
};

}  // namespace tt::tt_metal
