// What a call names: each argument's and the result's encoder returns a Named, and the call collects them in its
// Facts (encode.h). The tracker (track.cc) and the roles' after-call work read the call from there.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "interpose/object_ids.h"

namespace ltcap {

// What one argument or result names, as its encoder returns it: an object (its kind, global id, and the key the
// shim found it by — a pointer, a program's id and a handle), or a core spec (a hash of its ranges), or nothing.
// Sixteen bytes, so an encoder returns it in registers: the kind shares a word with the id (ids are counters, far
// below 2^48), a core spec's hash takes the key's place.
class Named {
public:
    Named() = default;
    Named(Kind kind, std::uint64_t id, std::uint64_t key)
        : kind_id_(static_cast<std::uint64_t>(kind) << kIdBits | (id & kIdMask)), key_(key) {}
    static Named Cores(std::uint64_t hash) {
        Named n;
        n.key_ = hash;
        return n;
    }
    Kind kind() const { return static_cast<Kind>(kind_id_ >> kIdBits); }
    std::uint64_t id() const { return kind_id_ & kIdMask; }
    std::uint64_t key() const { return kind() == Kind::none ? 0 : key_; }
    std::uint64_t cores() const { return kind() == Kind::none ? key_ : 0; }

private:
    friend struct Facts;
    struct Raw {  // its words, uninitialized until stored (Facts' slots)
        std::uint64_t kind_id, key;
    };
    explicit Named(Raw r) : kind_id_(r.kind_id), key_(r.key) {}
    Raw raw() const { return {kind_id_, key_}; }

    static constexpr int kIdBits = 48;
    static constexpr std::uint64_t kIdMask = (std::uint64_t{1} << kIdBits) - 1;
    std::uint64_t kind_id_ = 0;  // Kind::none (0) in the top bits: not an object
    std::uint64_t key_ = 0;
};

// What a call's arguments and result named, collected from what its encoders return, in argument order. The
// tracker (track.cc) and the roles' after-call work read the call from here; an encoder that needs an earlier
// argument (a kernel handle needs its program) reads it here too. Built for every call: nothing is zeroed up front
// (the constructor is user-provided, so value-initialization does not clear the slots), and adding is inline.
struct Facts {
    Facts() {}  // NOLINT: user-provided on purpose (see above)
    Named created;                             // the object the call made (its result)
    std::weak_ptr<void> created_buffer;        // the Buffer or MeshBuffer (as `created` says) snapshots read back
    std::uint64_t cores = 0;                   // the cores it names (runtime-args records replace by target)

    void Add(Named n) {
        if (n.kind() == Kind::none) {
            if (n.cores()) cores = (cores ^ n.cores()) * 0x100000001b3ull + 0x9E3779B97F4A7C15ull;
            return;
        }
        if (count_ < kInline) [[likely]] slots_[count_] = n.raw();
        else AddMore(n);
        count_++;
    }
    // The first object of `kind` the call named (0 if none).
    std::uint64_t Id(Kind kind) const { return First(kind).id(); }
    std::uint64_t Key(Kind kind) const { return First(kind).key(); }
    template <typename Fn>
    void Each(Kind kind, Fn fn) const {
        for (std::size_t i = 0; i < count_; i++)
            if (const Named n = At(i); n.kind() == kind) fn(n);
    }

private:
    static constexpr std::size_t kInline = 8;
    [[gnu::noinline]] void AddMore(Named n) { more_.push_back(n); }  // CloseDevices of a large mesh
    Named At(std::size_t i) const { return i < kInline ? Named(slots_[i]) : more_[i - kInline]; }
    Named First(Kind kind) const {
        for (std::size_t i = 0; i < count_; i++)
            if (const Named n = At(i); n.kind() == kind) return n;
        return {};
    }
    Named::Raw slots_[kInline];  // the first count_ are set
    std::vector<Named> more_;
    std::size_t count_ = 0;
};

}  // namespace ltcap
