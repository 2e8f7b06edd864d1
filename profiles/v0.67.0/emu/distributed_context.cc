// The one-host distributed context: rank 0 of 1. A collective gives the single rank's contribution back (a
// reduction over one rank is its input; gathers and scatters copy the one part); point-to-point messages and probes
// have no other rank and throw; contexts made from it (duplicate, split, sub-contexts) are one-rank contexts too.
#include <tt-metalium/distributed_context.hpp>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "emu/core/errors.h"

namespace tt::tt_metal::distributed::multihost {
namespace {

using Bytes = tt::stl::Span<std::byte>;

void CheckRank(Rank r, const char* what) {
    if (*r != 0) ttemu::Throw("DistributedContext::", what, ": rank ", *r, " of a one-rank context (rank 0 only)");
}
// A collective's one part: the send buffer into the receive buffer (sizes as MPI requires them for one rank).
void Copy(Bytes send, Bytes recv, const char* what) {
    if (send.size() != recv.size())
        ttemu::Throw("DistributedContext::", what, ": ", send.size(), " bytes sent and ", recv.size(),
                     " to receive on a one-rank context");
    if (!send.empty() && send.data() != recv.data()) std::memmove(recv.data(), send.data(), send.size());
}
// A point-to-point call or probe with `peer`: a rank the context does not have, or rank 0, which has no other to
// exchange with.
[[noreturn]] void NoPeer(Rank peer, const char* what) {
    CheckRank(peer, what);
    ttemu::Throw("DistributedContext::", what, ": a one-rank context has no other rank to exchange messages with");
}

class OneHostContext final : public DistributedContext {
public:
    OneHostContext() { id_ = generate_unique_id(); }
    Rank rank() const override { return Rank(0); }
    Size size() const override { return Size(1); }
    bool supports_fault_tolerance() const override { return false; }
    void barrier() const override {}
    void send(Bytes, Rank dest, Tag) const override { NoPeer(dest, "send"); }
    void ssend(Bytes, Rank dest, Tag) const override { NoPeer(dest, "ssend"); }
    void recv(Bytes, Rank source, Tag) const override { NoPeer(source, "recv"); }
    RequestPtr isend(Bytes, Rank dest, Tag) const override { NoPeer(dest, "isend"); }
    RequestPtr irecv(Bytes, Rank source, Tag) const override { NoPeer(source, "irecv"); }
    void broadcast(Bytes, Rank root) const override { CheckRank(root, "broadcast"); }
    void gather(Bytes send, Bytes recv, Rank root) const override {
        CheckRank(root, "gather");
        Copy(send, recv, "gather");
    }
    void scatter(Bytes send, Bytes recv, Rank root) const override {
        CheckRank(root, "scatter");
        Copy(send, recv, "scatter");
    }
    void all_gather(Bytes send, Bytes recv) const override { Copy(send, recv, "all_gather"); }
    void all_to_all(Bytes send, Bytes recv) const override { Copy(send, recv, "all_to_all"); }
    void all_reduce(Bytes send, Bytes recv, ReduceOp, DType) const override { Copy(send, recv, "all_reduce"); }
    void reduce(Bytes send, Bytes recv, ReduceOp, DType, Rank root) const override {
        CheckRank(root, "reduce");
        Copy(send, recv, "reduce");
    }
    void reduce_scatter(Bytes send, Bytes recv, ReduceOp, DType) const override { Copy(send, recv, "reduce_scatter"); }
    void scan(Bytes send, Bytes recv, ReduceOp, DType) const override { Copy(send, recv, "scan"); }
    ContextPtr duplicate() const override { return std::make_shared<OneHostContext>(); }
    // The one rank goes into the context of its colour; with no colour (SPLIT_COLOR_UNDEFINED) into none.
    ContextPtr split(Color color, Key) const override {
        if (*color == SPLIT_COLOR_UNDEFINED) return nullptr;
        return std::make_shared<OneHostContext>();
    }
    ContextPtr create_sub_context(tt::stl::Span<int> ranks) const override {
        for (int r : ranks) CheckRank(Rank(r), "create_sub_context");
        return std::make_shared<OneHostContext>();
    }
    void translate_ranks_to_other_ctx(tt::stl::Span<int> ranks, const ContextPtr& other,
                                      tt::stl::Span<int> translated) const override {
        if (!other) ttemu::Throw("DistributedContext::translate_ranks_to_other_ctx: no other context");
        if (ranks.size() != translated.size())
            ttemu::Throw("DistributedContext::translate_ranks_to_other_ctx: ", ranks.size(), " ranks into ",
                         translated.size(), " places");
        for (std::size_t i = 0; i < ranks.size(); i++) {
            CheckRank(Rank(ranks[i]), "translate_ranks_to_other_ctx");
            translated[i] = 0;
        }
    }
    // As MPI_Abort: the whole job (this one process) ends with the code.
    void abort(int error_code) const override { std::_Exit(error_code); }
    void revoke_and_shrink() override {}
    bool is_revoked() override { return false; }
    std::size_t snoop_incoming_msg_size(Rank source, Tag) const override { NoPeer(source, "snoop_incoming_msg_size"); }
};

std::mutex g_world_mutex;
ContextPtr g_world;

}  // namespace

void DistributedContext::create(int, char**) {
    std::lock_guard lock(g_world_mutex);
    if (!g_world) g_world = std::make_shared<OneHostContext>();
}

const ContextPtr& DistributedContext::get_current_world() {
    create(0, nullptr);
    return g_world;
}

void DistributedContext::set_current_world(const ContextPtr& ctx) {
    if (!ctx) ttemu::Throw("DistributedContext::set_current_world: a null context");
    std::lock_guard lock(g_world_mutex);
    g_world = ctx;
}

bool DistributedContext::is_initialized() {
    std::lock_guard lock(g_world_mutex);
    return g_world != nullptr;
}

DistributedContextId DistributedContext::id() const { return id_; }

DistributedContextId DistributedContext::generate_unique_id() {
    static std::atomic<int> next{1};
    return DistributedContextId(next++);
}

}  // namespace tt::tt_metal::distributed::multihost
