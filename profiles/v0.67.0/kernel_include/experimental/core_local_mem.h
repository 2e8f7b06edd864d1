// tt-metal v0.67.0's experimental CoreLocalMem<T> (experimental/core_local_mem.h): a typed pointer into this core's
// L1, usable as a local source or destination of Noc transfers (args: an offset in bytes).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <type_traits>

#include "experimental/lock.h"
#include "experimental/noc.h"
#include "ttemu_kernel_release.h"

namespace experimental {

template <typename T, typename AddressType = uint32_t>
class CoreLocalMem {
    static_assert(std::is_integral<AddressType>::value && std::is_unsigned<AddressType>::value,
                  "AddressType must be an unsigned integral type");

public:
    explicit CoreLocalMem(AddressType address) : address_(address) {}
    explicit CoreLocalMem(T* ptr) : address_(static_cast<AddressType>(reinterpret_cast<uintptr_t>(ptr))) {}
    CoreLocalMem(const CoreLocalMem&) = default;
    CoreLocalMem& operator=(const CoreLocalMem&) = default;

    AddressType get_address() const { return address_; }
    T* get_unsafe_ptr() const { return reinterpret_cast<T*>(static_cast<uintptr_t>(address_)); }
    T& operator[](uint32_t index) const { return get_unsafe_ptr()[index]; }
    T& operator*() const { return *get_unsafe_ptr(); }
    T* operator->() const { return get_unsafe_ptr(); }
    CoreLocalMem operator+(uint32_t elements) const { return CoreLocalMem(address_ + elements * sizeof(T)); }
    CoreLocalMem& operator+=(uint32_t elements) {
        address_ += elements * sizeof(T);
        return *this;
    }
    bool operator==(const CoreLocalMem& other) const { return address_ == other.address_; }
    bool operator!=(const CoreLocalMem& other) const { return address_ != other.address_; }
    // A guard held while the memory is in use (tt-metal's debug tools track it; the emulator has nothing to release).
#if TTEMU_KERNEL_SCOPED_LOCK_SIZE
    [[nodiscard]] auto scoped_lock(size_t num_elements) {
        (void)num_elements;
        return Lock([] {});
    }
#else
    [[nodiscard]] auto scoped_lock() { return Lock([] {}); }
#endif

private:
    AddressType address_;
};

template <typename T, typename AddressType>
struct noc_traits_t<CoreLocalMem<T, AddressType>> {
    struct src_args_type {
        AddressType offset_bytes = 0;
    };
    struct dst_args_type {
        AddressType offset_bytes = 0;
    };
    struct dst_args_mcast_type {};
    template <Noc::AddressType address_type>
    static auto src_addr(const CoreLocalMem<T, AddressType>& src, const Noc&, const src_args_type& args) {
        static_assert(address_type == Noc::AddressType::LOCAL_L1, "CoreLocalMem can only be used as local L1 source");
        return static_cast<uint32_t>(src.get_address() + args.offset_bytes);
    }
    template <Noc::AddressType address_type>
    static auto dst_addr(const CoreLocalMem<T, AddressType>& dst, const Noc&, const dst_args_type& args) {
        static_assert(address_type == Noc::AddressType::LOCAL_L1, "CoreLocalMem can only be used as local L1 dest");
        return static_cast<uint32_t>(dst.get_address() + args.offset_bytes);
    }
};

}  // namespace experimental
