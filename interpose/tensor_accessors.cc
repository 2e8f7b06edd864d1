#include "interpose/tensor_accessors.h"

#include <algorithm>
#include <utility>

namespace ltcap {

void AccessorLedger::Made(const void* object, AccessorSource source) noexcept {
    try {
        std::lock_guard lock(mutex_);
        if (objects_.size() >= kMaxObjects && !objects_.count(object)) {
            // Forget the older half: objects are mostly temporaries, made and used at once.
            std::vector<std::uint64_t> times;
            for (const auto& [_, made] : objects_) times.push_back(made.second);
            std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
            const std::uint64_t cut = times[times.size() / 2];
            std::erase_if(objects_, [&](const auto& o) { return o.second.second <= cut; });
        }
        objects_[object] = {source, ++clock_};
    } catch (...) {
        // out of memory: the object's words will read as not known
    }
}

void AccessorLedger::Appended(const void* object, const void* vector, std::size_t offset,
                              const std::uint32_t* words, std::size_t size) noexcept {
    try {
        std::lock_guard lock(mutex_);
        auto it = std::find_if(vectors_.begin(), vectors_.end(), [&](const Vector& v) { return v.address == vector; });
        if (size > kMaxWords || offset > size) {
            if (it != vectors_.end()) vectors_.erase(it);
            return;
        }
        // The same vector, appended to again: what was recorded still begins it, and this append comes after.
        const auto continues = [&](const Vector& v) {
            return v.words.size() <= offset && std::equal(v.words.begin(), v.words.end(), words);
        };
        if (it != vectors_.end() && !continues(*it)) {
            vectors_.erase(it);
            it = vectors_.end();
        }
        if (it == vectors_.end()) {
            if (vectors_.size() >= kMaxVectors) vectors_.pop_back();
            vectors_.push_front(Vector{vector, {}, {}, 0});
            it = vectors_.begin();
        } else {
            vectors_.splice(vectors_.begin(), vectors_, it);
            it = vectors_.begin();
        }
        AccessorSpan span{static_cast<std::uint32_t>(offset), static_cast<std::uint32_t>(size - offset), false, {}};
        if (const auto o = objects_.find(object); o != objects_.end()) {
            span.known = true;
            span.source = o->second.first;
        }
        it->words.assign(words, words + size);
        if (span.count) it->spans.push_back(span);
        it->appended = ++clock_;
    } catch (...) {
        // out of memory: this vector's words will not be recognized
    }
}

std::vector<AccessorSpan> AccessorLedger::SpansIn(std::span<const std::uint32_t> args) noexcept {
    try {
        std::lock_guard lock(mutex_);
        Vector* best = nullptr;
        // one no kernel took (the oldest) over one taken (the one appended to last)
        const auto rank = [](const Vector& v) { return std::pair(v.taken == 0, v.taken == 0 ? ~v.appended : v.appended); };
        for (Vector& v : vectors_) {
            if (v.spans.empty() || !std::equal(v.words.begin(), v.words.end(), args.begin(), args.end())) continue;
            if (!best || rank(v) > rank(*best)) best = &v;
        }
        if (!best) return {};
        best->taken = ++clock_;
        return best->spans;
    } catch (...) {
        return {};
    }
}

AccessorLedger& Accessors() noexcept {
    static AccessorLedger* ledger = new AccessorLedger;  // never destroyed: hooks may run while the process exits
    return *ledger;
}

}  // namespace ltcap
