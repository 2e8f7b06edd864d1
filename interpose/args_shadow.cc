#include "interpose/args_shadow.h"

#include <algorithm>

namespace ltcap {

bool ArgsShadow::Differ(const Key& key, const std::uint32_t* words, std::size_t n) noexcept {
    std::unique_lock lock(mutex_);
    auto& known = args_[key];
    if (known.size() == n && std::equal(known.begin(), known.end(), words)) return false;
    known.assign(words, words + n);
    return true;
}

void ArgsShadow::Expose(std::uint64_t kernel_id) noexcept {
    std::unique_lock lock(mutex_);
    exposed_.insert(kernel_id);
    any_exposed_ = true;
}

bool ArgsShadow::ExposedLocked(std::uint64_t kernel_id) noexcept {
    std::unique_lock lock(mutex_);
    return exposed_.count(kernel_id) != 0;
}

void ArgsShadow::Forget() noexcept {
    std::unique_lock lock(mutex_);
    args_.clear();
}

}  // namespace ltcap
