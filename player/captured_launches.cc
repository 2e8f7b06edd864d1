#include "player/captured_launches.h"

#include <map>
#include <string>

#include "player/decoded_call.h"
#include "player/launch_targets.h"
#include "player/log_check.h"
#include "player/payloads.h"
#include "player/programs.h"

namespace ltcap {
namespace {

class Collector : public EntryConsumer {
public:
    Collector(LogReader& log, LaunchTargets& targets, LaunchOutputs& out)
        : log_(log),
          targets_(targets),
          out_(out),
          payloads_([&log](std::uint64_t at, std::uint64_t n) { return log.Bytes(at, n); },
                    [&log](std::uint64_t at, std::uint64_t n, std::uint8_t* dst) { log.CopyBytes(at, n, dst); }) {}

    void OnCall(const DecodedCall& c) override {
        if (c.Class().launch) names_[c.seq] = c.Name();
    }
    void OnBlob(schema::Blob::Reader b) override { payloads_.Add(b, log_.StreamOffset(b.getData())); }
    void OnLaunchOutputs(schema::LaunchOutputs::Reader o) override {
        auto targets = targets_.Take(o.getSeq());
        if (!targets) return;  // a launch a replay records nothing for
        LaunchRecord r;
        r.launch = ++written_;
        r.seq = o.getSeq();
        auto name = names_.find(o.getSeq());
        r.function = name == names_.end() ? "api#?" : name->second;
        names_.erase(o.getSeq());
        r.program = targets->label;
        r.cores = targets->cores;
        r.dtype = targets->dtype ? DtypeName(*targets->dtype) : "bytes";
        for (auto b : o.getBuffers()) {
            const auto ref = b.getData();
            const std::uint8_t* bytes = payloads_.Data(ref, ref.getSize());
            r.buffers.push_back({b.getBuffer(), 0, b.getPageSize(), {}, {bytes, bytes + ref.getSize()}});
        }
        payloads_.ReleaseUsed();
        out_.Write(r);
    }
    std::uint64_t written() const { return written_; }

private:
    LogReader& log_;
    LaunchTargets& targets_;
    LaunchOutputs& out_;
    Payloads payloads_;
    std::map<std::uint64_t, std::string> names_;  // launch calls whose outputs have not come yet
    std::uint64_t written_ = 0;
};

}  // namespace

std::uint64_t WriteCapturedLaunchOutputs(LogReader& log, LaunchOutputs& out) {
    Programs programs;
    LaunchTargets targets(programs);
    Collector collector(log, targets, out);
    LogChecker check;
    NamingTheEntry(log, [&] { ForEachDecodedEntry(log, check, {&programs, &targets, &collector}); });
    return collector.written();
}

}  // namespace ltcap
