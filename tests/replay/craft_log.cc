// Test tool: makes hostile logs out of a good one, each with one defect a crafted or damaged log can have. The
// readers must refuse every one with exit 2 and one line naming what is wrong — never crash, hang or allocate
// what the file cannot back. Writes a plain (uncompressed) log unless the case is about compression.
//   craft_log GOOD OUT CASE
// CASE:
//   blob-offset-overflow   the first blob chunk claims offset 2^64-4096 (offset + size wraps around)
//   long-data-ref          the first write's data reference claims 4 KiB more than its blob holds
//   huge-blob              the first blob declares a total size of 1 TiB; its chunks hold what they held
//   bad-pointer            a call whose argument list pointer points far outside its message
//   list-bomb              a call whose 4096 arguments are lists that all point at one list of 4096 values
//   zero-size-bomb         a call whose argument list has 2^29-1 elements of size zero (no bytes at all)
//   module-path=PATH       a module map naming PATH for every address, and a call with a backtrace into it
//   zstd-huge-frame        a compressed log whose first frame declares 1 GiB of content and holds the header
//   unmade-object          the first write names buffer#999999, which the log never made
//   wrong-kind             the first write's buffer argument is text
//   queue-of-no-device     the first write's command queue belongs to device 0 (no device)
//   unmade-in-flight       the first write names buffer#999999 and has no end: in flight when the log ended, so
//                          no Return says it threw
//   value-result-object    the return of the first call of a function returning a value (CloseDevice's bool)
//                          names buffer#999999
//   result-of-other-kind   the return of the first call of a function making a buffer names device#999999
//   huge-buffer            the first CreateBuffer(InterleavedBufferConfig) asks for 2^30 pages (its return: no throw)
//   ragged-pages           the first CreateBuffer(InterleavedBufferConfig)'s size is not whole pages
//   config-of-no-device    the first CreateBuffer(InterleavedBufferConfig)'s config names device 0 (none)
#include <capnp/message.h>
#include <capnp/serialize.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "player/log_reader.h"
#include "schema/trace_layout.h"
#include "schema/wire.h"

namespace {

namespace L = ltcap::layout;
using ltcap::schema::Entry;

std::string Serialize(capnp::MessageBuilder& b) {
    auto words = capnp::messageToFlatArray(b);
    return std::string(reinterpret_cast<const char*>(words.begin()), words.size() * 8);
}

// A call entry built with the shim's own writer, so its words can be patched where libcapnp's builder would never
// put them. Returns the framed message; `args` says where the argument list's element 0 is (a word index).
struct RawCall {
    ltcap::wire::Message m;
    ltcap::wire::StructRef call;
    ltcap::wire::ListRef args;
};

void StartCall(RawCall& r, std::uint64_t seq, std::size_t nargs, ltcap::wire::StructSize element) {
    auto e = r.m.InitRoot(L::Entry::kSize);
    r.call = r.m.InitStruct<L::Entry>(e, L::Entry::f_call, L::Call::kSize);
    r.m.Set<L::Call>(r.call, L::Call::f_seq, seq);
    r.m.Set<L::Call>(r.call, L::Call::f_thread, 1);
    r.m.Set<L::Call>(r.call, L::Call::f_function, static_cast<std::uint16_t>(L::Api::finish));
    r.args = r.m.InitStructList<L::Call>(r.call, L::Call::f_args, nargs, element);
}

std::string Framed(RawCall& r) {
    std::string out;
    r.m.AppendTo(out);
    return out;
}

// Overwrites word `index` of a framed one-segment message (after its 8-byte segment table).
void PatchWord(std::string& message, std::size_t index, std::uint64_t value) {
    std::memcpy(message.data() + 8 + index * 8, &value, 8);
}

std::uint64_t ListPointer(std::size_t slot, std::size_t target, std::uint64_t element_code, std::uint64_t count) {
    const std::int64_t offset = static_cast<std::int64_t>(target) - static_cast<std::int64_t>(slot) - 1;
    return ((static_cast<std::uint64_t>(offset) << 2) & 0xffffffffull) | 1 | (element_code << 32) | (count << 35);
}

bool WriteAll(const std::string& path, const std::string& bytes) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return false;
    const bool ok = ::write(fd, bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size());
    return ::close(fd) == 0 && ok;
}

// A zstd frame holding `content` in one raw block, whose header declares `declared` bytes of content.
std::string LyingZstdFrame(const std::string& content, std::uint64_t declared) {
    std::string f;
    const std::uint32_t magic = 0xFD2FB528;
    f.append(reinterpret_cast<const char*>(&magic), 4);
    f += static_cast<char>(0xC0);  // frame header descriptor: 8-byte content size, a window descriptor, no checksum
    f += static_cast<char>(0x50);  // window: 1 MiB
    f.append(reinterpret_cast<const char*>(&declared), 8);
    const std::uint32_t block = static_cast<std::uint32_t>(content.size()) << 3 | 1;  // raw, last
    f.append(reinterpret_cast<const char*>(&block), 3);
    return f + content;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: craft_log GOOD OUT CASE (see the source for the cases)\n");
        return 2;
    }
    const std::string kase = argv[3];
    ltcap::LogReader log(argv[1]);
    std::vector<std::string> out;
    {
        capnp::MallocMessageBuilder b;
        b.initRoot<Entry>().setHeader(log.header());
        out.push_back(Serialize(b));
    }
    bool edited = false;
    if (kase == "header-env-text" && log.header().getEnvironment().size() > 0) {
        // The first recorded variable's name loses its terminating NUL: a damaged text in the header.
        const auto name = log.header().getEnvironment()[0].getName();
        const std::string terminated = std::string(name.cStr(), name.size()) + '\0';
        const std::size_t at = out[0].find(terminated);
        if (at != std::string::npos) {
            out[0][at + name.size()] = 'X';
            edited = true;
        }
    }
    std::uint64_t last_seq = 0;
    while (auto m = log.Next()) {
        auto e = m->getRoot<Entry>();
        if (e.isCall()) last_seq = e.getCall().getSeq();
        capnp::MallocMessageBuilder b;
        b.setRoot(e);
        auto w = b.getRoot<Entry>();
        if (!edited && w.isBlob() && (kase == "blob-offset-overflow" || kase == "huge-blob")) {
            if (kase == "blob-offset-overflow") w.getBlob().setOffset(~0ull - 4095);
            else w.getBlob().setTotalSize(1ull << 40);
            edited = true;
        } else if (!edited &&
                   (kase == "unmade-object" || kase == "wrong-kind" || kase == "queue-of-no-device" ||
                    kase == "unmade-in-flight") &&
                   w.isCall() && w.getCall().getFunction() == ltcap::schema::Api::ENQUEUE_WRITE_BUFFER) {
            auto buffer = w.getCall().getArgs()[1];
            if (kase == "unmade-object" || kase == "unmade-in-flight") buffer.getObject().setId(999999);
            else if (kase == "wrong-kind") buffer.setText("not a buffer");
            else w.getCall().getArgs()[0].getObject().setParent(0);
            if (kase == "unmade-in-flight") w.getCall().setEndNs(0);
            edited = true;
        } else if (!edited && (kase == "huge-buffer" || kase == "ragged-pages" || kase == "config-of-no-device") &&
                   w.isCall() && w.getCall().getFunction() == ltcap::schema::Api::CREATE_BUFFER_INTERLEAVED) {
            auto config = w.getCall().getArgs()[0].getBufferConfig();
            if (kase == "huge-buffer") config.setSize(config.getPageSize() << 30);
            else if (kase == "ragged-pages") config.setSize(config.getPageSize() * 2 + 1);
            else config.setDevice(0);
            edited = true;
        } else if (!edited && kase == "value-result-object" && w.isReturn() && w.getReturn().getResult().isBool()) {
            auto object = w.getReturn().getResult().initObject();
            object.setKind(ltcap::schema::ObjectKind::BUFFER);
            object.setId(999999);
            edited = true;
        } else if (!edited && kase == "result-of-other-kind" && w.isReturn() && w.getReturn().getResult().isObject() &&
                   w.getReturn().getResult().getObject().getKind() == ltcap::schema::ObjectKind::BUFFER) {
            w.getReturn().getResult().getObject().setKind(ltcap::schema::ObjectKind::DEVICE);
            w.getReturn().getResult().getObject().setId(999999);
            edited = true;
        } else if (!edited && kase == "long-data-ref" && w.isCall() &&
                   w.getCall().getFunction() == ltcap::schema::Api::ENQUEUE_WRITE_BUFFER) {
            for (auto a : w.getCall().getArgs())
                if (a.isData()) a.getData().setSize(a.getData().getSize() + 4096), edited = true;
        }
        if (w.isEnd()) {
            // The hostile call goes right before the end, after everything it could refer to.
            const std::uint64_t seq = last_seq + 1;
            const bool edited_before = edited;
            if (kase == "bad-pointer") {
                RawCall r;
                StartCall(r, seq, 1, L::Value::kSize);
                std::string msg = Framed(r);
                // The call's args pointer (its first pointer) now points 2^28 words past the message's end.
                PatchWord(msg, r.call.at + r.call.size.data_words, ListPointer(0, std::size_t{1} << 28, 7, 3));
                out.push_back(msg);
                edited = true;
            } else if (kase == "list-bomb") {
                constexpr std::size_t kN = 4096;
                RawCall r;
                StartCall(r, seq, kN, L::Value::kSize);
                // Value 0 holds a real list of kN values; every other value's list pointer points at that one list.
                auto first = r.m.Element(r.args, 0);
                auto shared = r.m.InitStructList<L::Value>(first, L::Value::f_list, kN, L::Value::kSize);
                for (std::size_t i = 1; i < kN; i++) r.m.Set<L::Value>(r.m.Element(r.args, i), L::Value::f_list, 0);
                std::string msg = Framed(r);
                const std::size_t per = L::Value::kSize.data_words + L::Value::kSize.ptr_words;
                for (std::size_t i = 1; i < kN; i++) {
                    const auto v = r.m.Element(r.args, i);
                    const std::size_t slot = v.at + v.size.data_words + L::Value::f_list.offset;
                    PatchWord(msg, slot, ListPointer(slot, shared.first - 1, 7, kN * per));
                }
                out.push_back(msg);
                edited = true;
            } else if (kase == "zero-size-bomb") {
                RawCall r;
                StartCall(r, seq, (std::size_t{1} << 29) - 1, {0, 0});
                out.push_back(Framed(r));
                edited = true;
            } else if (kase.rfind("module-path=", 0) == 0) {
                capnp::MallocMessageBuilder mb;
                auto modules = mb.initRoot<Entry>().initModules().initModules(1);
                modules[0].setPath(kase.substr(std::strlen("module-path=")));
                modules[0].setStart(0x1000);
                modules[0].setEnd(~0ull);
                out.push_back(Serialize(mb));
                capnp::MallocMessageBuilder cb;
                auto call = cb.initRoot<Entry>().initCall();
                call.setSeq(seq);
                call.setThread(1);
                call.setFunction(ltcap::schema::Api::GET_NUM_AVAILABLE_DEVICES);
                call.setEndNs(1);
                call.initBacktrace(1).set(0, 0x400000);
                out.push_back(Serialize(cb));
                edited = true;
            }
            if (edited && !edited_before) w.getEnd().setLastSeq(seq);
        }
        out.push_back(Serialize(b));
    }
    std::string bytes;
    if (kase == "zstd-huge-frame") {
        bytes = LyingZstdFrame(out[0], 1ull << 30);
        edited = true;
    } else {
        for (const std::string& m : out) bytes += m;
    }
    if (!edited) {
        std::fprintf(stderr, "craft_log: %s: nothing to apply it to in %s\n", kase.c_str(), argv[1]);
        return 1;
    }
    if (!WriteAll(argv[2], bytes)) {
        std::fprintf(stderr, "craft_log: cannot write %s\n", argv[2]);
        return 1;
    }
    return 0;
}
