// Where tile (row, col) of a row-major matrix of `cols` tiles is: included by reader_matmul.cpp with quotes, so
// that a captured kernel is more than one file (capture, replay and `ltcap extract` must carry this one too).
#pragma once

#include <stdint.h>

inline uint32_t tile_at(uint32_t row, uint32_t col, uint32_t cols) { return row * cols + col; }
