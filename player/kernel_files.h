// The kernel sources a log carries, written out for the replay to compile: each kernel's files in its own folder
// under one private temporary folder (removed at the end), and the files the capture found below TT_METAL_HOME in
// one replay home shared by every kernel, as the original program shared its home. Every path is checked to stay
// inside its folder, and two kernels may not disagree about the content of a home file — else a LogError.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "schema/trace.capnp.h"

namespace ltcap {

class KernelFiles {
public:
    struct File {
        std::string path, content;
        bool from_home;  // path is below TT_METAL_HOME (schema SourceFile.fromHome)
    };
    // `on_home(folder)` is told once where the replay home is, when the first kernel needs it (the player tells the
    // emulated tt-metal to search it).
    explicit KernelFiles(std::function<void(const std::string&)> on_home = {});
    ~KernelFiles();  // removes the temporary folder
    KernelFiles(const KernelFiles&) = delete;
    KernelFiles& operator=(const KernelFiles&) = delete;

    // `kernel_text`, when given, replaces the kernel file's content (an edit at replay: replay_edits.h).
    void Add(schema::KernelSource::Reader source, const std::string* kernel_text = nullptr);
    void Add(std::uint64_t id, std::vector<File> files);  // the kernel file first
    // The path of kernel source `id`'s kernel file, its files written out on first use. Source 0 (the capture could
    // not read the program's file) gives a path that does not exist, so tt-metal fails as it did.
    std::string Path(std::uint64_t id);
    // The kernel file's text (the runtime-compiled kernels' form).
    std::string Text(std::uint64_t id) const;
    // A source the capture could not read (KernelSource.unreadable): the file as the program named it and why.
    struct Unreadable {
        std::string path, why;
        bool used = false;  // a replayed call asked for its path (and the kernel could not be compiled from it)
    };
    // The unreadable sources a replayed call asked for, for the verdict.
    std::vector<Unreadable> UsedUnreadable() const;
    // The temporary folder, empty until a kernel needed it.
    const std::string& folder() const { return folder_; }

private:
    const std::string& Folder();
    const std::string& Home();
    std::function<void(const std::string&)> on_home_;
    std::map<std::uint64_t, std::vector<File>> sources_;  // id → its files, the kernel file first
    std::map<std::uint64_t, std::string> paths_;           // id → kernel file written
    std::map<std::uint64_t, Unreadable> unreadable_;       // id → a source the capture could not read
    std::map<std::string, std::string> home_files_;        // the replay home: path → content
    std::string folder_, home_;
};

}  // namespace ltcap
