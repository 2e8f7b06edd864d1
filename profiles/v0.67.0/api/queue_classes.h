// tt-metal v0.67.0's mesh command queue implementations (MeshCommandQueueBase, FDMeshCommandQueue,
// SDMeshCommandQueue), declared by the virtual members the description names (the VIRTUAL shape of api/expand.h):
// they are internal to tt-metal — no public header declares them — and ltcap only needs their names, to define the
// shim's interposers under the mangled names the library's vtables bind (interpose/interpose.cc) and to mangle those
// names from the real headers (abi/abi_probe.cc). Non-virtual here: no vtable of theirs is emitted. Default
// visibility, as tt-metal's: a class's members take its visibility, and the shim is built hidden.
// Include after the profile's api_types.h (the types the members spell).
#pragma once

#include "api/expand.h"

#pragma GCC visibility push(default)
namespace tt::tt_metal::distributed {
using namespace ::ltcap::api;
class MeshCommandQueueBase {
public:
    LTCAP_EXPAND_CALLS_OF(V067, LTCAP_NO_ENTRY, LTCAP_NO_ENTRY, LTCAP_VIRTUAL_DECLARATION)
};
class FDMeshCommandQueue {
public:
    LTCAP_EXPAND_CALLS_OF(V067, LTCAP_NO_ENTRY, LTCAP_NO_ENTRY, LTCAP_VIRTUAL_DECLARATION)
};
class SDMeshCommandQueue {
public:
    LTCAP_EXPAND_CALLS_OF(V067, LTCAP_NO_ENTRY, LTCAP_NO_ENTRY, LTCAP_VIRTUAL_DECLARATION)
};
}  // namespace tt::tt_metal::distributed
#pragma GCC visibility pop
