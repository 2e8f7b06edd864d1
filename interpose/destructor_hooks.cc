// The irregular interposers: destructors. A program frees a buffer, a mesh buffer or a mesh by dropping its last
// shared_ptr, which is no API call, yet a replay must free it at the same point or later allocations land
// elsewhere. tt-metal reaches these destructors through the PLT or a vtable, so the shim defines their symbols —
// as plain functions under the complete-object destructors' mangled names (a C++ destructor here would destroy the
// members itself, then again in the real one) — records the release (bufferReleased, meshBufferReleased,
// meshDeviceReleased), and forwards. What tt-metal does inside (a mesh buffer's DeallocateBuffer, a mesh's queues'
// finish) is nested, so not recorded.
#include "interpose/intercept.h"

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

// Defines the hook `local` for the destructor `mangled`, recorded as `api` with the object in role `Role`.
#define LTCAP_DESTRUCTOR_HOOK(local, mangled, api, Role)                                        \
    extern "C" void local(void* self) __asm__(mangled) __attribute__((visibility("default"))); \
    extern "C" void local(void* self) {                                                         \
        using Fn = void (*)(void*);                                                             \
        static ltcap::Next<Fn> next(&local);                                                    \
        ltcap::Intercept<ltcap::layout::Api::api, ltcap::PlainResult>(next, ltcap::Role{self}); \
    }

LTCAP_DESTRUCTOR_HOOK(LtcapBufferDestructor, LTCAP_BUFFER_DESTRUCTOR_SYMBOL, bufferReleased, ReleasedBuffer)
LTCAP_DESTRUCTOR_HOOK(LtcapMeshBufferDestructor, "_ZN2tt8tt_metal11distributed10MeshBufferD1Ev", meshBufferReleased,
                      ReleasedMeshBuffer)
LTCAP_DESTRUCTOR_HOOK(LtcapMeshDeviceDestructor, "_ZN2tt8tt_metal11distributed10MeshDeviceD1Ev", meshDeviceReleased,
                      ReleasedMesh)
