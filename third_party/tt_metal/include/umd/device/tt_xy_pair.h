// UMD's public name for the coordinate pair; tt-metal's CoreCoord is the same type.
#pragma once

#include <umd/device/types/xy_pair.h>

using tt_xy_pair = tt::umd::xy_pair;
using CoreCoord = tt_xy_pair;
