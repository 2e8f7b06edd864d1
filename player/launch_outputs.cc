#include "player/launch_outputs.h"

#include <unistd.h>

#include <cinttypes>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace ltcap {

std::uint64_t PageDigest(const std::uint8_t* bytes, std::uint64_t size) {
    return XXH3_64bits(size ? bytes : nullptr, static_cast<std::size_t>(size));
}

LaunchOutputs::LaunchOutputs(const std::string& dir, CallRange data) : dir_(dir), data_(data) {
    const int fd = dir_.Open("launches.txt");
    list_ = fdopen(fd, "w");
    if (!list_) {
        close(fd);
        throw std::runtime_error("cannot write " + dir + "/launches.txt: " + std::strerror(errno));
    }
}

LaunchOutputs::~LaunchOutputs() {
    if (list_) std::fclose(list_);
}

namespace {
// Names come from a log: one line each, no control character.
std::string OneLine(std::string s) {
    for (char& c : s)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    return s;
}
}  // namespace

void LaunchOutputs::Write(LaunchRecord& r) {
    std::fprintf(list_, "launch %" PRIu64 " seq %" PRIu64 " dtype %s function %s program %s\n", r.launch, r.seq,
                 OneLine(r.dtype).c_str(), OneLine(r.function).c_str(), OneLine(r.program).c_str());
    std::fprintf(list_, "cores %s\n", OneLine(r.cores).c_str());
    for (LaunchRecord::Buffer& b : r.buffers) {
        b.bytes = b.data.size();
        const std::uint64_t page = b.page_size && b.page_size <= b.bytes ? b.page_size : b.bytes;
        b.pages.clear();
        if (b.bytes == 0) b.pages.push_back(PageDigest(nullptr, 0));
        for (std::uint64_t at = 0; at < b.bytes; at += page)  // page > 0 here
            b.pages.push_back(PageDigest(b.data.data() + at, std::min(page, b.bytes - at)));
        std::fprintf(list_, "buffer %" PRIu64 " bytes %" PRIu64 " page_size %" PRIu64 " pages ", b.id, b.bytes, page);
        for (std::size_t i = 0; i < b.pages.size(); i++)
            std::fprintf(list_, "%s%016" PRIx64, i ? "," : "", b.pages[i]);
        std::fputc('\n', list_);
        if (data_.Contains(r.seq))
            dir_.WriteFile("launch" + std::to_string(r.launch) + ".buffer" + std::to_string(b.id) + ".bin",
                           b.data.data(), b.data.size());
    }
    if (std::fflush(list_) != 0) throw std::runtime_error("cannot write " + dir_.path() + "/launches.txt");
}

std::vector<LaunchRecord> ReadLaunchOutputs(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::vector<LaunchRecord> out;
    std::string line;
    for (std::uint64_t n = 1; std::getline(in, line); n++) {
        const auto bad = [&] { return std::runtime_error(path + ":" + std::to_string(n) + ": not a launch record"); };
        std::istringstream words(line);
        std::string kind, key;
        words >> kind;
        if (kind == "launch") {
            LaunchRecord r;
            std::string k1, k2, k3, k4;
            if (!(words >> r.launch >> k1 >> r.seq >> k2 >> r.dtype >> k3 >> r.function >> k4) || k1 != "seq" ||
                k2 != "dtype" || k3 != "function" || k4 != "program")
                throw bad();
            std::getline(words >> std::ws, r.program);
            out.push_back(std::move(r));
        } else if (kind == "cores" && !out.empty()) {
            std::getline(words >> std::ws, out.back().cores);
        } else if (kind == "buffer" && !out.empty()) {
            LaunchRecord::Buffer b;
            std::string k1, k2, k3, pages;
            if (!(words >> b.id >> k1 >> b.bytes >> k2 >> b.page_size >> k3 >> pages) || k1 != "bytes" ||
                k2 != "page_size" || k3 != "pages")
                throw bad();
            std::istringstream list(pages);
            for (std::string digest; std::getline(list, digest, ',');) {
                char* end = nullptr;
                b.pages.push_back(std::strtoull(digest.c_str(), &end, 16));
                if (digest.empty() || *end) throw bad();
            }
            out.back().buffers.push_back(std::move(b));
        } else {
            throw bad();
        }
    }
    return out;
}

}  // namespace ltcap
