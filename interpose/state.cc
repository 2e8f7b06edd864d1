#include "interpose/state.h"

#include <algorithm>

namespace ltcap {

void StateTracker::Keep(std::uint64_t seq, std::uint64_t owner, std::uint64_t replaces, std::string& records) {
    std::lock_guard lock(mutex_);
    if (capturing_trace_) last_trace_seq_ = seq;
    // The common case, a loop setting the same args again: the replaced record's nodes are reused.
    if (replaces) {
        auto [latest, fresh] = latest_.try_emplace(replaces, seq);
        if (!fresh) {
            const std::uint64_t old = latest->second;
            latest->second = seq;
            auto rec = records_.find(old);
            if (rec != records_.end() && old > last_trace_seq_) {
                auto owned = by_owner_.extract({rec->second.owner, old});
                auto node = records_.extract(rec);
                node.key() = seq;
                node.mapped().owner = owner;
                node.mapped().bytes.swap(records);
                records_.insert(std::move(node));
                if (owned) {
                    owned.value() = {owner, seq};
                    by_owner_.insert(std::move(owned));
                } else {
                    by_owner_.insert({owner, seq});
                }
                return;
            }
        }
    }
    auto& rec = records_[seq];
    rec.owner = owner;
    rec.replaces = replaces;
    rec.bytes.swap(records);
    by_owner_.insert({owner, seq});
}

void StateTracker::SetParent(std::uint64_t child, std::uint64_t parent) {
    if (!child || !parent) return;
    std::lock_guard lock(mutex_);
    children_.emplace(parent, child);
}

void StateTracker::Prune(std::uint64_t owner) {
    if (!owner) return;
    std::lock_guard lock(mutex_);
    PruneLocked(owner);
}

void StateTracker::PruneLocked(std::uint64_t owner) {
    const auto begin = by_owner_.lower_bound({owner, 0}), end = by_owner_.lower_bound({owner + 1, 0});
    for (auto it = begin; it != end; ++it) {
        auto rec = records_.find(it->second);
        if (rec == records_.end()) continue;
        if (rec->second.replaces) {
            auto l = latest_.find(rec->second.replaces);
            if (l != latest_.end() && l->second == it->second) latest_.erase(l);
        }
        records_.erase(rec);
    }
    by_owner_.erase(begin, end);
    buffers_.erase(owner);
    std::vector<std::uint64_t> children;
    auto [cb, ce] = children_.equal_range(owner);
    for (auto it = cb; it != ce; ++it) children.push_back(it->second);
    children_.erase(cb, ce);
    for (std::uint64_t c : children) PruneLocked(c);
}

void StateTracker::AddBuffer(std::uint64_t id, std::weak_ptr<tt::tt_metal::Buffer> buffer,
                             tt::tt_metal::IDevice* device) {
    std::lock_guard lock(mutex_);
    buffers_[id] = {id, std::move(buffer), device, true};
}

void StateTracker::BufferDeallocated(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    if (auto it = buffers_.find(id); it != buffers_.end()) it->second.allocated = false;
}

void StateTracker::EventRecorded(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    if (std::find(events_.begin(), events_.end(), id) != events_.end()) return;
    events_.push_back(id);
    if (events_.size() > kLiveEvents) {
        const std::uint64_t oldest = events_.front();
        events_.pop_front();
        PruneLocked(oldest);
    }
}

void StateTracker::AddSource(std::uint64_t id, std::string entry) {
    std::lock_guard lock(mutex_);
    sources_.emplace(id, std::move(entry));
}

StateTracker::Copy StateTracker::Take() const {
    std::lock_guard lock(mutex_);
    Copy copy;
    for (const auto& [id, s] : sources_) copy.sources.emplace_back(id, s);
    for (const auto& [seq, r] : records_) copy.records.push_back(r.bytes);
    for (const auto& [id, b] : buffers_) copy.buffers.push_back(b);
    return copy;
}

bool StateTracker::empty() const {
    std::lock_guard lock(mutex_);
    return records_.empty();
}

}  // namespace ltcap
