// Where a kernel's TensorAccessorArgs words came from (v0.67.0 and later). A program describes a buffer to a kernel
// with `TensorAccessorArgs(*buffer).append_to(compile_args)`, then hands a copy of that vector to CreateKernel; the
// kernel reads the words back with TensorAccessorArgs<offset>(), whose layout is its release's. For a replay on a
// release with another layout to recompute them, the log says which words of each kernel's compile-time args which
// object appended, for which buffer (schema TensorAccessorUse). The shim's hooks (tensor_accessor_hooks.cc) tell the
// ledger what they see; the kernel config's encoder asks it about the args CreateKernel got:
//   ledger.Made(object, {buffer_key, false, config});            // TensorAccessorArgs(const Buffer&, config)
//   ledger.Appended(object, &vec, size_before, vec.data(), vec.size());   // after append_to(vec)
//   for (const AccessorSpan& s : ledger.SpansIn(config.compile_args)) …
// CreateKernel gets a copy, so the vector is recognized by its words: a vector whose words, as its last append left
// them, are all the args (a vector the program added words to after its last append is not recognized: taking a
// vector whose words only begin the args would take another kernel's `{2}` for the start of `{2, 5, 40, …}`); among
// equals, one no kernel took yet, the oldest (programs build a reader's and a writer's args, then make both kernels),
// else the one appended to last (one vector for several kernels). A vector at an address another had is told apart
// by its words: an append to a vector whose earlier words are not the ones recorded starts its record anew. An object
// is known by its address: a copy made later where a seen object was (the copy constructor is inline, so unseen) is
// taken for that object — the replay that makes the words again checks that the config word it makes is the one
// recorded (player/replay_decode.cc). No tt-metal dependency; bounded; thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <mutex>
#include <span>
#include <unordered_map>
#include <vector>

namespace ltcap {

// What one TensorAccessorArgs object was made for.
struct AccessorSource {
    std::uint64_t buffer = 0;  // the shim's key of its Buffer or MeshBuffer (0: none)
    bool mesh_buffer = false;
    std::uint32_t config = 0;  // the ArgsConfig asked for
    bool operator==(const AccessorSource&) const = default;
};

// Words of a kernel's compile-time args one object appended.
struct AccessorSpan {
    std::uint32_t offset = 0, count = 0;
    bool known = false;  // the object's making was seen (else `source` is empty)
    AccessorSource source;
    bool operator==(const AccessorSpan&) const = default;
};

class AccessorLedger {
public:
    static constexpr std::size_t kMaxObjects = 4096;  // past it, the oldest are forgotten (their spans: not known)
    static constexpr std::size_t kMaxVectors = 256;
    static constexpr std::size_t kMaxWords = 4096;    // a vector longer than this is not recorded

    void Made(const void* object, AccessorSource source) noexcept;
    // `object` appended words [offset, size) of the vector at `vector`, whose words are now `words[0, size)`.
    void Appended(const void* object, const void* vector, std::size_t offset, const std::uint32_t* words,
                  std::size_t size) noexcept;
    // The spans of `args` appended by TensorAccessorArgs, by offset (none: no recorded vector's words are `args`).
    std::vector<AccessorSpan> SpansIn(std::span<const std::uint32_t> args) noexcept;

private:
    struct Vector {
        const void* address;
        std::vector<std::uint32_t> words;  // as its last append left them
        std::vector<AccessorSpan> spans;
        std::uint64_t appended;            // when it was appended to last
        std::uint64_t taken = 0;           // when a kernel took its words last (0: never)
    };
    std::mutex mutex_;
    std::uint64_t clock_ = 0;
    std::unordered_map<const void*, std::pair<AccessorSource, std::uint64_t>> objects_;  // → source, when made
    std::list<Vector> vectors_;  // the most recently appended to first
};

// The process's ledger (the hooks' and the encoder's).
AccessorLedger& Accessors() noexcept;

}  // namespace ltcap
