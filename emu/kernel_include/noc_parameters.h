// The NOC addressing macros under the name kernels include them by (noc/noc_parameters.h).
#pragma once

#include "noc/noc_parameters.h"
