// Edits at replay (ltplay --replace-kernel, --replace-write): a kernel's source replaced by a file, a write's data
// replaced by a file's bytes. The edits are matched against the log in its index pass (the replay checks the whole
// log before it executes anything when there are edits), so an edit that matches nothing, or matches ambiguously, is
// refused before any call runs. A kernel edit replaces only the kernel file's text: its includes, compile-time
// arguments and defines stay as the program gave them.
//   ReplayEdits edits;
//   edits.AddKernel("reader.cpp", text, "fixed_reader.cpp");   // by path (or its last components), or "@ID"
//   edits.AddWrite("12", bytes, "inputs/a.bin");                // by call number, or "buffer#7" for its writes
//   decoder.Add(&edits);  … index pass …  edits.Finish();       // throws EditError naming an unmatched edit
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "player/decoded_call.h"

namespace ltcap {

// An edit the log cannot take (unmatched, ambiguous, of the wrong size), or a malformed one.
class EditError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class ReplayEdits : public EntryConsumer {
public:
    // `which`: "@ID" (a kernel source id, as `ltcap extract`'s index.json lists it), or a path: the kernel file's
    // path as the program gave it, or its last components ("reader.cpp", "dataflow/reader.cpp"). `file`: for
    // messages. Throws EditError for an empty `which`.
    void AddKernel(const std::string& which, std::string text, std::string file);
    // `which`: a call number ("12", as ltdump and `ltcap extract` number calls) — that call's data — or "buffer#ID":
    // the data of every write to that buffer (a call with one data argument naming the buffer). The bytes must be
    // exactly as many as each matched write recorded.
    void AddWrite(const std::string& which, std::vector<std::uint8_t> bytes, std::string file);

    bool empty() const { return kernels_.empty() && writes_.empty(); }
    bool edits_kernels() const { return !kernels_.empty(); }

    // The index pass (EntryConsumer): writes and kernel sources matched.
    void OnCall(const DecodedCall& c) override;
    void OnKernelSource(schema::KernelSource::Reader k) override;
    // After the index pass: throws EditError for the first edit that matched nothing.
    void Finish() const;

    // The text kernel source `id` has instead of its kernel file's, or null when it is not edited.
    const std::string* KernelText(std::uint64_t id) const;
    // The data each edited call writes instead (call → bytes), once matched; moved out by the replay.
    std::map<std::uint64_t, std::vector<std::uint8_t>> TakeWrites();

    // "kernel reader.cpp (2 sources) from fix.cpp; call #12's data from a.bin": what was edited, for the verdict.
    std::string Describe() const;

private:
    struct KernelEdit {
        std::string which, text, file;
        std::set<std::string> paths;  // the captured paths it matched
        std::uint64_t sources = 0;
    };
    struct WriteEdit {
        std::string which, file;
        std::vector<std::uint8_t> bytes;
        bool by_buffer = false;
        std::uint64_t id = 0;  // the call, or the buffer's global id
        std::uint64_t writes = 0;
    };
    std::vector<KernelEdit> kernels_;
    std::vector<WriteEdit> writes_;
    std::map<std::uint64_t, std::size_t> kernel_of_source_;  // kernel source id → its edit
    std::map<std::uint64_t, std::size_t> write_of_call_;      // call → its edit
};

}  // namespace ltcap
