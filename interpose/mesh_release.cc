// Hooks on MeshBuffer's and MeshDevice's destructors, as buffer_release.cc hooks Buffer's: a program frees a mesh
// buffer or a mesh by dropping its last shared_ptr, which is no API call, yet a replay must free it at the same
// point (later allocations land where they did). Inside, tt-metal's own calls — the backing buffer's
// DeallocateBuffer, the queues' finish — are nested and not recorded. Plain functions under the complete-object
// destructors' mangled names (a C++ destructor here would destroy the members itself); tt-metal reaches them
// through the PLT or the vtable.
#include "interpose/intercept.h"

extern "C" void LtcapMeshBufferDestructor(void* self) __asm__("_ZN2tt8tt_metal11distributed10MeshBufferD1Ev")
    __attribute__((visibility("default")));
extern "C" void LtcapMeshBufferDestructor(void* self) {
    using Fn = void (*)(void*);
    static ltcap::Next<Fn> next(&LtcapMeshBufferDestructor);
    ltcap::Intercept<ltcap::layout::Api::meshBufferReleased, ltcap::PlainResult>(next, ltcap::ReleasedMeshBuffer{self});
}

extern "C" void LtcapMeshDeviceDestructor(void* self) __asm__("_ZN2tt8tt_metal11distributed10MeshDeviceD1Ev")
    __attribute__((visibility("default")));
extern "C" void LtcapMeshDeviceDestructor(void* self) {
    using Fn = void (*)(void*);
    static ltcap::Next<Fn> next(&LtcapMeshDeviceDestructor);
    ltcap::Intercept<ltcap::layout::Api::meshDeviceReleased, ltcap::PlainResult>(next, ltcap::ReleasedMesh{self});
}
