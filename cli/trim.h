// `ltcap trim (--calls A-B | --programs A-B) LOG OUT`: a shorter log that replays alone, made by replaying LOG
// under the capture shim with a window around the range (the window's snapshot recreates the state before it).
#pragma once

namespace ltcap::cli {

int TrimMain(int argc, char** argv);

}  // namespace ltcap::cli
