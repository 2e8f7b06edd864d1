// The out-of-line tt-metal members the shim's own code calls: CoreRangeSet's move constructor (a call taking a
// CoreRangeSet&&), Program's move constructor and destructor (CreateProgram's result passing through), and the
// accessors encode.cc reads configs with — each a forwarder (forwarder.h). So the shim has no undefined tt-metal
// symbol at all: nothing for the loader to bind, to null, before tt-metal is in the process. shim_symbols_test fails
// if an undefined tt-metal reference appears: add a forwarder here.
#include <cstdint>
#include <optional>

#include "interpose/forwarder.h"

// CoreRangeSet::CoreRangeSet(CoreRangeSet&&)
LTCAP_FORWARD(void, LtcapCoreRangeSetMove, "_ZN12CoreRangeSetC1EOS_", (void* self, void* other), (self, other))

// const std::vector<CoreRange>& CoreRangeSet::ranges() const
LTCAP_FORWARD(const void*, LtcapCoreRangeSetRanges, "_ZNK12CoreRangeSet6rangesEv", (const void* self), (self))

// tt::tt_metal::v0::Program::Program(Program&&)
LTCAP_FORWARD(void, LtcapProgramMove, "_ZN2tt8tt_metal2v07ProgramC1EOS2_", (void* self, void* other), (self, other))

// tt::tt_metal::v0::Program::~Program()
LTCAP_FORWARD(void, LtcapProgramDestroy, "_ZN2tt8tt_metal2v07ProgramD1Ev", (void* self), (self))

// DeviceAddr Buffer::page_size() const
LTCAP_FORWARD(std::uint64_t, LtcapBufferPageSize, "_ZNK2tt8tt_metal2v06Buffer9page_sizeEv", (const void* self), (self))

// std::uint32_t Buffer::num_pages() const
LTCAP_FORWARD(std::uint32_t, LtcapBufferNumPages, "_ZNK2tt8tt_metal2v06Buffer9num_pagesEv", (const void* self), (self))

// DeviceAddr GlobalSemaphore::address() const
LTCAP_FORWARD(std::uint64_t, LtcapGlobalSemaphoreAddress, "_ZNK2tt8tt_metal2v015GlobalSemaphore7addressEv",
              (const void* self), (self))

// const std::array<std::optional<std::uint32_t>, 32>& CircularBufferConfig::page_sizes() const
LTCAP_FORWARD(const void*, LtcapCbPageSizes, "_ZNK2tt8tt_metal2v020CircularBufferConfig10page_sizesEv",
              (const void* self), (self))

// const std::unordered_set<std::uint8_t>& CircularBufferConfig::remote_buffer_indices() const
LTCAP_FORWARD(const void*, LtcapCbRemoteIndices, "_ZNK2tt8tt_metal2v020CircularBufferConfig21remote_buffer_indicesEv",
              (const void* self), (self))
// std::uint32_t CircularBufferConfig::total_size() const
LTCAP_FORWARD(std::uint32_t, LtcapCbTotalSize, "_ZNK2tt8tt_metal2v020CircularBufferConfig10total_sizeEv",
              (const void* self), (self))

// const std::array<std::optional<tt::DataFormat>, 32>& CircularBufferConfig::data_formats() const
LTCAP_FORWARD(const void*, LtcapCbDataFormats, "_ZNK2tt8tt_metal2v020CircularBufferConfig12data_formatsEv",
              (const void* self), (self))

// std::optional<std::uint32_t> CircularBufferConfig::globally_allocated_address() const (returned in a register:
// trivially copyable, 8 bytes)
LTCAP_FORWARD(std::optional<std::uint32_t>, LtcapCbGlobalAddress,
              "_ZNK2tt8tt_metal2v020CircularBufferConfig26globally_allocated_addressEv", (const void* self), (self))
