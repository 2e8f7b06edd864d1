#include "player/cpp_export.h"

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include <capnp/message.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <memory>
#include <stdexcept>
#include <vector>

#include "common/output_dir.h"
#include "common/write_fully.h"
#include "player/cpp_calls.h"
#include "player/decoded_call.h"
#include "player/format.h"
#include "player/log_check.h"
#include "player/log_reader.h"

namespace ltcap {

extern const char kReproHeader[];  // player/repro/ltcap_repro.h, embedded (player/BUILD.bazel)

namespace {

// A path from the log, to write below a folder of the export: relative, '/'-separated, no empty, "." or ".." part.
bool PlainRelative(const std::string& path) {
    if (path.empty() || path.front() == '/' || path.size() > 1024 || path.find('\0') != std::string::npos) return false;
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t end = std::min(path.find('/', start), path.size());
        const std::string part = path.substr(start, end - start);
        if (part.empty() || part == "." || part == "..") return false;
        start = end + 1;
    }
    return true;
}

// "#12 [t1] createKernel(...)" as a comment line: the log's text, which may hold anything, printable and on one line.
std::string Comment(const DecodedCall& c) {
    std::string text = c.Text();
    if (text.size() > 300) text = text.substr(0, 300) + " ...";
    std::string out = "// #" + std::to_string(c.seq) + (c.synthesized ? " [snapshot] " : " ") + Printable(text.data(), text.size(), 400);
    for (char& ch : out)
        if (ch == '\n' || ch == '\r' || ch == '\\') ch = ' ';  // a trailing backslash would continue the comment
    return out;
}

void WriteText(const OutputDir& out, const std::string& relative, const std::string& text) {
    out.WriteFile(relative, text.data(), text.size());
}

// Pass 1: the returns (by call), the recorded reads, the kernel sources (written out here), how the process ended.
class Index : public EntryConsumer {
public:
    Index(const OutputDir& out, CppProgram& program, CppExportSummary& summary)
        : out_(out), p_(program), summary_(summary) {}

    void OnReturn(const DecodedReturn& r) override {
        auto message = std::make_unique<capnp::MallocMessageBuilder>();
        message->setRoot(r.entry);
        returns_[r.seq] = std::move(message);
    }
    void OnReadData(schema::ReadData::Reader r) override {
        p_.reads[r.getSeq()].emplace_back(r.getOffset(), r.getData().getSize(), r.getData().getBlob());
        summary_.reads++;
    }
    void OnKernelSource(schema::KernelSource::Reader k) override {
        const std::string named = k.getPath().cStr();
        if (k.getFiles().size() == 0) {  // unreadable when captured: the program names it as it did, and fails so
            p_.kernels[k.getId()] = {"", named};
            return;
        }
        const std::string folder = "kernels/" + std::to_string(k.getId()) + "/";
        std::string kernel_file;
        for (auto f : k.getFiles()) {
            const std::string path = f.getPath().cStr();
            if (!PlainRelative(path)) throw LogError("kernel source " + std::to_string(k.getId()) + " has a file named " + Printable(path.data(), path.size()));
            const std::string where = f.getFromHome() ? "home/" + path : folder + path;
            if (f.getFromHome()) p_.uses_home = true;
            const auto content = f.getContent();
            out_.WriteFile(where, content.begin(), content.size());
            if (kernel_file.empty()) kernel_file = where;
        }
        p_.kernels[k.getId()] = {kernel_file, named};
        summary_.kernels++;
    }
    void OnEnd(schema::End::Reader e) override { ended_ = HowItEnded(e); }

    schema::Return::Reader Return(std::uint64_t seq, bool& has) const {
        auto it = returns_.find(seq);
        has = it != returns_.end();
        return has ? it->second->getRoot<schema::Return>().asReader() : schema::Return::Reader();
    }
    const std::string& ended() const { return ended_; }

private:
    const OutputDir& out_;
    CppProgram& p_;
    CppExportSummary& summary_;
    std::map<std::uint64_t, std::unique_ptr<capnp::MallocMessageBuilder>> returns_;
    std::string ended_;
};

// Pass 2: the calls, in the log's order.
class Writer : public EntryConsumer {
public:
    Writer(CppProgram& program, const Index& index, CppExportSummary& summary)
        : p_(program), index_(index), summary_(summary) {}
    void OnCall(const DecodedCall& c) override {
        bool has_return = false;
        const schema::Return::Reader ret = c.ended_in_place() ? schema::Return::Reader() : index_.Return(c.seq, has_return);
        body_.push_back("");
        body_.push_back(Comment(c));
        try {
            ExportCall(p_, c, ret, has_return, body_);
        } catch (const LogError& e) {
            throw LogError("call #" + std::to_string(c.seq) + " " + c.Name() + ": " + e.what());
        }
        summary_.calls++;
    }
    const std::vector<std::string>& body() const { return body_; }

private:
    CppProgram& p_;
    const Index& index_;
    CppExportSummary& summary_;
    std::vector<std::string> body_;
};

// Pass 3: the payloads the program reads, each as one file (a blob's chunks come one after another).
class Blobs : public EntryConsumer {
public:
    Blobs(const OutputDir& out, const CppProgram& program) : out_(out), p_(program) {}
    void OnBlob(schema::Blob::Reader b) override {
        if (!p_.blobs_used.count(b.getId())) return;
        std::uint64_t& next = next_[b.getId()];
        if (b.getOffset() != next)
            throw LogError("blob " + std::to_string(b.getId()) + ": a chunk at byte " + std::to_string(b.getOffset()) +
                           " where " + std::to_string(next) + " was expected");
        const std::string name = "data/blob" + std::to_string(b.getId()) + ".bin";
        const int fd = out_.Open(name, next != 0);
        const auto data = b.getData();
        const bool ok = WriteFully(fd, data.begin(), data.size());
        const int saved = errno;
        ::close(fd);
        if (!ok) throw std::runtime_error("cannot write " + out_.path() + "/" + name + ": " + std::strerror(saved));
        next += data.size();
    }
    std::size_t written() const { return next_.size(); }

private:
    const OutputDir& out_;
    const CppProgram& p_;
    std::map<std::uint64_t, std::uint64_t> next_;
};

// The headers of the release the program includes (what the profile's description spells, api/api_types.h).
std::string Includes() {
    std::string s =
        "#include <algorithm>\n#include <array>\n#include <cstdint>\n#include <cstdio>\n#include <exception>\n"
        "#include <iterator>\n#include <map>\n#include <memory>\n#include <optional>\n#include <span>\n#include <string>\n"
        "#include <unordered_set>\n#include <utility>\n#include <vector>\n\n"
        "#include <tt-metalium/distributed.hpp>\n#include <tt-metalium/global_semaphore.hpp>\n"
        "#include <tt-metalium/host_api.hpp>\n#include <tt-metalium/tt_metal.hpp>\n";
#if LTCAP_HAS_DEVICE_POOL
    s += "#include <tt-metalium/device_pool.hpp>\n";
#endif
#if LTCAP_HAS_LIGHT_METAL
    s += "#include <tt-metalium/lightmetal_capture_utils.hpp>\n";
#endif
#if LTCAP_HAS_EVENT
    s += "#include <tt-metalium/event.hpp>\n";
#endif
#if LTCAP_HAS_DISTRIBUTED_HOST_BUFFER
    s += "#include <tt-metalium/distributed_host_buffer.hpp>\n";
#endif
#if LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER
    s += "#include <tt-metalium/global_circular_buffer.hpp>\n";
#endif
#if LTCAP_HAS_METAL_ENV
    s += "#include <tt-metalium/experimental/context/metal_env.hpp>\n";
#endif
#if LTCAP_HAS_MESH_QUEUE_CLASSES
    s += "#include <tt-metalium/mesh_command_queue.hpp>\n#include <tt-metalium/mesh_device.hpp>\n"
         "#include <tt-metalium/mesh_event.hpp>\n#include <tt-metalium/mesh_workload.hpp>\n"
         "#include <tt-metalium/sub_device.hpp>\n";
#endif
#if LTCAP_HAS_PROFILER_METADATA
    s += "#include <tt-metalium/profiler_types.hpp>\n#include <tt-metalium/tt_metal_profiler.hpp>\n";
#endif
    return s + "\n#include \"ltcap_repro.h\"\n";
}

std::string CMakeLists(const std::string& release, const std::string& target) {
    std::string s = "# Builds the reproducer `ltcap export --format cpp` wrote (tt-metal " + release + ").\n"
                    "cmake_minimum_required(VERSION 3.16)\nproject(" + target + " LANGUAGES CXX)\n"
                    "set(CMAKE_CXX_STANDARD 20)\nset(CMAKE_CXX_STANDARD_REQUIRED ON)\n";
    if (release == "v0.56.0") {
        // tt-metal v0.56.0 installs no CMake package: its prefix holds include/ and lib/libtt_metal.so.
        s += "set(TT_METAL_PREFIX \"\" CACHE PATH \"the tt-metal prefix: include/ and lib/libtt_metal.so\")\n"
             "if(NOT TT_METAL_PREFIX)\n  message(FATAL_ERROR \"set TT_METAL_PREFIX to the tt-metal prefix\")\nendif()\n"
             "add_executable(" + target + " main.cpp)\n"
             "target_include_directories(" + target + " PRIVATE ${TT_METAL_PREFIX}/include)\n"
             "target_link_libraries(" + target + " PRIVATE ${TT_METAL_PREFIX}/lib/libtt_metal.so dl)\n"
             "set_target_properties(" + target + " PROPERTIES BUILD_RPATH ${TT_METAL_PREFIX}/lib)\n";
    } else {
        s += "find_package(TT-Metalium REQUIRED)\nadd_executable(" + target + " main.cpp)\n"
             "target_link_libraries(" + target + " PRIVATE TT::Metalium dl)\n";
    }
    return s + "target_compile_options(" + target + " PRIVATE -Wno-deprecated-declarations)\n"
               "# The data folder the program reads by default (its first argument overrides it).\n"
               "target_compile_definitions(" + target + " PRIVATE LTCAP_REPRO_DIR=\"${CMAKE_CURRENT_SOURCE_DIR}\")\n";
}

}  // namespace

CppExportSummary ExportCpp(const std::string& log_path, const std::string& dir) {
    CppExportSummary summary;
    CppProgram program;
    OutputDir out(dir);
    std::string release, process, ended;
    bool slow_dispatch = false;
    {
        LogReader log(log_path);
        release = log.header().getTtMetalVersion().cStr();
        process = log.header().getProcessName().cStr();
        for (auto var : log.header().getEnvironment())
            if (var.getName() == "TT_METAL_SLOW_DISPATCH_MODE") slow_dispatch = true;
        LogChecker check;
        Index index(out, program, summary);
        NamingTheEntry(log, [&] { ForEachDecodedEntry(log, check, {&index}); });
        if (log.damaged()) throw LogError(log_path + ": damaged: " + log.truncation());
        Writer writer(program, index, summary);
        LogReader again(log_path);
        LogChecker check_again;
        NamingTheEntry(again, [&] { ForEachDecodedEntry(again, check_again, {&writer}); });
        ended = index.ended();

        std::string main = "// A standalone tt-metal " + release + " program written by `ltcap export --format cpp` from\n// " +
                           Printable(log_path.data(), log_path.size(), 400) + " (process " +
                           Printable(process.data(), process.size(), 100) + ", " + std::to_string(summary.calls) +
                           " calls" + (ended.empty() ? "" : "; " + ended) + ").\n"
                           "// It makes the log's calls again in the log's order, with the recorded arguments, kernels\n"
                           "// and data, and checks every read against the bytes the capture recorded: exit 0 when all\n"
                           "// match, 1 when one does not (README.md).\n" +
                           Includes() + "\nint main(int argc, char** argv) {\n"
                           "    ltcap_repro::Run run(argc, argv, LTCAP_REPRO_DIR);\n";
        main += std::string("    run.SlowDispatch(") + (slow_dispatch ? "true" : "false") + ");  // as the captured run\n";
        if (program.uses_home) main += "    run.KernelHome();\n";
        main += "    try {\n";
        for (const std::string& line : writer.body()) main += line.empty() ? "\n" : "        " + line + "\n";
        main += "\n        run.Finish();  // checks every read; ends the process as the captured one ended, objects and all\n"
                "    } catch (const std::exception& e) {\n"
                "        std::fprintf(stderr, \"ltcap_repro: a call threw: %s\\n\", e.what());\n"
                "        return 3;\n"
                "    }\n}\n";
        WriteText(out, "main.cpp", main);
    }
    {
        LogReader log(log_path);
        LogChecker check;
        Blobs blobs(out, program);
        NamingTheEntry(log, [&] { ForEachDecodedEntry(log, check, {&blobs}); });
        summary.blobs = blobs.written();
    }
    WriteText(out, "ltcap_repro.h", kReproHeader);
    WriteText(out, "CMakeLists.txt", CMakeLists(release, "repro"));
    const std::string build = release == "v0.56.0" ? "cmake -S . -B build -DTT_METAL_PREFIX=/path/to/tt-metal"
                                                    : "cmake -S . -B build -DCMAKE_PREFIX_PATH=/path/to/tt-metal";
    WriteText(out, "README.md",
              "# A reproducer of " + Printable(process.data(), process.size(), 100) + " (tt-metal " + release + ")\n\n"
              "Written by `ltcap export --format cpp` from a log of " + std::to_string(summary.calls) + " calls" +
              (ended.empty() ? "" : " (" + ended + ")") + ". `main.cpp` makes the same tt-metal calls with the same "
              "arguments, kernels (`kernels/`) and data (`data/`), then checks each of the " + std::to_string(summary.reads) +
              " recorded reads against the bytes the capture got.\n\n"
              "    " + build + "\n    cmake --build build\n    ./build/repro            # or ./build/repro DATA_FOLDER\n\n"
              "Exit status: 0 every read returned the recorded bytes; 1 one did not, or a call that threw when captured "
              "did not (each said on stderr); 2 a data file is missing; 3 a call threw that did not when captured.\n"
              "The calls run on one thread in the order the log holds them, whatever thread made each.\n");
    return summary;
}

}  // namespace ltcap
