// The out-of-line tt-metal members the shim's own code calls: CoreRangeSet's move constructor (a call taking a
// CoreRangeSet&&), Program's move constructor and destructor (CreateProgram's result passing through), and the
// accessors encode.cc reads configs with. The shim defines each here under its mangled name, hidden (not exported,
// so it interposes nothing), forwarding to the real member found by name at first use (real_library.h). So the
// shim has no undefined tt-metal symbol at all: nothing for the loader to bind, to null, before tt-metal is in the
// process. shim_symbols_test fails if an undefined tt-metal reference appears: add a forwarder here.
//
// No tt-metal header is included (its declarations of the same names would clash): the forwarders use types with
// the same calling convention (Itanium C++ ABI: `this` first; a reference is a pointer).
#include <array>
#include <cstdint>
#include <optional>

#include "interpose/real_library.h"

#define LTCAP_HIDDEN extern "C" __attribute__((visibility("hidden")))

namespace {
template <typename Fn>
using Real = ltcap::real::Symbol<Fn>;
}  // namespace

// CoreRangeSet::CoreRangeSet(CoreRangeSet&&)
LTCAP_HIDDEN void LtcapCoreRangeSetMove(void* self, void* other) __asm__("_ZN12CoreRangeSetC1EOS_");
void LtcapCoreRangeSetMove(void* self, void* other) {
    static Real<void (*)(void*, void*)> real("_ZN12CoreRangeSetC1EOS_");
    real.get()(self, other);
}

// const std::vector<CoreRange>& CoreRangeSet::ranges() const
LTCAP_HIDDEN const void* LtcapCoreRangeSetRanges(const void* self) __asm__("_ZNK12CoreRangeSet6rangesEv");
const void* LtcapCoreRangeSetRanges(const void* self) {
    static Real<const void* (*)(const void*)> real("_ZNK12CoreRangeSet6rangesEv");
    return real.get()(self);
}

// tt::tt_metal::v0::Program::Program(Program&&)
LTCAP_HIDDEN void LtcapProgramMove(void* self, void* other) __asm__("_ZN2tt8tt_metal2v07ProgramC1EOS2_");
void LtcapProgramMove(void* self, void* other) {
    static Real<void (*)(void*, void*)> real("_ZN2tt8tt_metal2v07ProgramC1EOS2_");
    real.get()(self, other);
}

// tt::tt_metal::v0::Program::~Program()
LTCAP_HIDDEN void LtcapProgramDestroy(void* self) __asm__("_ZN2tt8tt_metal2v07ProgramD1Ev");
void LtcapProgramDestroy(void* self) {
    static Real<void (*)(void*)> real("_ZN2tt8tt_metal2v07ProgramD1Ev");
    real.get()(self);
}

// DeviceAddr Buffer::page_size() const
LTCAP_HIDDEN std::uint64_t LtcapBufferPageSize(const void* self) __asm__("_ZNK2tt8tt_metal2v06Buffer9page_sizeEv");
std::uint64_t LtcapBufferPageSize(const void* self) {
    static Real<std::uint64_t (*)(const void*)> real("_ZNK2tt8tt_metal2v06Buffer9page_sizeEv");
    return real.get()(self);
}

// std::uint32_t Buffer::num_pages() const
LTCAP_HIDDEN std::uint32_t LtcapBufferNumPages(const void* self) __asm__("_ZNK2tt8tt_metal2v06Buffer9num_pagesEv");
std::uint32_t LtcapBufferNumPages(const void* self) {
    static Real<std::uint32_t (*)(const void*)> real("_ZNK2tt8tt_metal2v06Buffer9num_pagesEv");
    return real.get()(self);
}

// DeviceAddr GlobalSemaphore::address() const
LTCAP_HIDDEN std::uint64_t LtcapGlobalSemaphoreAddress(const void* self) __asm__(
    "_ZNK2tt8tt_metal2v015GlobalSemaphore7addressEv");
std::uint64_t LtcapGlobalSemaphoreAddress(const void* self) {
    static Real<std::uint64_t (*)(const void*)> real("_ZNK2tt8tt_metal2v015GlobalSemaphore7addressEv");
    return real.get()(self);
}

// const std::array<std::optional<std::uint32_t>, 32>& CircularBufferConfig::page_sizes() const
LTCAP_HIDDEN const void* LtcapCbPageSizes(const void* self) __asm__(
    "_ZNK2tt8tt_metal2v020CircularBufferConfig10page_sizesEv");
const void* LtcapCbPageSizes(const void* self) {
    static Real<const void* (*)(const void*)> real("_ZNK2tt8tt_metal2v020CircularBufferConfig10page_sizesEv");
    return real.get()(self);
}

// std::uint32_t CircularBufferConfig::total_size() const
LTCAP_HIDDEN std::uint32_t LtcapCbTotalSize(const void* self) __asm__(
    "_ZNK2tt8tt_metal2v020CircularBufferConfig10total_sizeEv");
std::uint32_t LtcapCbTotalSize(const void* self) {
    static Real<std::uint32_t (*)(const void*)> real("_ZNK2tt8tt_metal2v020CircularBufferConfig10total_sizeEv");
    return real.get()(self);
}

// const std::array<std::optional<tt::DataFormat>, 32>& CircularBufferConfig::data_formats() const
LTCAP_HIDDEN const void* LtcapCbDataFormats(const void* self) __asm__(
    "_ZNK2tt8tt_metal2v020CircularBufferConfig12data_formatsEv");
const void* LtcapCbDataFormats(const void* self) {
    static Real<const void* (*)(const void*)> real("_ZNK2tt8tt_metal2v020CircularBufferConfig12data_formatsEv");
    return real.get()(self);
}

// std::optional<std::uint32_t> CircularBufferConfig::globally_allocated_address() const (returned in a register:
// trivially copyable, 8 bytes)
LTCAP_HIDDEN std::optional<std::uint32_t> LtcapCbGlobalAddress(const void* self) __asm__(
    "_ZNK2tt8tt_metal2v020CircularBufferConfig26globally_allocated_addressEv");
std::optional<std::uint32_t> LtcapCbGlobalAddress(const void* self) {
    static Real<std::optional<std::uint32_t> (*)(const void*)> real(
        "_ZNK2tt8tt_metal2v020CircularBufferConfig26globally_allocated_addressEv");
    return real.get()(self);
}
