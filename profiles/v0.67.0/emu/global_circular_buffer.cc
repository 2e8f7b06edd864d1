// Global circular buffers of tt-metal v0.67.0 (experimental): the pages and the per-core configuration, as two
// height-sharded L1 buffers over every core of the sender→receivers mapping (one page per core, so one address on
// all of them), and circular buffers of programs tied to one. The configuration page of each core is the one
// tt-metal's firmware starts a kernel's remote interface from (emu/core/launch.cc reads it the same way):
//   word 0 is_sender, 1 number of receivers, 2 pages' address, 3 size, 4 FIFO pointer, 5 address of the NOC x/y
//   words, 6 address of the pages-sent counter; a sender then lists its receivers' physical x, y, a receiver its
//   sender's; the counters follow, L1-aligned, a (sent, acked) pair per receiver, each word on its own 16 bytes.
#include <algorithm>
#include <cstring>
#include <map>

#include <tt-metalium/global_circular_buffer.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_align.hpp>

#include "device.h"
#include "program_impl.h"
#include "emu/core/chip.h"
#include "emu/core/device_model.h"
#include "emu/core/errors.h"

namespace tt::tt_metal::experimental {

namespace {
constexpr std::uint32_t kConfigWords = 7;  // is_sender … pages-sent address
}  // namespace

GlobalCircularBuffer::GlobalCircularBuffer(
    IDevice* device, const std::vector<std::pair<CoreCoord, CoreRangeSet>>& sender_receiver_core_mapping,
    std::uint32_t size, BufferType buffer_type)
    : device_(device), sender_receiver_core_mapping_(sender_receiver_core_mapping), size_(size) {
    if (device_ == nullptr) ttemu::Throw("Device cannot be null");
    std::uint32_t num_receivers = 0, max_receivers = 0;
    std::vector<CoreRange> senders;
    for (const auto& [sender, receivers] : sender_receiver_core_mapping_) {
        num_receivers += receivers.num_cores();
        senders.emplace_back(sender);
        receiver_cores_ = receiver_cores_.merge(receivers);
        max_receivers = std::max<std::uint32_t>(max_receivers, receivers.num_cores());
    }
    sender_cores_ = CoreRangeSet(senders);
    const auto num_senders = static_cast<std::uint32_t>(sender_receiver_core_mapping_.size());
    if (num_senders != sender_cores_.num_cores()) ttemu::Throw("Duplicate sender cores found");
    if (num_receivers != receiver_cores_.num_cores()) ttemu::Throw("Duplicate receiver cores found");
    all_cores_ = sender_cores_.merge(receiver_cores_);
    if (all_cores_.num_cores() != num_senders + num_receivers) ttemu::Throw("Duplicate cores found");
    setup_cb_buffers(buffer_type, max_receivers);
}

void GlobalCircularBuffer::setup_cb_buffers(BufferType buffer_type, std::uint32_t max_num_receivers_per_sender) {
    if (buffer_type != BufferType::L1 && buffer_type != BufferType::L1_SMALL)
        ttemu::Throw("Global circular buffer can only be created for L1 buffer types");
    if (size_ == 0) ttemu::Throw("Global circular buffer size must be non-zero");
    ttemu::v067::CheckInWorkerGrid(all_cores_, "Global circular buffer: cores");
    const std::uint32_t num_cores = all_cores_.num_cores();
    const ShardSpecBuffer shards(all_cores_, {1, 1}, ShardOrientation::ROW_MAJOR, {1, 1}, {num_cores, 1});
    cb_buffer_ = distributed::AnyBuffer::create(ShardedBufferConfig{
        device_, DeviceAddr(size_) * num_cores, size_, buffer_type, TensorMemoryLayout::HEIGHT_SHARDED, shards});

    const std::uint32_t align = ttemu::kL1Alignment;
    const std::uint32_t noc_xy_words = 2 * max_num_receivers_per_sender;
    const std::uint32_t page = tt::align((kConfigWords + noc_xy_words) * 4, align) + 2 * max_num_receivers_per_sender * align;
    cb_config_buffer_ = distributed::AnyBuffer::create(ShardedBufferConfig{
        device_, DeviceAddr(page) * num_cores, page, buffer_type, TensorMemoryLayout::HEIGHT_SHARDED, shards});

    const auto config = static_cast<std::uint32_t>(config_address());
    const auto pages = static_cast<std::uint32_t>(buffer_address());
    const std::uint32_t noc_xy = config + kConfigWords * 4;
    const std::uint32_t pages_sent = tt::align(noc_xy + noc_xy_words * 4, align);
    // Every core's page, as words; written whole, so the counters start at zero.
    std::map<CoreCoord, std::vector<std::uint32_t>> words;
    const auto head = [&](const CoreCoord& core, bool sender, std::uint32_t receivers, std::uint32_t sent) {
        auto& w = words[core];
        w.assign(page / 4, 0);
        const std::uint32_t h[kConfigWords] = {sender ? 1u : 0u, receivers, pages, size_, pages, noc_xy, sent};
        std::copy(h, h + kConfigWords, w.begin());
        return &w;
    };
    for (const auto& [sender, receivers] : sender_receiver_core_mapping_) {
        const auto n = receivers.num_cores();
        auto* s = head(sender, true, n, pages_sent);
        const CoreCoord sender_xy = device_->worker_core_from_logical_core(sender);
        std::uint32_t i = 0;
        for (const CoreCoord& receiver : corerange_to_cores(receivers)) {
            const CoreCoord xy = device_->worker_core_from_logical_core(receiver);
            (*s)[kConfigWords + 2 * i] = static_cast<std::uint32_t>(xy.x);
            (*s)[kConfigWords + 2 * i + 1] = static_cast<std::uint32_t>(xy.y);
            auto* r = head(receiver, false, n, pages_sent + 2 * i * align);
            (*r)[kConfigWords] = static_cast<std::uint32_t>(sender_xy.x);
            (*r)[kConfigWords + 1] = static_cast<std::uint32_t>(sender_xy.y);
            i++;
        }
    }
    for (ttemu::Chip* chip : ttemu::v067::ChipsOf(device_))
        for (const auto& [core, w] : words)
            std::memcpy(chip->memory().L1(core.x, core.y, config, page), w.data(), page);
}

const Buffer& GlobalCircularBuffer::cb_buffer() const { return *cb_buffer_.get_buffer(); }
const CoreRangeSet& GlobalCircularBuffer::sender_cores() const { return sender_cores_; }
const CoreRangeSet& GlobalCircularBuffer::receiver_cores() const { return receiver_cores_; }
const CoreRangeSet& GlobalCircularBuffer::all_cores() const { return all_cores_; }
DeviceAddr GlobalCircularBuffer::buffer_address() const { return cb_buffer().address(); }
DeviceAddr GlobalCircularBuffer::config_address() const { return cb_config_buffer_.get_buffer()->address(); }
std::uint32_t GlobalCircularBuffer::size() const { return size_; }
const std::vector<std::pair<CoreCoord, CoreRangeSet>>& GlobalCircularBuffer::sender_receiver_core_mapping() const {
    return sender_receiver_core_mapping_;
}

GlobalCircularBuffer CreateGlobalCircularBuffer(
    IDevice* device, const std::vector<std::pair<CoreCoord, CoreRangeSet>>& sender_receiver_core_mapping,
    std::uint32_t size, BufferType buffer_type) {
    return GlobalCircularBuffer(device, sender_receiver_core_mapping, size, buffer_type);
}

CBHandle CreateCircularBuffer(Program& program, const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                              const CircularBufferConfig& config, const GlobalCircularBuffer& global_circular_buffer) {
    return tt::tt_metal::detail::AddCircularBuffer(
        program, std::make_shared<CircularBufferImpl>(ttemu::v067::RangeSetOf(core_spec), config, global_circular_buffer));
}

void UpdateDynamicCircularBufferAddress(Program& program, CBHandle cb_handle,
                                        const GlobalCircularBuffer& global_circular_buffer) {
    auto& cb = tt::tt_metal::detail::ImplOf(program).CircularBufferAt(cb_handle);
    if (!cb.is_global_circular_buffer())
        ttemu::Throw("CircularBuffer must be linked to a GlobalCircularBuffer!");
    cb.set_global_circular_buffer(global_circular_buffer);
}

}  // namespace tt::tt_metal::experimental

std::size_t std::hash<tt::tt_metal::experimental::GlobalCircularBuffer>::operator()(
    const tt::tt_metal::experimental::GlobalCircularBuffer& b) const {
    std::size_t h = std::hash<std::uint64_t>{}(b.config_address());
    h ^= std::hash<std::uint64_t>{}(b.buffer_address()) + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h ^ (std::hash<std::uint32_t>{}(b.size()) << 1);
}
