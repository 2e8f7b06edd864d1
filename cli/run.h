// `ltcap run [options] LOG`: a log run as a workload through the embeddable runtime of its release
// (runtime/ltcap_run.h, loaded with dlopen from beside ltcap), on new inputs given as files, its outputs written as
// files. The same calls an application makes, so this is also how a user learns a log's inputs and outputs.
#pragma once

namespace ltcap::cli {

// Exit status: the run's (LTCAP_RUN_*): 0 done, 1 an output differed (nothing bound), 2 a bad or not
// self-contained log, 3 the run failed, 8 a refused input or output (unknown call, wrong size).
int RunMain(int argc, char** argv);

}  // namespace ltcap::cli
