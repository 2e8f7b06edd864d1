// The types tt-metal v0.68.0-rc1's description (api_list.h) spells: v0.67.0's (the same declarations, compiled
// against this release's headers) and MetalEnv, whose members it adds. api/api_types.h includes this one in a
// v0.68.0-rc1 build.
#pragma once

#include <tt-metalium/experimental/context/metal_env.hpp>

#include "profiles/v0.67.0/api/api_types.h"
