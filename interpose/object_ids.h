// Global object ids: every tt-metal object a call names gets a 64-bit id, unique within the process across all
// kinds (0 = none), keyed by what identifies it to the shim (a pointer, a program's id and a kernel handle, …). The
// log never holds a raw pointer as an identity.
//   ObjectIds ids;
//   ids.Id(Kind::buffer, key);      // the buffer's id, given on first sight
//   ids.NewId(Kind::buffer, key);   // a buffer a call just made: a fresh id, even at a recycled key
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <utility>

#include "schema/trace_layout.h"

namespace ltcap {

using Kind = layout::ObjectKind;

class ObjectIds {
public:
    std::uint64_t Id(Kind kind, std::uint64_t key) noexcept;
    std::uint64_t NewId(Kind kind, std::uint64_t key) noexcept;
    // A second key for an object that has an id (a kernel is a program's handle and a Kernel object).
    void Alias(Kind kind, std::uint64_t key, std::uint64_t id) noexcept;
    std::mutex& mutex() noexcept { return mutex_; }  // held across fork (process_hooks.cc)

private:
    std::mutex mutex_;
    std::uint64_t next_id_ = 0;
    std::map<std::pair<Kind, std::uint64_t>, std::uint64_t> ids_;
};

}  // namespace ltcap
