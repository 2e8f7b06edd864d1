// tt-metal's LLK header of this name: the emulator's LLK layer (ttemu_llk.h) declares every call of its family.
#pragma once

#include "ttemu_llk.h"
