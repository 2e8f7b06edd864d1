// UMD's public names for the coordinate pairs; tt-metal's CoreCoord is the same type as tt_xy_pair.
#pragma once

#include <umd/device/types/xy_pair.h>

using tt_xy_pair = tt::umd::xy_pair;
using CoreCoord = tt_xy_pair;
using tt_cxy_pair = tt::umd::cxy_pair;
