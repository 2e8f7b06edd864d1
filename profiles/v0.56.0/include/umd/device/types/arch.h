// UMD's chip architectures (tt::ARCH), as tt-metal v0.56.0's headers see them.
#pragma once

namespace tt {
enum class ARCH { GRAYSKULL = 1, WORMHOLE_B0 = 2, BLACKHOLE = 3, QUASAR = 4, Invalid = 0xFF };
}  // namespace tt
