// v0.67.0's small experimental and legacy host APIs on the emulated device: the NOC hop distance between two
// workers, the Inspector (not emulated: it reports itself disabled, as tt-metal with TT_METAL_INSPECTOR=0), the
// in-memory kernel cache, mock mode (recorded; every device here is emulated anyway), switching dispatch at run time
// (refused as tt-metal refuses it on a Wormhole card) and the deprecated Event's wait.
#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <typeinfo>

#include <ttemu/api_release.hpp>
#if TTEMU_API_SINGLE_DEVICE_EVENT
#include <tt-metalium/event.hpp>
#endif
#include <tt-metalium/experimental/device.hpp>
#include <tt-metalium/experimental/dispatch_context.hpp>
#include <tt-metalium/experimental/inspector.hpp>
#include <tt-metalium/experimental/kernel_cache.hpp>
#include <tt-metalium/experimental/mock_device.hpp>
#include <tt-metalium/mesh_device.hpp>

#include "emu/core/device_model.h"
#include "emu/core/errors.h"
#include "emu/core/kernel_build.h"
#include "emu/core/settings.h"

// ---- Event (deprecated in v0.67.0)

#if TTEMU_API_SINGLE_DEVICE_EVENT
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
void tt::tt_metal::Event::wait_until_ready() {
    while (!ready.load()) std::this_thread::yield();
}
#pragma GCC diagnostic pop
#endif

// ---- NOC hop distance

namespace tt::tt_metal::experimental::Device {
namespace {

// The emulated card's physical worker coordinates: Wormhole's worker columns (1-4, 6-9; DRAM is at 0 and 5) and
// rows (1-5, 7-10; Ethernet is at 0 and 6), with its last worker row (11) taken as the harvested one.
CoreCoord PhysicalWorker(const CoreCoord& logical) {
    if (logical.x >= ttemu::kLogicalGridX || logical.y >= ttemu::kLogicalGridY)
        ttemu::Throw("get_worker_noc_hop_distance: logical core ", logical.str(), " is outside the ",
                     ttemu::kLogicalGridX, "x", ttemu::kLogicalGridY, " worker grid");
    return {logical.x < 4 ? logical.x + 1 : logical.x + 2, logical.y < 5 ? logical.y + 1 : logical.y + 2};
}

}  // namespace

uint32_t get_worker_noc_hop_distance(IDevice* device, const CoreCoord& logical_src, const CoreCoord& logical_dst,
                                     NOC noc) {
    if (device == nullptr) ttemu::Throw("Device pointer cannot be null");
    if (auto* mesh = dynamic_cast<distributed::MeshDevice*>(device)) {
        if (mesh->num_devices() != 1)
            ttemu::Throw("get_worker_noc_hop_distance() is only supported on unit MeshDevice.");
        return get_worker_noc_hop_distance(mesh->get_devices().front(), logical_src, logical_dst, noc);
    }
    const CoreCoord src = PhysicalWorker(logical_src), dst = PhysicalWorker(logical_dst);
    const CoreCoord grid = device->grid_size();
    const auto hops = [](std::size_t from, std::size_t to, std::size_t size) {
        return static_cast<uint32_t>(from <= to ? to - from : size - from + to);
    };
    if (noc == NOC::NOC_0) return hops(src.x, dst.x, grid.x) + hops(src.y, dst.y, grid.y);  // +x, then +y
    return hops(dst.x, src.x, grid.x) + hops(dst.y, src.y, grid.y);                       // -y, then -x
}

}  // namespace tt::tt_metal::experimental::Device

// ---- Inspector

namespace tt::tt_metal::experimental::inspector {

bool IsEnabled() { return false; }
void EmitMeshWorkloadAnnotation(distributed::MeshWorkload&, std::string_view, std::string_view) {}
void EmitMeshWorkloadRuntimeId(distributed::MeshWorkload&, uint64_t) {}

}  // namespace tt::tt_metal::experimental::inspector

namespace tt::tt_metal::experimental {

// ---- Kernel cache

void ClearKernelCache() { ttemu::ForgetLoadedKernels(); }

// ---- Mock mode

namespace {

struct MockConfig {
    tt::ARCH arch;
    uint32_t num_chips;
};
std::mutex g_mock_mutex;
std::optional<MockConfig> g_mock;

}  // namespace

void configure_mock_mode(tt::ARCH arch, uint32_t num_chips) {
    std::lock_guard lock(g_mock_mutex);
    g_mock = MockConfig{arch, num_chips};
}

void configure_mock_mode_from_hw() { configure_mock_mode(tt::ARCH::WORMHOLE_B0, 1); }  // the emulated card's

void disable_mock_mode() {
    std::lock_guard lock(g_mock_mutex);
    g_mock.reset();
}

bool is_mock_mode_registered() {
    std::lock_guard lock(g_mock_mutex);
    return g_mock.has_value();
}

std::optional<std::string> get_mock_cluster_desc() {
    std::lock_guard lock(g_mock_mutex);
    if (!g_mock) return std::nullopt;
    // UMD's example cluster descriptors tt-metal's mock mode names for each machine it describes.
    struct Described {
        tt::ARCH arch;
        uint32_t chips;
        const char* file;
    };
    static constexpr Described kDescriptors[] = {
        {tt::ARCH::WORMHOLE_B0, 1, "wormhole_N150.yaml"},   {tt::ARCH::WORMHOLE_B0, 2, "wormhole_N300.yaml"},
        {tt::ARCH::WORMHOLE_B0, 4, "2x2_n300_cluster_desc.yaml"}, {tt::ARCH::WORMHOLE_B0, 8, "t3k_cluster_desc.yaml"},
        {tt::ARCH::WORMHOLE_B0, 32, "tg_cluster_desc.yaml"},  {tt::ARCH::BLACKHOLE, 1, "blackhole_P150.yaml"},
        {tt::ARCH::BLACKHOLE, 2, "blackhole_P300_both_mmio.yaml"},
    };
    for (const Described& d : kDescriptors)
        if (d.arch == g_mock->arch && d.chips == g_mock->num_chips) return std::string(d.file);
    ttemu::Throw("Unsupported mock device configuration: arch=", static_cast<int>(g_mock->arch),
                 ", num_chips=", g_mock->num_chips);
}

// ---- Dispatch switched at run time

std::unique_ptr<DispatchContext, DispatchContext::Deleter> DispatchContext::dispatch_context_ptr_ = nullptr;

DispatchContext& DispatchContext::get() {
    if (!dispatch_context_ptr_) dispatch_context_ptr_.reset(new DispatchContext());
    return *dispatch_context_ptr_;
}

void DispatchContext::initialize_fast_dispatch(distributed::MeshDevice* mesh_device) {
    if (mesh_device->get_devices().empty()) return;  // an inactive mesh
    fast_dispatch_enabled_ = !ttemu::GetSettings().slow_dispatch;
    if (fast_dispatch_enabled_)
        ttemu::Throw("Fast Dispatch can only be manually enabled when running the workload with Slow Dispatch mode.");
    if (num_fd_inits_ != 0) ttemu::Throw("Fast Dispatch can only be manually initialized and torn down once.");
    ttemu::Throw("Manually setting up and tearing down Fast Dispatch is only supported on Galaxy and Blackhole "
                 "clusters.");  // the emulated device is one Wormhole card
}

void DispatchContext::terminate_fast_dispatch(distributed::MeshDevice* mesh_device) {
    if (mesh_device->get_devices().empty()) return;
    if (!fast_dispatch_enabled_) ttemu::Throw("Can only manually terminate fast dispatch after initializing it.");
    if (num_fd_inits_ != 1) ttemu::Throw("Fast Dispatch can only be manually terminated and torn down once.");
}

// The emulated slow-dispatch queue runs each call to its end before it returns, which an asynchronous one may also
// do: enabling it checks what tt-metal checks and changes nothing else.
void DispatchContext::enable_asynchronous_slow_dispatch(distributed::MeshDevice*) {
    if (!ttemu::GetSettings().slow_dispatch)
        ttemu::Throw("enable_asynchronous_slow_dispatch can only be called when Fast Dispatch is disabled.");
}

void DispatchContext::disable_asynchronous_slow_dispatch(distributed::MeshDevice*) {
    if (ttemu::GetSettings().slow_dispatch)
        ttemu::Throw("disable_asynchronous_slow_dispatch can only be called when Fast Dispatch is enabled.");
    throw std::bad_cast();  // tt-metal then takes the fast-dispatch queue for a slow-dispatch one
}

}  // namespace tt::tt_metal::experimental
