#include "interpose/binary_store.h"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "interpose/real_library.h"
#include "interpose/report.h"
#include "interpose/session.h"
#include "schema/trace_layout.h"
#include "schema/wire.h"

namespace ltcap {
namespace L = layout;
namespace fs = std::filesystem;

namespace {

using ListBuilds = std::size_t (*)(std::size_t, void (*)(const char*, const char*, const char*, unsigned, void*),
                                   void*) noexcept;

struct File {
    std::string path, bytes;
    bool executable = false;
};

// Every regular file of the build's folder, in path order; false (with `why`) past the bounds or on a read error.
bool ReadFolder(const fs::path& dir, std::vector<File>& files, std::string& why) {
    std::error_code ec;
    std::uint64_t total = 0;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (!it->is_regular_file(ec)) continue;
        if (it->path().filename().string().find(".tmp") != std::string::npos) continue;  // being written
        if (files.size() == BinaryStore::kMaxFiles)
            return why = "more than " + std::to_string(BinaryStore::kMaxFiles) + " files", false;
        File f;
        f.path = it->path().lexically_relative(dir).generic_string();
        std::ifstream in(it->path(), std::ios::binary);
        f.bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        if (!in.good() && !in.eof()) return why = "cannot read " + it->path().string(), false;
        total += f.bytes.size();
        if (total > BinaryStore::kMaxBytes)
            return why = "more than " + std::to_string(BinaryStore::kMaxBytes >> 20) + " MiB", false;
        struct stat st {};
        f.executable = ::stat(it->path().c_str(), &st) == 0 && (st.st_mode & S_IXUSR);
        files.push_back(std::move(f));
    }
    if (ec) return why = ec.message(), false;
    std::sort(files.begin(), files.end(), [](const File& a, const File& b) { return a.path < b.path; });
    return true;
}

}  // namespace

bool BinaryStore::Listed() noexcept {
    static real::Symbol<ListBuilds> list("ttemu_kernel_builds");
    return list.find() != nullptr;
}

void BinaryStore::Poll(Session* log) noexcept {
    static real::Symbol<ListBuilds> list("ttemu_kernel_builds");
    if (!log) return;
    try {
        const auto fn = list.find();
        if (!fn) return;
        std::lock_guard lock(mutex_);
        const bool fresh_log = log->serial() != log_;
        if (!fresh_log && fn(0, nullptr, nullptr) <= seen_) return;
        const std::size_t before = builds_.size();
        seen_ = fn(seen_, [](const char* root, const char* folder, const char* kernel, unsigned abi, void* to) {
            static_cast<std::vector<Build>*>(to)->push_back({root, folder, kernel, abi});
        }, &builds_);
        for (std::size_t i = fresh_log ? 0 : before; i < builds_.size(); i++) Record(log, builds_[i]);
        log_ = log->serial();
    } catch (const std::exception& e) {
        report::Fail(std::string("cannot record a kernel build: ") + e.what());
    }
}

void BinaryStore::Record(Session* log, const Build& b) {
    std::vector<File> files;
    std::string why;
    if (!ReadFolder(fs::path(b.root) / b.folder, files, why)) {
        report::Line("kernel " + b.kernel + "'s build " + b.folder + " is not recorded (" + why +
                     "): a replay must compile it");
        return;
    }
    std::vector<std::uint64_t> blobs;
    for (const File& f : files) blobs.push_back(log->Blob(f.bytes.data(), f.bytes.size()));
    wire::Message m;
    auto e = m.InitRoot(L::Entry::kSize);
    auto k = m.InitStruct<L::Entry>(e, L::Entry::f_kernelBinary, L::KernelBinary::kSize);
    m.Set<L::KernelBinary>(k, L::KernelBinary::f_id, ++next_);
    m.SetText<L::KernelBinary>(k, L::KernelBinary::f_kernelName, b.kernel);
    m.SetText<L::KernelBinary>(k, L::KernelBinary::f_folder, b.folder);
    auto t = m.InitStruct<L::KernelBinary>(k, L::KernelBinary::f_target, L::BuildTarget::kSize);
    m.SetText<L::BuildTarget>(t, L::BuildTarget::f_device, "emulator");
    m.SetText<L::BuildTarget>(t, L::BuildTarget::f_ttMetalVersion, log->release());
    m.SetText<L::BuildTarget>(t, L::BuildTarget::f_arch, "wormhole_b0");
    m.Set<L::BuildTarget>(t, L::BuildTarget::f_kernelAbi, std::uint32_t{b.abi});
    auto list = m.InitStructList<L::KernelBinary>(k, L::KernelBinary::f_files, files.size(), L::BinaryFile::kSize);
    for (std::size_t i = 0; i < files.size(); i++) {
        auto f = m.Element(list, i);
        m.SetText<L::BinaryFile>(f, L::BinaryFile::f_path, files[i].path);
        if (files[i].executable) m.Set<L::BinaryFile>(f, L::BinaryFile::f_executable, true);
        auto d = m.InitStruct<L::BinaryFile>(f, L::BinaryFile::f_data, L::DataRef::kSize);
        m.Set<L::DataRef>(d, L::DataRef::f_blob, blobs[i]);
        m.Set<L::DataRef>(d, L::DataRef::f_size, std::uint64_t{files[i].bytes.size()});
        m.Set<L::DataRef>(d, L::DataRef::f_elementType, static_cast<std::uint16_t>(L::ElementType::bytes));
    }
    log->Emit(m);
}

}  // namespace ltcap
