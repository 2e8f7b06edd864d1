// The multi-host context of a distributed run (MPI in tt-metal). The emulator runs on one host: the context is
// declared for the signatures that name it, and UsingDistributedEnvironment() is false.
#pragma once

#include <memory>

namespace tt::tt_metal::distributed::multihost {
class DistributedContext;
}  // namespace tt::tt_metal::distributed::multihost
