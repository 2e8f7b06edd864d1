#include "device_memory.h"

#include "confine.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

static_assert(ttemu::kL1Size % 4096 == 0 && ttemu::kL1WindowBase % 4096 == 0, "L1 must map page by page");

namespace ttemu {
namespace {

std::string Errno(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

// Reserves the window range once per process, so later MAP_FIXED remaps never clobber anything else.
void ReserveWindow() {
    static const bool reserved = [] {
        void* p = mmap(reinterpret_cast<void*>(kL1WindowBase), kL1Size - kL1WindowBase, PROT_NONE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE | MAP_NORESERVE, -1, 0);
        if (p != reinterpret_cast<void*>(kL1WindowBase))
            throw std::runtime_error(Errno("tt-metal emulator: cannot reserve the L1 window at 0x10000") +
                                     " (kernels address L1 through raw pointers; is vm.mmap_min_addr above 65536?)");
        // And one inaccessible page right above it, which stays mapped: a window remapped (MapWindow) is then never
        // the only mapping its page tables serve, so the kernel keeps them instead of freeing every level of them
        // and allocating them again at each remap. Best effort: without it, remaps only cost more.
        void* keeper = mmap(reinterpret_cast<void*>(kL1Size), 4096, PROT_NONE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE | MAP_NORESERVE, -1, 0);
        (void)keeper;
        return true;
    }();
    (void)reserved;
}

}  // namespace

DeviceMemory::DeviceMemory() {
    ReserveWindow();
    size_ = std::size_t(kNumDramBanks) * kDramBankSize + std::size_t(kNumCoresL1) * kL1Size +
            std::size_t(kNumEthCores) * kEthL1Size;
    fd_ = memfd_create("tt-metal-emu-device", MFD_CLOEXEC);
    if (fd_ < 0) throw std::runtime_error(Errno("tt-metal emulator: memfd_create"));
    if (ftruncate(fd_, static_cast<off_t>(size_)) != 0) {
        close(fd_);
        throw std::runtime_error(Errno("tt-metal emulator: sizing device memory"));
    }
    void* p = mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd_, 0);
    if (p == MAP_FAILED) {
        close(fd_);
        throw std::runtime_error(Errno("tt-metal emulator: mapping device memory"));
    }
    base_ = static_cast<std::uint8_t*>(p);
    RegisterDeviceFd(fd_);  // a confined launch's worker keeps it (the L1 window is mapped from it)
}

DeviceMemory::~DeviceMemory() {
    UnregisterDeviceFd(fd_);
    munmap(base_, size_);
    close(fd_);
}

void DeviceMemory::MapWindow(std::uint32_t x, std::uint32_t y) const {
    void* want = reinterpret_cast<void*>(kL1WindowBase);
    void* p = mmap(want, kL1Size - kL1WindowBase, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd_,
                   static_cast<off_t>(L1Offset(x, y) + kL1WindowBase));
    if (p != want) throw std::runtime_error(Errno("tt-metal emulator: mapping the L1 window"));
}

}  // namespace ttemu
