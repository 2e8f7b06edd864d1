// For tests of the capture's units that write through a real Session: the process-wide state a Session is opened
// with (sequence counter, state tracker, started clock), with quiet, uncompressed settings.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "interpose/session.h"

namespace ltcap::testing {

struct SessionState {
    SessionState() {
        // Settings are read once per process, at the first Session: no messages, uncompressed logs.
        setenv("LTCAP_LOG", "quiet", 1);
        clock.Start(false);
    }
    // A Session writing `info.path`, its header naming `release`; null when it cannot be opened.
    Session* Open(const SessionInfo& info, const char* release = "v0.56.0") {
        return Session::Open(SessionEnv{seq, tracker, clock, release}, info);
    }
    CallNumbers seq;
    StateTracker tracker;
    CallClock clock;
};

}  // namespace ltcap::testing
