// One intercepted call, start to end. Every function in profiles/v0.56.0/api/api_list.h is defined (interpose.cc) as a
// call to Intercept with the real function and its arguments (some wrapped in roles, see encode.h):
//
//   1. a thread-local depth guard: calls tt-metal makes to itself while inside an intercepted call (whether
//      or not they go through the PLT) are forwarded without recording;
//   2. capture windows: a boundary event may open a window (writing a snapshot) before the call, or close it after;
//   3. with no window open, a call that changes no tracked state is forwarded at once (state.h);
//   4. the Call entry — arguments included — is written before forwarding, so a call that crashes is logged;
//   5. the real function runs; its exception, if any, is recorded and rethrown unchanged;
//   6. the Return entry, then the work the roles left for after the call (read data, finished queues), then the
//      tracker's bookkeeping (a call's records are kept for later snapshots; the hot runtime-args and CB calls
//      are kept by the log's writer thread instead, state.h: KeptLate).
//
// Nothing here throws into the program: a failure of the shim turns capture off (Capture::Fail).
#pragma once

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <optional>
#include <shared_mutex>
#include <type_traits>
#include <utility>

#include "interpose/capture.h"
#include "interpose/encode.h"
#include "interpose/real_library.h"

namespace ltcap {

// The real function behind one interposed symbol: our own symbol's name (dladdr), found in whichever library
// defines it (real_library.h) on first use — late enough that a libtt_metal.so the program dlopens is found too.
template <typename Fn>
class Next {
public:
    explicit Next(Fn self) : self_(self) {}
    [[gnu::always_inline]] Fn get() {
        Fn fn = real_.load(std::memory_order_acquire);
        if (fn) [[likely]] return fn;
        return Resolve();
    }

private:
    [[gnu::noinline]] Fn Resolve() {
        Dl_info info{};
        const char* name = dladdr(reinterpret_cast<void*>(self_), &info) && info.dli_sname ? info.dli_sname : nullptr;
        Fn fn = name ? reinterpret_cast<Fn>(real::Find(name)) : nullptr;
        if (!fn) real::Missing(name ? name : "(a tt-metal function)");
        real_.store(fn, std::memory_order_release);
        return fn;
    }

    Fn self_;
    std::atomic<Fn> real_{nullptr};
};

// One for all the shim's interposers (interpose.cc's, the destructor hooks'), so a call made inside any of them is
// nested; defined in capture.cc. Not inline: a unique (inline) thread-local would be exported despite the version
// script; hidden like everything of the shim's.
extern constinit thread_local int t_depth;  // constinit: no TLS wrapper call on access

struct DepthGuard {
    DepthGuard() { ++t_depth; }
    ~DepthGuard() { --t_depth; }
    bool outermost() const { return t_depth == 1; }
};

namespace detail {

namespace {
thread_local wire::Message t_message;
}  // namespace
[[gnu::always_inline]] inline wire::Message& ThreadMessage() {
    t_message.Clear();
    return t_message;
}
// A thread's spare buffer for a call's kept records: the tracker hands back the one it replaced.
namespace {
thread_local std::string t_records;
}  // namespace

// Writes the call's arguments into its Call entry (c.call), each by its role or type (encode.h), in order: what each
// names goes into the call's facts as it is written, so a later argument can read an earlier one's.
template <typename... Args>
void EncodeArgs(CallContext& c, Args&... args) {
    [[maybe_unused]] auto list = c.msg.InitStructList<L::Call>(c.call, L::Call::f_args, sizeof...(Args), L::Value::kSize);
    [[maybe_unused]] std::size_t i = 0;
    (c.facts.Add(Encode(c, c.msg.Element(list, i++), args)), ...);
}

// `kEndsInPlace`: a void call, whose normal return is recorded as the Call entry's endNs (Session::EndLater).
template <bool kEndsInPlace, typename... Args>
bool BeginCall(CallContext& c, layout::Api api, Args&... args) noexcept {
    try {
        auto e = c.msg.InitRoot(L::Entry::kSize);
        // Only launches can have argsChanged and only backtraced calls a backtrace: other calls leave both pointers
        // out of the struct (shorter structs read as if those fields were unset).
        constexpr bool kLaunch = (IsLaunchArg<std::decay_t<Args>> || ...);
        static_assert(L::Call::f_args.offset == 0 && L::Call::kSize.ptr_words == 3, "args is the first pointer");
        const bool backtrace = c.log && c.cap.WantsBacktrace(api);
        const wire::StructSize size{L::Call::kSize.data_words, std::uint16_t(kLaunch || backtrace ? 3 : 1)};
        c.call = c.msg.InitStruct<L::Entry>(e, L::Entry::f_call, size);
        c.msg.Set<L::Call>(c.call, L::Call::f_thread, c.cap.ThreadNumber());
        c.msg.Set<L::Call>(c.call, L::Call::f_function, static_cast<std::uint16_t>(api));
        EncodeArgs(c, args...);
        if constexpr (kLaunch) {
            if (c.launch) EncodeArgsChanged(c, *c.launch);
        }
        if (backtrace) RecordBacktrace(c);
        c.begin_ns = c.cap.NowNs();
        c.msg.Set<L::Call>(c.call, L::Call::f_beginNs, c.begin_ns);
        if (c.log) {
            if (c.late) {
                const Session::LateKeep keep = LateKeepOf(c, api);
                c.seq = c.log->EmitCall(c.msg, c.call, &c.open_end, &keep);
            } else {
                c.seq = c.log->EmitCall(c.msg, c.call, kEndsInPlace ? &c.open_end : nullptr);
            }
            if (c.cap.debug()) c.cap.DebugLine(c.seq, api);
        } else {
            c.seq = c.cap.NextSeq();
            c.msg.Set<L::Call>(c.call, L::Call::f_seq, c.seq);
        }
        if (c.journal) c.msg.Set<L::Call>(c.call, L::Call::f_synthesized, true);  // kept at the end (EndCall)
        return true;
    } catch (const std::exception& e) {
        report::Fail(std::string("cannot record a call: ") + e.what());
    } catch (...) {
        report::Fail("cannot record a call");
    }
    return false;
}

// Ends the call's record: a void call that returned normally leaves its end time for the session to set in its
// Call entry (most are: no second entry, no lock here); otherwise a Return entry follows, its result filled by
// `encode_result`.
template <bool kHasResult, typename EncodeResultFn>
void EndCall(CallContext& c, layout::Api api, const char* exception, EncodeResultFn encode_result) noexcept {
    try {
        wire::Message& m = c.msg;
        // Not before the call began (the clock may step back a little when it re-anchors, clock.h); never 0, which
        // would read as "not ended here".
        std::uint64_t end_ns = c.cap.NowNs();
        if (end_ns < c.begin_ns) end_ns = c.begin_ns;
        if (end_ns == 0) end_ns = 1;
        bool ended_in_call = false;
        if constexpr (!kHasResult) {
            if (c.open_end && !exception) Session::EndLater(c.open_end, end_ns);
            else if (c.open_end) c.log->CancelEnd(c.open_end);
            ended_in_call = !exception && (c.open_end || !c.log);
        }
        if (c.journal && !exception) {  // the kept record reads exactly as the log does
            if (ended_in_call) m.Set<L::Call>(c.call, L::Call::f_endNs, end_ns);
            m.AppendTo(c.records);
        }
        if (!ended_in_call) {
            m.Clear();
            auto e = m.InitRoot(L::Entry::kSize);
            auto r = m.InitStruct<L::Entry>(e, L::Entry::f_return, L::Return::kSize);
            m.Set<L::Return>(r, L::Return::f_seq, c.seq);
            m.Set<L::Return>(r, L::Return::f_endNs, end_ns);
            if (exception) {
                m.Set<L::Return>(r, L::Return::f_threw, true);
                m.SetText<L::Return>(r, L::Return::f_exception, exception);
            } else if constexpr (kHasResult) {
                encode_result(m.InitStruct<L::Return>(r, L::Return::f_result, L::Value::kSize));
            }  // a void call leaves `result` unset, which reads as `none`
            if (c.log) c.log->Emit(m);
            if (exception) return;  // a call that failed created or changed nothing to track
            if (c.journal) m.AppendTo(c.records);
        }
        for (std::size_t i = 0; i < c.after_count; i++) c.after[i].fn(c, c.after[i].a, c.after[i].b);
        // A launch or a compile may have built kernels: their builds follow it in the log (binary_store.h).
        if ((RulesOf(api).has(kLaunch) || RulesOf(api).has(kBuildsKernels)) && c.log) c.cap.binaries().Poll(c.log);
        // LTCAP_LAUNCH_OUTPUTS: what the launch left in the device's buffers (not a trace's recipe: nothing ran).
        if (RulesOf(api).has(kLaunch) && c.log && c.cap.launch_outputs() && !c.cap.tracker().capturing_trace())
            WriteLaunchOutputs(c.cap, *c.log, c.seq);
        if (!c.late && (c.journal || StateRoleOf(api) != StateRole::kNone)) Track(c, api);
    } catch (const std::exception& e) {
        report::Fail(std::string("cannot record a call's result: ") + e.what());
    } catch (...) {
        report::Fail("cannot record a call's result");
    }
}

// Window bookkeeping around one call: a boundary event may open a window before it and close one after it.
class BoundaryScope {
public:
    [[gnu::always_inline]] BoundaryScope(Capture& cap, layout::Api api) : cap_(cap), api_(api) {
        if (!cap.windowed()) return;
        boundary_ = WindowControl::IsBoundary(cap.boundary(), api);
        if (boundary_) cap.BeforeBoundary();
        if (RulesOf(api).has(kLightMetalBegin)) cap.BeforeLightMetalBegin();
    }
    [[gnu::always_inline]] ~BoundaryScope() {
        if (!cap_.windowed()) return;
        if (RulesOf(api_).has(kLightMetalEnd)) cap_.AfterLightMetalEnd();
        if (boundary_) cap_.AfterBoundary();
    }
    BoundaryScope(const BoundaryScope&) = delete;
    BoundaryScope& operator=(const BoundaryScope&) = delete;

private:
    Capture& cap_;
    layout::Api api_;
    bool boundary_ = false;
};

}  // namespace detail

// Allocating calls (rules kOrdered: addresses come from shared allocators, trace ids from a global counter) hold the
// capture's order lock from the moment the call gets its seq until it returns, so the log's order is the order
// tt-metal saw, and a replay in log order reproduces the addresses. Buffer releases are left out: a tt-metal worker
// thread may run them while another thread, inside an allocation, waits for that worker.
namespace detail {

// A KeepingShare for the calls whose records are kept, nothing for the rest (not a std::optional: its emplace is a
// call of its own on every recorded call).
template <bool kKeeps>
struct KeepingScope {
    explicit KeepingScope(Capture&) noexcept {}
};
template <>
struct KeepingScope<true> : KeepingShare {
    using KeepingShare::KeepingShare;
};

// A call that is recorded, or may be: everything after Intercept's fast path, out of line (its frame, its locks and
// its exception handling cost the calls that take the fast path nothing).
template <layout::Api kApi, typename ResultRole, typename Fn, typename... Args>
[[gnu::noinline]] decltype(auto) InterceptRecorded(Capture* cap, Next<Fn>& next, Args&&... args) {
    using Ret = decltype(next.get()(Unwrap(std::forward<Args>(args))...));
    detail::BoundaryScope window(*cap, kApi);
    constexpr StateRole role = StateRoleOf(kApi);
    // A call whose records are kept cannot run while a window opens: it is either in the snapshot or in the log.
    KeepingScope<role == StateRole::kJournal> keeping(*cap);
    SessionRef log(cap->session());
    // While a metal trace is captured, every call belongs to its recipe.
    const bool recipe = role == StateRole::kNone && cap->tracker().capturing_trace() != 0;
    if (!log.get() && role == StateRole::kNone && !recipe) return next.get()(Unwrap(std::forward<Args>(args))...);
    std::optional<OrderHold> order;
    if constexpr (OrderedWithAllocations(kApi)) order.emplace(cap->order_mutex(), t_order_held);
    CallContext c{*cap, detail::ThreadMessage()};
    c.log = log.get();
    // A buffer's release is kept when it ends a ghost, which the tracker decides (state.h): always serialized.
    c.journal = role == StateRole::kJournal || recipe || RulesOf(kApi).keep == Keep::kReleasesBuffer;
    if constexpr (KeptLate(kApi)) {
        static_assert(std::is_void_v<Ret>, "a call kept late ends in place (Session::LateKeep)");
        // Not while a metal trace is captured: the trace's bookkeeping (StateTracker::Keep) needs the record now.
        c.late = c.log && cap->tracker().capturing_trace() == 0;
        c.journal = !c.late;
    }
    struct SpareRecords {  // lends the thread's spare buffer to a call whose records are kept, and takes back what is left
        std::string* s;
        explicit SpareRecords(CallContext& c) : s(c.journal ? &c.records : nullptr) {
            if (s) s->swap(detail::t_records), s->clear();
        }
        ~SpareRecords() {
            if (s) s->swap(detail::t_records);
        }
    } spare(c);
    // A void call whose result is made after it (kResultAfterVoidCall) ends in a Return entry, as valued calls do.
    constexpr bool kAfter = kResultAfterVoidCall<ResultRole>;
    if (!detail::BeginCall<std::is_void_v<Ret> && !kAfter>(c, kApi, args...))
        return next.get()(Unwrap(std::forward<Args>(args))...);
    try {
        if constexpr (std::is_void_v<Ret> && kAfter) {
            next.get()(Unwrap(std::forward<Args>(args))...);
            detail::EndCall<true>(c, kApi, nullptr, [&](wire::StructRef v) { c.facts.created = EncodeResult(c, v, ResultRole{}, args...); });
        } else if constexpr (std::is_void_v<Ret>) {
            next.get()(Unwrap(std::forward<Args>(args))...);
            detail::EndCall<false>(c, kApi, nullptr, [](wire::StructRef) {});
        } else {
            decltype(auto) result = next.get()(Unwrap(std::forward<Args>(args))...);
            detail::EndCall<true>(c, kApi, nullptr, [&](wire::StructRef v) { c.facts.created = EncodeResult(c, v, ResultRole{}, result); });
            if constexpr (std::is_reference_v<Ret>) {
                return static_cast<Ret>(result);
            } else {
                return result;
            }
        }
    } catch (const std::exception& e) {
        detail::EndCall<false>(c, kApi, e.what(), [](wire::StructRef) {});
        throw;
    } catch (...) {
        detail::EndCall<false>(c, kApi, "an exception not derived from std::exception", [](wire::StructRef) {});
        throw;
    }
}

}  // namespace detail

// The fast path, inline in each interposer: a nested call, capture off, or a call that changes no tracked state
// while nothing is recorded and no window can open at it (Capture::Idle) goes straight to tt-metal — the depth
// guard, three loads for the capture, three for Idle, and the real function's pointer.
template <layout::Api kApi, typename ResultRole, typename Fn, typename... Args>
decltype(auto) Intercept(Next<Fn>& next, Args&&... args) {
    DepthGuard guard;
    Capture* cap = guard.outermost() ? Capture::Get() : nullptr;
    constexpr bool kMayIdle = StateRoleOf(kApi) == StateRole::kNone && !RulesOf(kApi).has(kLightMetalBegin) &&
                              !RulesOf(kApi).has(kLightMetalEnd);
    if (!cap || (kMayIdle && cap->Idle(kApi))) return next.get()(Unwrap(std::forward<Args>(args))...);
    return detail::InterceptRecorded<kApi, ResultRole>(cap, next, std::forward<Args>(args)...);
}

}  // namespace ltcap
