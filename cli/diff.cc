#include "cli/diff.h"

#include <capnp/message.h>
#include <getopt.h>

#include <algorithm>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <string_view>
#include <thread>
#include <unordered_map>

#include "cli/line_diff.h"
#include "cli/window_align.h"
#include "common/json.h"
#include "common/terminal_text.h"
#include "player/decoded_call.h"
#include "player/format.h"
#include "player/log_check.h"
#include "player/payloads.h"
#include "player/read_types.h"

namespace ltcap::cli {
namespace {

constexpr std::uint64_t kNone = ~std::uint64_t{0};
// A read's data assembled for comparison stays under this, and its pieces must cover it without gaps (the log
// checker has made sure they do not overlap): a hostile offset or a piece list reusing one large blob cannot make
// the diff allocate more than the log's own data says.
constexpr std::uint64_t kMaxReadBytes = 1ull << 32;
// Kernel sources differing in more lines are not diffed line by line (bounded time on unrelated files).
constexpr std::size_t kMaxSourceEdits = 2000;

// Each log's decoded frames kept for reading again, and freed frame buffers kept for reuse (LogReader::LimitMemory).
constexpr std::uint64_t kFrameCache = 8 << 20, kSpareFrames = 4 << 20;

// One log: its kernel sources, payloads, programs and read types, and where the entries written far after their
// call are (a first pass); then its calls, streamed (a second pass).
struct Run {
    Run(LogReader& l, std::uint64_t near_calls)
        : log(l),
          near(near_calls),
          payloads([&l](std::uint64_t at, std::uint64_t n) { return l.Bytes(at, n); },
                   [&l](std::uint64_t at, std::uint64_t n, std::uint8_t* dst) { l.CopyBytes(at, n, dst); }) {}
    LogReader& log;
    // A call's return or read data entry written more than `near` calls after it (the end of a long call beside
    // other threads' calls, a non-blocking read's data written at the Finish) is indexed in the first pass; the
    // second pass finds the rest as it streams by, reading this far past the call it compares.
    std::uint64_t near;
    std::uint64_t calls = 0, reads = 0;
    // Return entries written far after their call, by seq; read data entries so written, (seq, where) by seq (a
    // call's in log order, after its near ones).
    std::unordered_map<std::uint64_t, std::uint64_t> far_returns;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> far_reads;
    struct File {
        std::string path;
        std::size_t hash, size;
        std::string content;  // for a unified diff of a changed source (bounded by the log checker)
    };
    std::unordered_map<std::uint64_t, std::vector<File>> sources;
    Payloads payloads;
    Programs programs;
    ReadTypes types{programs};

    // Whether an entry of call `seq`, met when the highest call seq read so far is `latest`, is far from its call
    // (the same answer in both passes: they read the same entries in the same order).
    bool Far(std::uint64_t seq, std::uint64_t latest) const { return latest > seq && latest - seq > near; }
};

// The first pass's index, built as the entries are decoded.
class Indexer : public EntryConsumer {
public:
    explicit Indexer(Run& r) : r_(r) {}
    void OnCall(const DecodedCall& c) override {
        r_.calls++;
        latest_ = std::max(latest_, c.seq);
    }
    void OnReturn(const DecodedReturn& ret) override {
        if (r_.Far(ret.seq, latest_)) r_.far_returns[ret.seq] = r_.log.entry_offset();
    }
    void OnReadData(schema::ReadData::Reader d) override {
        if (r_.Far(d.getSeq(), latest_)) r_.far_reads.emplace_back(d.getSeq(), r_.log.entry_offset());
        r_.reads++;
    }
    void OnBlob(schema::Blob::Reader b) override { r_.payloads.Add(b, r_.log.StreamOffset(b.getData())); }
    void OnKernelSource(schema::KernelSource::Reader k) override {
        auto& files = r_.sources[k.getId()];
        for (auto f : k.getFiles()) {
            const std::string_view content(f.getContent().begin(), f.getContent().size());
            files.push_back({f.getPath().cStr(), std::hash<std::string_view>()(content), content.size(),
                             std::string(content)});
        }
    }

private:
    Run& r_;
    std::uint64_t latest_ = 0;
};

void Load(Run& r) {
    LogChecker check;
    Indexer index(r);
    NamingTheEntry(r.log, [&] { ForEachDecodedEntry(r.log, check, {&index, &r.programs, &r.types}); });
    if (r.log.damaged()) throw LogError(r.log.path() + ": damaged: " + r.log.truncation());
    std::stable_sort(r.far_reads.begin(), r.far_reads.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });  // a call's keep their order
    r.log.Rewind();
}

// A log's calls streamed in the second pass, each with where its return and read data entries are: read ahead as
// far as the alignment's window and the near entries of the call compared next need, no further. Entries are kept
// by offset and read again when compared, not held: a held message would keep its whole decoded frame in memory
// (a batch of calls with their smaller payloads), a window of them hundreds of megabytes.
class CallStream {
public:
    using Message = std::unique_ptr<capnp::FlatArrayMessageReader>;
    struct Call {
        std::uint64_t seq;
        schema::Api function;
        std::uint64_t call_at, return_at;  // return_at: its near return entry's, kNone if none was met
        std::vector<std::uint64_t> reads;  // where its near read data entries are
    };
    explicit CallStream(Run& r) : r_(r) {}

    // The function of the next call not yet handed to the alignment; false at the end of the log.
    bool NextKey(std::uint32_t& key) {
        while (handed_ == calls_.size())
            if (!ReadEntry()) return false;
        key = static_cast<std::uint32_t>(calls_[handed_++].function);
        return true;
    }
    // The next call to compare (one handed out), with every entry near it read.
    Call& Front() {
        while (!ended_ && !r_.Far(calls_.front().seq, latest_)) ReadEntry();
        return calls_.front();
    }
    void Pop() { calls_.pop_front(), handed_--; }
    // Call `c`'s entry, read again.
    Message CallEntry(const Call& c) { return r_.log.ReadAgain(c.call_at); }
    // How call `c` ended: its return entry, near or far; null if it has none (its call entry says it returned, or
    // it never did).
    Message Return(const Call& c) {
        if (c.return_at != kNone) return r_.log.ReadAgain(c.return_at);
        const auto far = r_.far_returns.find(c.seq);
        return far == r_.far_returns.end() ? nullptr : r_.log.ReadAgain(far->second);
    }
    // Where call `c`'s read data entries are, in log order.
    std::vector<std::uint64_t> Reads(const Call& c) const {
        std::vector<std::uint64_t> at = c.reads;
        auto it = std::lower_bound(r_.far_reads.begin(), r_.far_reads.end(), std::pair(c.seq, std::uint64_t{0}));
        for (; it != r_.far_reads.end() && it->first == c.seq; ++it) at.push_back(it->second);
        return at;
    }

private:
    bool ReadEntry() {
        if (ended_) return false;
        Message m = r_.log.Next();
        if (!m) return ended_ = true, false;
        const auto e = m->getRoot<schema::Entry>();
        switch (e.which()) {
            case schema::Entry::CALL: {
                const auto c = e.getCall();
                latest_ = std::max(latest_, c.getSeq());
                calls_.push_back({c.getSeq(), c.getFunction(), r_.log.entry_offset(), kNone, {}});
                break;
            }
            case schema::Entry::RETURN:
                if (Call* c = Near(e.getReturn().getSeq())) c->return_at = r_.log.entry_offset();
                break;
            case schema::Entry::READ_DATA:
                if (Call* c = Near(e.getReadData().getSeq())) c->reads.push_back(r_.log.entry_offset());
                break;
            default:
                break;
        }
        return true;
    }
    // The call an entry near it belongs to, if it is in the stream (calls are in ascending seq).
    Call* Near(std::uint64_t seq) {
        if (r_.Far(seq, latest_)) return nullptr;
        const auto it = std::lower_bound(calls_.begin(), calls_.end(), seq,
                                         [](const Call& c, std::uint64_t s) { return c.seq < s; });
        return it != calls_.end() && it->seq == seq ? &*it : nullptr;
    }

    Run& r_;
    std::deque<Call> calls_;  // read, not yet compared
    std::size_t handed_ = 0;  // of calls_, those handed to the alignment
    bool ended_ = false;
    std::uint64_t latest_ = 0;
};

bool Canonical(schema::Value::Reader a, schema::Value::Reader b) {
    const auto x = capnp::canonicalize(a), y = capnp::canonicalize(b);
    return x.size() == y.size() && std::memcmp(x.begin(), y.begin(), x.size() * sizeof(capnp::word)) == 0;
}

bool SameWords(capnp::List<std::uint32_t>::Reader x, capnp::List<std::uint32_t>::Reader y) {
    if (x.size() != y.size()) return false;
    for (unsigned i = 0; i < x.size(); i++)
        if (x[i] != y[i]) return false;
    return true;
}

bool SameCores(schema::CoreSpec::Reader x, schema::CoreSpec::Reader y) {
    if (x.getForm() != y.getForm() || x.getRanges().size() != y.getRanges().size()) return false;
    for (unsigned i = 0; i < x.getRanges().size(); i++) {
        const auto a = x.getRanges()[i], b = y.getRanges()[i];
        if (a.getStartX() != b.getStartX() || a.getStartY() != b.getStartY() || a.getEndX() != b.getEndX() ||
            a.getEndY() != b.getEndY())
            return false;
    }
    return true;
}

// Compares the calls of two runs, pairing the objects they make as it goes.
class Comparer {
public:
    Comparer(Run& a, Run& b) : a_(a), b_(b) {}

    // Why the two values differ (the kind of value: "kernel source", "data", …), or "" when alike.
    std::string Values(schema::Value::Reader x, schema::Value::Reader y, unsigned depth = 0) {
        if (depth > 64) return "value";
        if (x.which() != y.which()) return "value";
        switch (x.which()) {
            case schema::Value::OBJECT:
                return Objects(x.getObject(), y.getObject()) ? "" : "object";
            case schema::Value::HOST_POINTER:
                return "";  // where the program's memory was: not what it asked
            case schema::Value::KERNEL_SOURCE:
                return SameSource(x.getKernelSource(), y.getKernelSource()) ? "" : "kernel source";
            case schema::Value::DATA:
                return SameData(x.getData(), y.getData()) ? "" : "data";
            case schema::Value::LIST: {
                if (x.getList().size() != y.getList().size()) return "list";
                for (unsigned i = 0; i < x.getList().size(); i++)
                    if (auto why = Values(x.getList()[i], y.getList()[i], depth + 1); !why.empty()) return why;
                return "";
            }
            case schema::Value::WORDS:  // (the commonest values: field by field, no canonical copies)
                return SameWords(x.getWords(), y.getWords()) ? "" : "words";
            // A kernel config by what the kernel gets: which TensorAccessorArgs made some of its words (format 18) is
            // how the program built them, not what it asked (a C++ reproducer spells the same words out).
            case schema::Value::KERNEL_CONFIG:
                return CanonicalWithout(x, y, [](schema::Value::Builder v) { v.getKernelConfig().disownTensorAccessors(); })
                           ? ""
                           : "kernel config";
            case schema::Value::CORES:
                return SameCores(x.getCores(), y.getCores()) ? "" : "cores";
            // Configs name a device or a buffer by id: those as objects, the rest as it is.
            case schema::Value::BUFFER_CONFIG:
                if (!SameId(schema::ObjectKind::DEVICE, x.getBufferConfig().getDevice(),
                            y.getBufferConfig().getDevice()))
                    return "object";
                return CanonicalWithout(x, y, [](schema::Value::Builder v) { v.getBufferConfig().setDevice(0); })
                           ? ""
                           : "value";
            case schema::Value::CB_CONFIG:
                if (!SameId(schema::ObjectKind::BUFFER, x.getCbConfig().getGlobalBuffer(),
                            y.getCbConfig().getGlobalBuffer()))
                    return "object";
                return CanonicalWithout(x, y, [](schema::Value::Builder v) { v.getCbConfig().setGlobalBuffer(0); })
                           ? ""
                           : "value";
            // A shard's write data by its bytes; a read's destination only as there or not (host pointers).
            case schema::Value::SHARD_TRANSFER: {
                const auto tx = x.getShardTransfer(), ty = y.getShardTransfer();
                if (!SameData(tx.getData(), ty.getData())) return "data";
                return CanonicalWithout(x, y, [](schema::Value::Builder v) {
                           auto t = v.getShardTransfer();
                           t.setHostPointer(t.getHostPointer() != 0);
                           t.disownData();
                       })
                           ? ""
                           : "value";
            }
            default:
                return Canonical(x, y) ? "" : "value";
        }
    }

    // The first file that differs between two kernel sources: "kernels/add.cpp (812 bytes)" on each side, and
    // the unified diff of the two (a file only one side has: all of it added or removed).
    struct SourceChange {
        std::string a, b;
        std::vector<std::string> diff;
    };
    SourceChange SourceFiles(std::uint64_t x, std::uint64_t y) const {
        const auto& fa = Files(a_, x);
        const auto& fb = Files(b_, y);
        for (std::size_t i = 0; i < std::max(fa.size(), fb.size()); i++) {
            const auto text = [](const std::vector<Run::File>& f, std::size_t i) {
                return i < f.size() ? f[i].path + " (" + std::to_string(f[i].size) + " bytes)" : std::string("no file");
            };
            if (i < fa.size() && i < fb.size() && fa[i].path == fb[i].path && fa[i].hash == fb[i].hash) continue;
            SourceChange c{text(fa, i), text(fb, i), {}};
            const std::string none;
            const std::string& ca = i < fa.size() ? fa[i].content : none;
            const std::string& cb = i < fb.size() ? fb[i].content : none;
            if (auto lines = UnifiedDiff(ca, cb, 3, kMaxSourceEdits)) {
                c.diff.push_back("--- A " + (i < fa.size() ? fa[i].path : "(none)"));
                c.diff.push_back("+++ B " + (i < fb.size() ? fb[i].path : "(none)"));
                c.diff.insert(c.diff.end(), lines->begin(), lines->end());
            } else {
                c.diff.push_back("(more than " + std::to_string(kMaxSourceEdits) + " lines differ: no line diff)");
            }
            return c;
        }
        return {};
    }

private:
    bool Objects(schema::ObjectRef::Reader x, schema::ObjectRef::Reader y) {
        return x.getKind() == y.getKind() && SameId(x.getKind(), x.getId(), y.getId());
    }
    // Object `x` of A and `y` of B are the same object: paired the first time either is met.
    bool SameId(schema::ObjectKind k, std::uint64_t x, std::uint64_t y) {
        if (!x || !y) return x == y;
        const auto kind = static_cast<std::uint16_t>(k);
        const auto b_at = b_to_a_.find({kind, y});
        if (b_at != b_to_a_.end()) return b_at->second == x;
        if (a_to_b_.count({kind, x})) return false;  // A's object is paired with another of B's
        b_to_a_[{kind, y}] = x;
        a_to_b_[{kind, x}] = y;
        return true;
    }
    // The two values alike once `clear` has set their ids to 0.
    template <typename Clear>
    static bool CanonicalWithout(schema::Value::Reader x, schema::Value::Reader y, Clear&& clear) {
        capnp::MallocMessageBuilder mx, my;
        mx.setRoot(x), my.setRoot(y);
        clear(mx.getRoot<schema::Value>()), clear(my.getRoot<schema::Value>());
        return Canonical(mx.getRoot<schema::Value>().asReader(), my.getRoot<schema::Value>().asReader());
    }
    static const std::vector<Run::File>& Files(const Run& r, std::uint64_t id) {
        static const std::vector<Run::File> none;
        auto it = r.sources.find(id);
        return it == r.sources.end() ? none : it->second;
    }
    bool SameSource(std::uint64_t x, std::uint64_t y) const {
        if (!x || !y) return x == y;
        const auto& fa = Files(a_, x);
        const auto& fb = Files(b_, y);
        if (fa.size() != fb.size()) return false;
        for (std::size_t i = 0; i < fa.size(); i++)
            if (fa[i].path != fb[i].path || fa[i].hash != fb[i].hash) return false;
        return true;
    }
    bool SameData(schema::DataRef::Reader x, schema::DataRef::Reader y) {
        if (x.getSize() != y.getSize() || x.getElementType() != y.getElementType()) return false;
        if (!x.getSize()) return true;
        // Each side's Data() stays valid until that side's next call.
        const std::uint8_t* ours = a_.payloads.Data(x, x.getSize());
        const bool same = std::memcmp(ours, b_.payloads.Data(y, y.getSize()), y.getSize()) == 0;
        a_.payloads.ReleaseUsed();
        b_.payloads.ReleaseUsed();
        return same;
    }

    Run &a_, &b_;
    std::map<std::pair<std::uint16_t, std::uint64_t>, std::uint64_t> b_to_a_, a_to_b_;
};

// A call's read data as one buffer (its pieces at their offsets); the type the first piece says it holds.
std::vector<std::uint8_t> ReadBytes(Run& r, std::uint64_t seq, const std::vector<std::uint64_t>& reads_at,
                                    schema::ElementType& type) {
    std::vector<std::uint8_t> bytes;
    type = schema::ElementType::BYTES;
    std::uint64_t end = 0, covered = 0;  // first pass: the pieces' extent and what they cover
    for (std::uint64_t at : reads_at) {
        const auto m = r.log.ReadAgain(at);
        const auto d = m->getRoot<schema::Entry>().getReadData();
        const std::uint64_t offset = d.getOffset(), size = d.getData().getSize();
        if (offset > kMaxReadBytes || size > kMaxReadBytes - offset || (covered += size) > kMaxReadBytes)
            throw LogError("the read data of call #" + std::to_string(seq) + " reaches past " +
                           std::to_string(kMaxReadBytes) + " bytes");
        end = std::max(end, offset + size);
    }
    if (end > covered)
        throw LogError("the read data of call #" + std::to_string(seq) + " leaves gaps: its pieces cover " +
                       std::to_string(covered) + " of " + std::to_string(end) + " bytes");
    for (std::uint64_t at : reads_at) {
        const auto m = r.log.ReadAgain(at);
        const auto d = m->getRoot<schema::Entry>().getReadData();
        const std::uint64_t offset = d.getOffset(), size = d.getData().getSize();
        if (at == reads_at.front()) type = d.getData().getElementType();
        if (bytes.size() < offset + size) bytes.resize(offset + size);
        if (size) std::memcpy(bytes.data() + offset, r.payloads.Data(d.getData(), size), size);
        r.payloads.ReleaseUsed();
    }
    return bytes;
}

}  // namespace

LogDiff DiffLogs(LogReader& la, LogReader& lb, const DiffOptions& options) {
    // Each log is read twice, in order, with the window's messages held: a small frame cache each will do.
    la.LimitMemory(kFrameCache, kSpareFrames);
    lb.LimitMemory(kFrameCache, kSpareFrames);
    const std::size_t window = std::max<std::size_t>(options.window, 16);
    Run a(la, window / 8), b(lb, window / 8);
    // The two indexes are made at once, B's on a thread of its own; a bad A is reported first, as if read first.
    std::exception_ptr b_failed;
    std::thread load_b([&] {
        try {
            Load(b);
        } catch (...) {
            b_failed = std::current_exception();
        }
    });
    try {
        Load(a);
    } catch (...) {
        load_b.join();
        throw;
    }
    load_b.join();
    if (b_failed) std::rethrow_exception(b_failed);
    LogDiff d;
    const auto side = [](const Run& r, LogDiff::Side& s) {
        s.path = r.log.path();
        s.tt_metal = r.log.header().getTtMetalVersion().cStr();
        s.process = r.log.header().getProcessName().cStr();
        s.calls = r.calls;
        s.reads = r.reads;
    };
    side(a, d.a);
    side(b, d.b);

    CallStream sa(a), sb(b);
    Comparer compare(a, b);
    const auto first = [&](const std::string& line) {
        if (d.first.empty()) d.first = line;
    };
    const auto pair_name = [&](std::uint64_t x, std::uint64_t y) {
        return "A #" + std::to_string(x) + " / B #" + std::to_string(y);
    };
    // A call only one log has.
    const auto lone = [&](bool in_a) {
        CallStream& stream = in_a ? sa : sb;
        CallStream::Call& c = stream.Front();
        const CallStream::Message m = stream.CallEntry(c);
        LogDiff::Lone l{c.seq, DecodeCall(m->getRoot<schema::Entry>().getCall()).Text()};
        first(std::string("only in ") + (in_a ? "A" : "B") + ": #" + std::to_string(c.seq) + " " + l.text);
        auto& list = in_a ? d.only_a : d.only_b;
        (in_a ? d.only_a_count : d.only_b_count)++;
        if (list.size() < options.shown) list.push_back(std::move(l));
        stream.Pop();
    };
    // A pair of calls of the same function.
    const auto pair = [&] {
        CallStream::Call &ca = sa.Front(), &cb = sb.Front();
        const CallStream::Message ma = sa.CallEntry(ca), mb = sb.CallEntry(cb);
        const DecodedCall xa = DecodeCall(ma->getRoot<schema::Entry>().getCall()),
                          xb = DecodeCall(mb->getRoot<schema::Entry>().getCall());
        const std::string function = ApiName(ca.function);
        std::optional<LogDiff::Change> change;
        const auto differ = [&](std::string what, std::string kind, std::string va, std::string vb) {
            if (!change)
                change = LogDiff::Change{ca.seq,          cb.seq,        function,     std::move(what),
                                         std::move(kind), std::move(va), std::move(vb)};
        };
        const auto args_a = xa.args, args_b = xb.args;
        if (args_a.size() != args_b.size()) {
            differ("arguments", "arguments", std::to_string(args_a.size()) + " arguments",
                   std::to_string(args_b.size()) + " arguments");
        }
        // A write hands over exactly one payload (the inputs): with --ignore-writes its data is set aside.
        unsigned payloads = 0;
        for (auto v : args_a) payloads += v.isData();
        bool set_aside = false;
        for (unsigned i = 0; i < args_a.size() && i < args_b.size(); i++) {
            const std::string why = compare.Values(args_a[i], args_b[i]);
            if (why.empty() || change) continue;
            if (why == "data" && options.ignore_writes && payloads == 1 && args_a[i].isData() &&
                args_a[i].getData().getSize() == args_b[i].getData().getSize()) {
                set_aside = true;
                continue;
            }
            const char* name = xa.model ? xa.model->ParamName(i) : nullptr;
            const std::string what = "argument " + (name ? std::string(name) : std::to_string(i));
            if (why == "kernel source" && args_a[i].isKernelSource()) {
                auto sc = compare.SourceFiles(args_a[i].getKernelSource(), args_b[i].getKernelSource());
                differ(what, why, sc.a, sc.b);
                change->detail = std::move(sc.diff);
            } else {
                differ(what, why, xa.Arg(i), xb.Arg(i));
            }
        }
        // Runtime args edited in place before a launch.
        const auto edits_a = xa.entry.getArgsChanged(), edits_b = xb.entry.getArgsChanged();
        if (edits_a.size() != edits_b.size()) {
            differ("runtime args edited in place", "runtime args", std::to_string(edits_a.size()) + " kernels",
                   std::to_string(edits_b.size()) + " kernels");
        } else {
            for (unsigned i = 0; i < edits_a.size(); i++) {
                const auto x = edits_a[i].getWords(), y = edits_b[i].getWords();
                bool same = x.size() == y.size();
                for (unsigned w = 0; same && w < x.size(); w++) same = x[w] == y[w];
                if (!same)
                    differ("runtime args edited in place", "runtime args", values::PrintWords(edits_a[i].getWords()),
                           values::PrintWords(edits_b[i].getWords()));
            }
        }
        // Results: whether it threw, and what it made (pairing the objects). A call without a return entry returned
        // nothing (a void call that ended before its entry was written keeps its end there).
        {
            const CallStream::Message ra = sa.Return(ca), rb = sb.Return(cb);
            DecodedReturn x, y;
            if (ra) x = DecodeReturn(ra->getRoot<schema::Entry>().getReturn());
            if (rb) y = DecodeReturn(rb->getRoot<schema::Entry>().getReturn());
            if (x.threw != y.threw || (x.threw && x.exception != y.exception))
                differ("exception", "exception", x.threw ? x.exception.cStr() : "returned",
                       y.threw ? y.exception.cStr() : "returned");
            else if (auto why = compare.Values(x.result, y.result); !why.empty())
                differ("result", why, FormatValue(x.result), FormatValue(y.result));
        }
        if (change) {
            first(pair_name(ca.seq, cb.seq) + " " + function + ": " + change->what + ": A " + change->value_a +
                  ", B " + change->value_b);
            d.changed_count++;
            if (d.changed.size() < options.shown) d.changed.push_back(std::move(*change));
        } else if (set_aside) {
            d.writes_set_aside++;
        } else {
            d.alike++;
        }
        // Read data both recorded: compared as the type the program read into, or A's log says it holds.
        const std::vector<std::uint64_t> reads_a = sa.Reads(ca), reads_b = sb.Reads(cb);
        const std::uint64_t seq_a = ca.seq, seq_b = cb.seq;
        sa.Pop(), sb.Pop();  // (ca and cb go with them)
        if (reads_a.empty() != reads_b.empty()) d.reads_one_side++;
        if (reads_a.empty() || reads_b.empty()) return;
        schema::ElementType own_a, own_b;
        const std::vector<std::uint8_t> bytes_a = ReadBytes(a, seq_a, reads_a, own_a),
                                        bytes_b = ReadBytes(b, seq_b, reads_b, own_b);
        const ReadTypes::Resolved typed = a.types.Resolve(seq_a, own_a, options.compare.dtype);
        const Dtype type = typed.type;
        const std::string why = typed.why;
        const Comparison c = CompareRead(bytes_b, bytes_a.data(), bytes_a.size(), type, options.compare);
        d.reads_compared++;
        d.read_bytes += bytes_a.size();
        if (c.Equal()) {
            d.reads_alike++;
            return;
        }
        LogDiff::ReadDiff rd{seq_a, seq_b, function,
                             std::string(DtypeName(c.type)) + (why.empty() || c.type != type ? "" : " (" + why + ")"),
                             DescribeMismatch(c, {"B", "A"})};
        first(pair_name(seq_a, seq_b) + " " + function + ": the data read differ: " + rd.lines.front());
        d.read_diff_count++;
        if (d.read_diffs.size() < options.shown) d.read_diffs.push_back(std::move(rd));
    };

    // A value the checker does not read (an exception text, a nested config) can still be damaged: named, as a
    // bad log.
    std::uint64_t at = 0;  // the call at hand
    bool at_b = false;
    try {
        const std::uint64_t by_position = AlignWindows(
            [&](std::uint32_t& key) { return sa.NextKey(key); }, [&](std::uint32_t& key) { return sb.NextKey(key); },
            window, options.max_edits, [&](const AlignStep& s) {
                at_b = s.kind == AlignStep::kOnlyB;
                at = (at_b ? sb : sa).Front().seq;
                if (s.kind == AlignStep::kBoth)
                    pair();
                else
                    lone(s.kind == AlignStep::kOnlyA);
            });
        d.by_position = by_position != 0;
        d.max_edits = options.max_edits, d.window = window;
    } catch (const kj::Exception& e) {
        throw LogError("call #" + std::to_string(at) + " of " + (at_b ? "B" : "A") + ": damaged: " +
                       e.getDescription().cStr());
    }
    return d;
}

// The lines of a change's detail (a kernel source's unified diff) the text report shows.
constexpr std::size_t kShownDetail = 60;

void PrintDiff(const LogDiff& d, std::FILE* out) {
    const auto line = [&](const std::string& s) { std::fprintf(out, "%s\n", TerminalSafe(s).c_str()); };
    const std::string both = d.a.path + " (A) and " + d.b.path + " (B)";
    if (d.a.tt_metal != d.b.tt_metal) line("A follows tt-metal " + d.a.tt_metal + ", B " + d.b.tt_metal);
    if (d.by_position)
        line("where the logs differ in too many calls to align (more than " + std::to_string(d.max_edits) +
             " within " + std::to_string(d.window) + " calls), calls are paired by position");
    if (d.same()) {
        line(both + " are alike: " + std::to_string(d.a.calls) + " calls, " + std::to_string(d.reads_compared) +
             " reads compared (" + std::to_string(d.read_bytes) + " bytes)" +
             (d.reads_compared ? "" : "; no read data in both to compare") +
             (d.writes_set_aside ? "; " + std::to_string(d.writes_set_aside) +
                                       " writes whose data differ set aside (--ignore-writes)"
                                 : ""));
        return;
    }
    line(both + " differ");
    line("first divergence: " + d.first);
    line("calls: " + std::to_string(d.a.calls) + " in A, " + std::to_string(d.b.calls) + " in B; " +
         std::to_string(d.alike) + " alike, " + std::to_string(d.changed_count) + " changed, " +
         std::to_string(d.only_a_count) + " only in A, " + std::to_string(d.only_b_count) + " only in B" +
         (d.writes_set_aside ? "; " + std::to_string(d.writes_set_aside) +
                                   " writes whose data differ set aside (--ignore-writes)"
                             : ""));
    const auto more = [&](std::uint64_t all, std::size_t listed) {
        if (all > listed) line("  … " + std::to_string(all - listed) + " more");
    };
    if (d.changed_count) {
        std::map<std::string, std::uint64_t> kinds;
        for (const auto& c : d.changed) kinds[c.kind]++;
        line("changed calls (" + std::to_string(d.changed_count) + "):");
        for (const auto& c : d.changed) {
            line("  A #" + std::to_string(c.seq_a) + " / B #" + std::to_string(c.seq_b) + " " + c.function + ": " +
                 c.what + " (" + c.kind + "): A " + c.value_a + ", B " + c.value_b);
            for (std::size_t i = 0; i < c.detail.size() && i < kShownDetail; i++) line("    " + c.detail[i]);
            if (c.detail.size() > kShownDetail)
                line("    … " + std::to_string(c.detail.size() - kShownDetail) + " more lines (--json has them all)");
        }
        more(d.changed_count, d.changed.size());
    }
    for (const auto* lone : {&d.only_a, &d.only_b}) {
        const bool in_a = lone == &d.only_a;
        const std::uint64_t count = in_a ? d.only_a_count : d.only_b_count;
        if (!count) continue;
        line(std::string("only in ") + (in_a ? "A" : "B") + " (" + std::to_string(count) + "):");
        for (const auto& c : *lone) line("  #" + std::to_string(c.seq) + " " + c.text);
        more(count, lone->size());
    }
    line(
        "reads: " + std::to_string(d.reads_compared) + " compared (" + std::to_string(d.read_bytes) + " bytes), " +
        std::to_string(d.reads_alike) + " alike, " + std::to_string(d.read_diff_count) + " differ" +
        (d.reads_one_side ? "; " + std::to_string(d.reads_one_side) + " recorded in one log only (not compared)" : ""));
    for (const auto& r : d.read_diffs) {
        line("  A #" + std::to_string(r.seq_a) + " / B #" + std::to_string(r.seq_b) + " " + r.function + " as " +
             r.type + ": " + r.lines.front());
        for (std::size_t i = 1; i < r.lines.size(); i++) line("    " + r.lines[i]);
    }
    more(d.read_diff_count, d.read_diffs.size());
}

void PrintDiffJson(const LogDiff& d, std::FILE* out) {
    JsonWriter j(out);
    j.BeginObject();
    j.Key("same"), j.Bool(d.same());
    for (const auto* s : {&d.a, &d.b}) {
        j.Key(s == &d.a ? "a" : "b"), j.BeginObject();
        j.Key("path"), j.String(s->path);
        j.Key("tt_metal"), j.String(s->tt_metal);
        j.Key("process"), j.String(s->process);
        j.Key("calls"), j.Number(s->calls);
        j.Key("reads"), j.Number(s->reads);
        j.EndObject();
    }
    j.Key("aligned_by_position"), j.Bool(d.by_position);
    j.Key("first_divergence"), j.String(d.first);
    j.Key("calls"), j.BeginObject();
    j.Key("alike"), j.Number(d.alike);
    j.Key("changed"), j.Number(d.changed_count);
    j.Key("only_a"), j.Number(d.only_a_count);
    j.Key("only_b"), j.Number(d.only_b_count);
    j.EndObject();
    j.Key("changed"), j.BeginArray();
    for (const auto& c : d.changed) {
        j.BeginObject();
        j.Key("seq_a"), j.Number(c.seq_a);
        j.Key("seq_b"), j.Number(c.seq_b);
        j.Key("function"), j.String(c.function);
        j.Key("what"), j.String(c.what);
        j.Key("kind"), j.String(c.kind);
        j.Key("a"), j.String(c.value_a);
        j.Key("b"), j.String(c.value_b);
        if (!c.detail.empty()) {
            j.Key("diff"), j.BeginArray();
            for (const std::string& l : c.detail) j.String(l);
            j.EndArray();
        }
        j.EndObject();
    }
    j.EndArray();
    for (const auto* lone : {&d.only_a, &d.only_b}) {
        j.Key(lone == &d.only_a ? "only_a" : "only_b"), j.BeginArray();
        for (const auto& c : *lone) {
            j.BeginObject();
            j.Key("seq"), j.Number(c.seq);
            j.Key("call"), j.String(c.text);
            j.EndObject();
        }
        j.EndArray();
    }
    j.Key("writes_set_aside"), j.Number(d.writes_set_aside);
    j.Key("reads"), j.BeginObject();
    j.Key("compared"), j.Number(d.reads_compared);
    j.Key("alike"), j.Number(d.reads_alike);
    j.Key("differ"), j.Number(d.read_diff_count);
    j.Key("bytes"), j.Number(d.read_bytes);
    j.Key("one_side_only"), j.Number(d.reads_one_side);
    j.Key("differences"), j.BeginArray();
    for (const auto& r : d.read_diffs) {
        j.BeginObject();
        j.Key("seq_a"), j.Number(r.seq_a);
        j.Key("seq_b"), j.Number(r.seq_b);
        j.Key("function"), j.String(r.function);
        j.Key("compared_as"), j.String(r.type);
        j.Key("report"), j.BeginArray();
        for (const auto& l : r.lines) j.String(l);
        j.EndArray();
        j.EndObject();
    }
    j.EndArray();
    j.EndObject();
    j.EndObject();
    std::fputc('\n', out);
}

namespace {
constexpr const char* kDiffUsage = R"(usage: ltcap diff [options] A B

Compares two logs call by call — the same program built twice, run on two tt-metal releases or with another
input — reading them without executing anything. Calls are aligned by function (the fewest added and removed);
each pair's arguments and results are compared (objects by what they are, not by their ids; kernel sources and
payloads by content), and the data of reads both logs recorded element by element, as the type the program read
into or the log says the buffer holds (the circular-buffer format of the program that wrote it; see ltcap replay
--help). Prints the first divergence, then what changed, what only one log has, and how the reads compare.

options:
  --json          the report as JSON on standard output
  --limit N       list at most N changes of each kind (default 20; the counts are always whole)
  --dtype TYPE    compare read data as TYPE (uint8, uint16, int32, uint32, float32, bfloat16, float16, bfp8_b,
                  bfp4_b, bytes)
  --atol X, --rtol X
                  float read data within X + rtol·|A| of A's counts as alike
  --window N      align the calls N at a time (default 8192, 16 to 1048576): what the diff holds of each log,
                  whatever its length. Calls added or removed in one run are found up to 2,000 within a window;
                  where more differ, that stretch is paired by position and the report says so
  --ignore-writes set aside writes whose data alone differs (each call handing over one payload: the inputs of
                  a run on other data): counted, not changes, so the first divergence shown is the first the
                  inputs do not explain — a read, a launch, a kernel
  -h, --help      this text

exit status: 0 alike, 1 different, 2 a log cannot be read or is damaged, or a bad option
)";

bool Number(const char* text, double& out) {
    char* end = nullptr;
    out = std::strtod(text, &end);
    return end != text && *end == 0 && out >= 0 && out < 1e300;
}
}  // namespace

int DiffMain(int argc, char** argv) {
    static const option kOptions[] = {{"json", no_argument, nullptr, 'j'},
                                      {"limit", required_argument, nullptr, 'l'},
                                      {"dtype", required_argument, nullptr, 'd'},
                                      {"atol", required_argument, nullptr, 'a'},
                                      {"rtol", required_argument, nullptr, 'r'},
                                      {"ignore-writes", no_argument, nullptr, 'w'},
                                      {"window", required_argument, nullptr, 'W'},
                                      {"help", no_argument, nullptr, 'h'},
                                      {nullptr, 0, nullptr, 0}};
    DiffOptions options;
    bool json = false;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, "h", kOptions, nullptr)) != -1;) {
        double x = 0;
        if (c == 'j') {
            json = true;
        } else if (c == 'w') {
            options.ignore_writes = true;
        } else if (c == 'l' && Number(optarg, x) && x == static_cast<unsigned>(x)) {
            options.shown = static_cast<unsigned>(x);
        } else if (c == 'W' && Number(optarg, x) && x == static_cast<std::size_t>(x) && x >= 16 && x <= (1 << 20)) {
            options.window = static_cast<std::size_t>(x);
        } else if (c == 'd' && ParseDtype(optarg)) {
            options.compare.dtype = ParseDtype(optarg);
        } else if ((c == 'a' || c == 'r') && Number(optarg, x)) {
            (c == 'a' ? options.compare.atol : options.compare.rtol) = x;
        } else if (c == 'h') {
            return std::fputs(kDiffUsage, stdout), 0;
        } else {
            if (c == 'l' || c == 'd' || c == 'a' || c == 'r' || c == 'W')
                std::fprintf(stderr, "ltcap diff: --%s %s: not a valid value\n",
                             c == 'l'   ? "limit"
                             : c == 'd' ? "dtype"
                             : c == 'a' ? "atol"
                             : c == 'W' ? "window (16 to 1048576 calls)"
                                        : "rtol",
                             optarg);
            std::fputs(kDiffUsage, stderr);
            return 2;
        }
    }
    if (optind + 2 != argc) {
        std::fprintf(stderr, "ltcap diff: give two logs\n%s", kDiffUsage);
        return 2;
    }
    const std::string path_a = argv[optind], path_b = argv[optind + 1];
    std::string current = path_a;
    try {
        LogReader a(path_a);
        current = path_b;
        LogReader b(path_b);
        current = "";
        const LogDiff d = DiffLogs(a, b, options);
        for (const LogReader* l : {&a, &b})
            if (!l->complete())
                std::fprintf(stderr, "ltcap diff: %s: cut off: %s (the calls before it are compared)\n",
                             l->path().c_str(), l->truncation().c_str());
        if (json)
            PrintDiffJson(d, stdout);
        else
            PrintDiff(d, stdout);
        return d.same() ? 0 : 1;
    } catch (const LogError& e) {
        std::fprintf(stderr, "ltcap diff: %s\n",
                     TerminalSafe(current.empty() ? e.what() : NamingThePath(current, e.what())).c_str());
        return 2;
    } catch (const kj::Exception& e) {  // a damaged value no reader turned into a LogError
        std::fprintf(stderr, "ltcap diff: damaged: %s\n", TerminalSafe(e.getDescription().cStr()).c_str());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ltcap diff: %s\n", TerminalSafe(e.what()).c_str());
        return 2;
    }
}

}  // namespace ltcap::cli
