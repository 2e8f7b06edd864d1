// tt-metal's kernel build puts its API headers on the include path: this one by its bare name.
#pragma once

#include "tt-metalium/constants.hpp"
