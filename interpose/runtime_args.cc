// Runtime args edited in place: a program holding GetRuntimeArgs references writes through them, bypassing
// SetRuntimeArgs. For the kernels it exposed that way (args_shadow.h), a launch compares the library's args with
// the log's view and records what changed (Call.argsChanged); a SetRuntimeArgs on such a kernel brings the view up
// to date.
#include "interpose/encode.h"
#include "interpose/tt_calls.h"

namespace ltcap {
namespace {

struct ArgsChange {
    std::uint64_t kernel;
    bool common;
    std::uint32_t x, y;
    std::vector<std::uint32_t> words;
};

std::uint64_t KernelId(CallContext& c, std::uint32_t handle) {
    return c.cap.ids().Id(Kind::kernel, (c.facts.Key(Kind::program) << 20) | handle);
}

// Compares kernel `k`'s runtime args in the library with the log's view, updating the view; returns changes.
void ScanArgs(CallContext& c, const tm::Program& program, std::uint32_t k, std::vector<ArgsChange>& changes) {
    const std::uint64_t kernel_id = KernelId(c, k);
    const tm::RuntimeArgsData& common = lib::RealGetCommonRuntimeArgs(program, k);
    if (common.rt_args_count && c.cap.args().Differ({kernel_id, true, 0, 0}, common.rt_args_data, common.rt_args_count))
        changes.push_back({kernel_id, true, 0, 0, {common.rt_args_data, common.rt_args_data + common.rt_args_count}});
    auto& per_core = lib::RealGetRuntimeArgs(program, k);
    for (std::uint32_t x = 0; x < per_core.size(); x++) {
        for (std::uint32_t y = 0; y < per_core[x].size(); y++) {
            const tm::RuntimeArgsData& a = per_core[x][y];
            if (a.rt_args_data && c.cap.args().Differ({kernel_id, false, x, y}, a.rt_args_data, a.rt_args_count))
                changes.push_back({kernel_id, false, x, y, {a.rt_args_data, a.rt_args_data + a.rt_args_count}});
        }
    }
}

}  // namespace

void NoteArgs(CallContext& c, const tm::Program& program, std::uint32_t kernel) {
    std::vector<ArgsChange> ignored;  // what the call set is in its own arguments
    ScanArgs(c, program, kernel, ignored);
}

void EncodeArgsChanged(CallContext& c, const tm::Program& program) {
    std::vector<ArgsChange> changes;
    const std::uint64_t kernels = lib::ProgramNumKernels(program);
    for (std::uint32_t k = 0; k < kernels; k++)
        if (c.cap.args().Exposed(KernelId(c, k))) ScanArgs(c, program, k, changes);
    if (changes.empty()) return;
    using A = L::ArgsSnapshot;
    auto list = c.msg.InitStructList<L::Call>(c.call, L::Call::f_argsChanged, changes.size(), A::kSize);
    for (std::size_t i = 0; i < changes.size(); i++) {
        auto e = c.msg.Element(list, i);
        c.msg.Set<A>(e, A::f_kernel, changes[i].kernel);
        c.msg.Set<A>(e, A::f_common, changes[i].common);
        c.msg.Set<A>(e, A::f_x, changes[i].x);
        c.msg.Set<A>(e, A::f_y, changes[i].y);
        c.msg.SetU32List<A>(e, A::f_words, changes[i].words.data(), changes[i].words.size());
    }
}

}  // namespace ltcap
