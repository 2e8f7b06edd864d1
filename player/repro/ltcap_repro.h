// ltcap_repro.h: what a program `ltcap export --format cpp` wrote needs besides tt-metal — its data files (the
// payloads the captured program wrote, the kernel sources, the bytes each read returned) and the check of every
// read against the recorded bytes. Header-only, C++17 and the standard library: it goes beside the generated
// program, which builds with nothing else than tt-metal.
//   int main(int argc, char** argv) {
//       ltcap_repro::Run run(argc, argv, LTCAP_REPRO_DIR);   // the export's folder, or argv[1]
//       ... tt-metal calls, with run.Pointer(3) for a write's data and run.Room(12, 4096) for a read's ...
//       return run.Finish();                                 // 0: every read returned the recorded bytes
//   }
#pragma once

#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ltcap_repro {

// The object a pointer or a shared_ptr points to: tt-metal hands a mesh buffer's device buffers out as either.
template <typename T>
T* Raw(T* p) {
    return p;
}
template <typename T>
T* Raw(const std::shared_ptr<T>& p) {
    return p.get();
}

class Run {
public:
    // The data folder is argv[1] when given, else `folder` (the export's, compiled in).
    Run(int argc, char** argv, const char* folder) : folder_(argc > 1 ? argv[1] : folder) {
        if (argc > 2 || (argc > 1 && argv[1][0] == '-')) {
            std::fprintf(stderr, "usage: %s [DATA_FOLDER]  (default %s)\n", argv[0], folder);
            std::exit(2);
        }
    }

    // A file of the export, by its path in the data folder.
    std::string Path(const std::string& relative) const { return folder_ + "/" + relative; }

    // The bytes of payload `blob` (data/blob<N>.bin), read once and kept for the whole run: the device may read a
    // non-blocking write's source after the call returns.
    const std::vector<std::uint8_t>& Bytes(std::uint64_t blob) {
        auto it = blobs_.find(blob);
        if (it == blobs_.end()) it = blobs_.emplace(blob, Load("data/blob" + std::to_string(blob) + ".bin")).first;
        return it->second;
    }
    const void* Pointer(std::uint64_t blob) { return Bytes(blob).data(); }
    const std::uint8_t* Bytes8(std::uint64_t blob) { return Bytes(blob).data(); }
    // A copy the call may write to (a `void*` it only reads, as tt-metal declares some).
    void* Mutable(std::uint64_t blob) {
        kept_.push_back(Bytes(blob));
        return kept_.back().data();
    }
    template <typename T>
    std::vector<T> Vector(std::uint64_t blob) {
        const auto& b = Bytes(blob);
        std::vector<T> out(b.size() / sizeof(T));
        if (!out.empty()) std::memcpy(static_cast<void*>(out.data()), b.data(), out.size() * sizeof(T));
        return out;
    }
    template <typename T>
    std::shared_ptr<std::vector<T>> Shared(std::uint64_t blob) {
        return std::make_shared<std::vector<T>>(Vector<T>(blob));
    }
    // A value kept for the run, for a call that takes it by non-const reference (or keeps a view of it).
    template <typename T>
    T& Keep(T value) {
        auto kept = std::make_shared<T>(std::move(value));
        T& ref = *kept;
        kept_values_.push_back(std::move(kept));
        return ref;
    }
    // Words kept for the run (a call taking a std::vector<std::uint32_t>& it only reads).
    std::vector<std::uint32_t>& Words(std::vector<std::uint32_t> words) {
        words_.push_back(std::move(words));
        return words_.back();
    }
    // The text of a file of the export (a kernel source given as text).
    std::string Text(const std::string& relative) {
        const auto b = Load(relative);
        return std::string(b.begin(), b.end());
    }

    // Where call `seq` reads `size` bytes to: kept until Finish, which compares what the recorded reads expect.
    std::vector<std::uint8_t>& Room(std::uint64_t seq, std::uint64_t size) {
        auto& room = rooms_[seq];
        room.assign(size, 0);
        return room;
    }
    // A read into words the call sizes itself, and one into a single word.
    std::vector<std::uint32_t>& OutWords(std::uint64_t seq) { return out_words_[seq]; }
    std::uint32_t& OutWord(std::uint64_t seq) { return out_word_[seq]; }
    // Call `seq` read the bytes of `blob` at `offset` of its destination (a recorded read piece).
    void Expect(std::uint64_t seq, std::uint64_t offset, std::uint64_t blob) { expected_.push_back({seq, offset, blob}); }

    // A call that threw when the program was captured must throw again.
    void Throws(std::uint64_t seq, const char* captured, const std::function<void()>& call) {
        try {
            call();
        } catch (const std::exception&) {
            return;
        } catch (...) {
            return;
        }
        std::fprintf(stderr, "ltcap_repro: call #%llu threw when captured (%s), and not now\n",
                     static_cast<unsigned long long>(seq), captured);
        failures_++;
    }

    // The dispatch mode the captured run used (tt-metal reads TT_METAL_SLOW_DISPATCH_MODE when a device opens): the
    // calls of one mode fail in the other.
    void SlowDispatch(bool slow) {
        if (slow) setenv("TT_METAL_SLOW_DISPATCH_MODE", "1", 1);
        else unsetenv("TT_METAL_SLOW_DISPATCH_MODE");
    }

    // The emulated device finds kernel includes that lay in the captured program's TT_METAL_HOME in the export's
    // home/ folder; a real tt-metal finds them in its own TT_METAL_HOME.
    void KernelHome() {
        using AddHome = void (*)(const char*) noexcept;
        if (auto add = reinterpret_cast<AddHome>(dlsym(RTLD_DEFAULT, "ttemu_add_kernel_home"))) add(Path("home").c_str());
    }

    // Compares every recorded read, says how many matched, and ends the process with 0 when all did (1 when not),
    // as the captured process ended: without destroying what the program had not released by then.
    [[noreturn]] void Finish() {
        std::uint64_t mismatches = 0, bytes = 0;
        for (const Expected& e : expected_) {
            const std::vector<std::uint8_t> want = Load("data/blob" + std::to_string(e.blob) + ".bin");
            const std::uint8_t* got = nullptr;
            std::uint64_t have = 0;
            if (auto r = rooms_.find(e.seq); r != rooms_.end()) {
                got = r->second.data(), have = r->second.size();
            } else if (auto w = out_words_.find(e.seq); w != out_words_.end()) {
                got = reinterpret_cast<const std::uint8_t*>(w->second.data()), have = w->second.size() * 4;
            } else if (auto o = out_word_.find(e.seq); o != out_word_.end()) {
                got = reinterpret_cast<const std::uint8_t*>(&o->second), have = 4;
            }
            bytes += want.size();
            if (!got || e.offset > have || want.size() > have - e.offset) {
                std::fprintf(stderr, "ltcap_repro: call #%llu read %llu bytes, the capture recorded %llu at offset %llu\n",
                             static_cast<unsigned long long>(e.seq), static_cast<unsigned long long>(have),
                             static_cast<unsigned long long>(want.size()), static_cast<unsigned long long>(e.offset));
                mismatches++;
                continue;
            }
            for (std::uint64_t i = 0; i < want.size(); i++)
                if (got[e.offset + i] != want[i]) {
                    std::fprintf(stderr,
                                 "ltcap_repro: MISMATCH call #%llu: byte %llu is 0x%02x, the capture read 0x%02x\n",
                                 static_cast<unsigned long long>(e.seq), static_cast<unsigned long long>(e.offset + i),
                                 got[e.offset + i], want[i]);
                    mismatches++;
                    break;
                }
        }
        std::printf("ltcap_repro: %zu reads checked, %llu mismatches (%llu bytes)%s\n", expected_.size(),
                    static_cast<unsigned long long>(mismatches), static_cast<unsigned long long>(bytes),
                    failures_ ? "; a call that threw when captured did not" : "");
        std::fflush(stdout);
        std::exit(mismatches || failures_ ? 1 : 0);
    }

private:
    std::vector<std::uint8_t> Load(const std::string& relative) const {
        std::ifstream in(Path(relative), std::ios::binary);
        if (!in) {
            std::fprintf(stderr, "ltcap_repro: cannot read %s\n", Path(relative).c_str());
            std::exit(2);
        }
        return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    struct Expected {
        std::uint64_t seq, offset, blob;
    };
    std::string folder_;
    std::map<std::uint64_t, std::vector<std::uint8_t>> blobs_;
    std::deque<std::vector<std::uint8_t>> kept_;
    std::deque<std::vector<std::uint32_t>> words_;
    std::vector<std::shared_ptr<void>> kept_values_;
    std::map<std::uint64_t, std::vector<std::uint8_t>> rooms_;
    std::map<std::uint64_t, std::vector<std::uint32_t>> out_words_;
    std::map<std::uint64_t, std::uint32_t> out_word_;
    std::vector<Expected> expected_;
    std::uint64_t failures_ = 0;
};

}  // namespace ltcap_repro
