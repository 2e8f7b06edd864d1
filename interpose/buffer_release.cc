// The one irregular interposer: Buffer's destructor. A program frees a buffer by dropping its last shared_ptr,
// which is no API call, yet a replay must free it at the same point or later buffers get other addresses.
// tt-metal's deleter calls Buffer::~Buffer through the PLT, so the shim defines that symbol — as a plain function
// under the destructor's mangled name (a C++ destructor here would destroy the members itself, then again in the
// real one) — records `bufferReleased`, and forwards.
#include "interpose/intercept.h"

extern "C" void LtcapBufferDestructor(void* self) __asm__("_ZN2tt8tt_metal2v06BufferD1Ev")
    __attribute__((visibility("default")));

extern "C" void LtcapBufferDestructor(void* self) {
    using Fn = void (*)(void*);
    static ltcap::Next<Fn> next(&LtcapBufferDestructor);
    ltcap::Intercept<ltcap::layout::Api::bufferReleased, ltcap::PlainResult>(next, ltcap::ReleasedBuffer{self});
}
