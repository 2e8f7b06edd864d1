// How tt-metal's kernel build picks the unpacker's and packer's source and destination formats from the circular
// buffers' data formats (tt::). The emulator converts formats itself (ttemu_compute_core.h) and does not use these
// rules; the exponent-width queries are exported, the format-selection functions are declared only.
#pragma once

#include <tt-metalium/circular_buffer_constants.h>
#include <umd/device/types/arch.h>

#include <cstdint>
#include <tt-metalium/base_types.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>
#include <vector>

namespace tt {

// Exponent width: A = 5 bits (Float16, Bfp8, ...), B = 8 bits (Float16_b, Bfp8_b, Float32, ...).
enum class ExpPrecision : std::uint8_t { A = 0, B = 1 };

bool is_valid_conversion(DataFormat input_format, DataFormat output_format);
bool is_exp_b_format(DataFormat data_format);
ExpPrecision get_exp_precison(DataFormat data_format);
void dump_data_formats(DataFormat data_format[NUM_CIRCULAR_BUFFERS]);
DataFormat check_consistent_format_across_buffers(DataFormat data_format[NUM_CIRCULAR_BUFFERS]);
DataFormat check_same_format_across_buffers(DataFormat data_format[NUM_CIRCULAR_BUFFERS]);
DataFormat check_valid_formats_in_out_data_formats(DataFormat data_format[NUM_CIRCULAR_BUFFERS]);
ExpPrecision get_data_exp_precision(DataFormat data_formats[NUM_CIRCULAR_BUFFERS]);
bool is_all_fp32_formats(const DataFormat data_format[NUM_CIRCULAR_BUFFERS]);
const DataFormat get_single_pack_src_format(DataFormat input_format, DataFormat unpack_conditional_dst_format,
                                            bool fp32_dest_acc_en, tt::ARCH arch);
std::vector<DataFormat> get_unpack_src_formats(DataFormat buf_formats[NUM_CIRCULAR_BUFFERS]);
std::vector<DataFormat> get_unpack_dst_formats(DataFormat buf_formats[NUM_CIRCULAR_BUFFERS],
                                               DataFormat unpack_conditional_dst_format, bool fp32_dest_acc_en,
                                               std::vector<UnpackToDestMode> unpack_to_dest_mode,
                                               bool int_fpu_en = false);
std::vector<DataFormat> get_pack_src_formats(DataFormat buf_formats[NUM_CIRCULAR_BUFFERS],
                                             DataFormat unpack_conditional_dst_format, bool fp32_dest_acc_en,
                                             bool bfp8_pack_precise, bool int_fpu_en = false,
                                             tt::ARCH arch = tt::ARCH::GRAYSKULL);
std::vector<DataFormat> get_pack_dst_formats(DataFormat buf_formats[NUM_CIRCULAR_BUFFERS]);

}  // namespace tt
