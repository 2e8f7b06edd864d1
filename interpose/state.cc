#include "interpose/state.h"

#include <algorithm>

namespace ltcap {

void StateTracker::Keep(std::uint64_t seq, const KeepAs& as, std::string& records, bool late) {
    std::lock_guard lock(mutex_);
    KeepLocked(seq, as, records, late);
}

void StateTracker::KeepLocked(std::uint64_t seq, const KeepAs& as, std::string& records, bool late) {
    const std::uint64_t owner = as.owner, replaces = as.replaces;
    if (capturing_trace_ && !late) last_trace_seq_ = seq;  // late records are never a trace's (intercept.h)
    if (replaces) {
        auto [latest, fresh] = latest_.try_emplace(replaces, seq);
        auto rec = fresh ? records_.end() : records_.find(latest->second);
        if (rec != records_.end() && rec->second.seq > seq) {
            // Kept late, after a newer record with the same key: moot, unless a trace began in between (then it
            // goes in beside the newer one, which stays the latest).
            if (seq > last_trace_seq_) return;
        } else if (rec != records_.end() && rec->second.seq > last_trace_seq_) {
            // The common case, a loop setting the same args again: the replaced record takes the new bytes and
            // seq in place (its key stays; no map node moves).
            Record& r = rec->second;
            if (r.owner != owner) {
                by_owner_.erase({r.owner, rec->first});
                by_owner_.insert({owner, rec->first});
                r.owner = owner;
            }
            r.seq = seq;
            r.bytes.swap(records);
            if (r.names != as.names) {
                const std::uint64_t before = r.names;
                r.names = as.names;
                Name(as.names);
                Unname(before);
            }
            return;
        } else {
            latest->second = seq;
        }
    }
    auto& rec = records_[seq];
    rec.owner = owner;
    rec.replaces = replaces;
    rec.names = as.names;
    rec.seq = seq;
    rec.bytes.swap(records);
    by_owner_.insert({owner, seq});
    Name(as.names);
}

void StateTracker::Release(std::uint64_t buffer, std::uint64_t seq, std::string& records) {
    if (!buffer) return;
    std::lock_guard lock(mutex_);
    if (!named_.count(buffer)) return PruneLocked(buffer);
    buffers_.erase(buffer);  // nothing to read back: the snapshot only recreates it
    ghosts_.insert(buffer);
    if (!records.empty()) KeepLocked(seq, {buffer, 0, 0}, records, false);
}

void StateTracker::Name(std::uint64_t buffer) {
    if (buffer) named_[buffer]++;
}

void StateTracker::Unname(std::uint64_t buffer) {
    auto it = named_.find(buffer);
    if (it == named_.end() || --it->second > 0) return;
    named_.erase(it);
    if (ghosts_.count(buffer)) PruneLocked(buffer);
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
    // A buffer going with its device (CloseDevice) while kept records of other objects name it (a program's CB
    // placed in it): a snapshot could not recreate it, so those objects' records go too, lest a later window name a
    // buffer it never makes. (A released buffer they name stays a ghost instead: its device is still open.)
    if (named_.count(owner)) {
        std::set<std::uint64_t> namers;
        for (const auto& [seq, rec] : records_)
            if (rec.names == owner && rec.owner != owner) namers.insert(rec.owner);
        for (std::uint64_t n : namers) PruneLocked(n);
    }
    const auto begin = by_owner_.lower_bound({owner, 0}), end = by_owner_.lower_bound({owner + 1, 0});
    std::vector<std::uint64_t> unnamed;  // buffers the dropped records named: unnamed once these are gone
    for (auto it = begin; it != end; ++it) {
        auto rec = records_.find(it->second);
        if (rec == records_.end()) continue;
        if (rec->second.replaces) {
            auto l = latest_.find(rec->second.replaces);
            if (l != latest_.end() && l->second == it->second) latest_.erase(l);
        }
        if (rec->second.names) unnamed.push_back(rec->second.names);
        records_.erase(rec);
    }
    by_owner_.erase(begin, end);
    buffers_.erase(owner);
    ghosts_.erase(owner);
    for (std::uint64_t b : unnamed) Unname(b);
    std::vector<std::uint64_t> children;
    for (const auto& [event, device] : events_)
        if (device == owner) children.push_back(event);  // a closed device's events (pruned once, as children)
    std::erase_if(events_, [&](const auto& e) { return e.second == owner; });
    auto [cb, ce] = children_.equal_range(owner);
    for (auto it = cb; it != ce; ++it) children.push_back(it->second);
    children_.erase(cb, ce);
    for (std::uint64_t c : children) PruneLocked(c);
}

void StateTracker::AddBuffer(std::uint64_t id, std::weak_ptr<void> buffer, void* device) {
    std::lock_guard lock(mutex_);
    buffers_[id] = {id, std::move(buffer), device, {}, nullptr, true};
}

void StateTracker::AddMeshBuffer(std::uint64_t id, std::weak_ptr<void> buffer, void* mesh) {
    std::lock_guard lock(mutex_);
    buffers_[id] = {id, {}, nullptr, std::move(buffer), mesh, true};
}

void StateTracker::BufferDeallocated(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    if (auto it = buffers_.find(id); it != buffers_.end()) it->second.allocated = false;
}

void StateTracker::EventRecorded(std::uint64_t id, std::uint64_t device) {
    std::lock_guard lock(mutex_);
    if (std::find_if(events_.begin(), events_.end(), [&](const auto& e) { return e.first == id; }) != events_.end())
        return;
    events_.emplace_back(id, device);
    if (events_.size() > kLiveEvents) {
        const std::uint64_t oldest = events_.front().first;
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
    std::vector<const Record*> in_order;  // replaced records keep their first key: order by their seq now
    in_order.reserve(records_.size());
    for (const auto& [key, r] : records_) in_order.push_back(&r);
    std::sort(in_order.begin(), in_order.end(), [](const Record* a, const Record* b) { return a->seq < b->seq; });
    for (const Record* r : in_order) copy.records.push_back(r->bytes);
    for (const auto& [id, b] : buffers_) copy.buffers.push_back(b);
    return copy;
}

std::vector<LiveBuffer> StateTracker::LiveBuffers() const {
    std::lock_guard lock(mutex_);
    std::vector<LiveBuffer> out;
    out.reserve(buffers_.size());
    for (const auto& [id, b] : buffers_) out.push_back(b);
    return out;
}

bool StateTracker::empty() const {
    std::lock_guard lock(mutex_);
    return records_.empty();
}

}  // namespace ltcap
