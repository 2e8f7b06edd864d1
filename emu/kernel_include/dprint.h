// tt-metal's kernel build has tt_metal/hw/inc/debug on the include path: DPRINT by its bare name.
#pragma once

#include "debug/dprint.h"
