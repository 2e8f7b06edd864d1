// `ltcap capture [options] [--] PROG ARGS`: runs PROG with the shim preloaded and the LTCAP_* variables the
// options stand for, then says which logs it wrote. The exit status is PROG's (128 + N if signal N ended it).
#pragma once

namespace ltcap::cli {

int CaptureMain(int argc, char** argv);

}  // namespace ltcap::cli
