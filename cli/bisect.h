// `ltcap bisect [options] LOG`: LOG replayed on two targets (two tt-metal builds, or one replay edited), each launch's
// outputs read back on both (ltplay --launch-outputs), down to the first launch whose outputs differ: its call,
// program, kernels and cores, the buffer, the first differing page, and the first differing elements by tile.
#pragma once

namespace ltcap::cli {

int BisectMain(int argc, char** argv);

}  // namespace ltcap::cli
