#include "player/kernel_crossing.h"

#include "api/releases.h"
#include "player/call_names.h"

namespace ltcap {
namespace {

bool IdentifierChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

}  // namespace

bool UsesIdentifier(std::string_view text, std::string_view name) {
    if (name.empty()) return false;
    for (std::size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
        const bool starts = at == 0 || !IdentifierChar(text[at - 1]);
        const bool ends = at + name.size() == text.size() || !IdentifierChar(text[at + name.size()]);
        if (starts && ends) return true;
    }
    return false;
}

KernelCrossing::KernelCrossing(std::string from, std::string to)
    : from_(std::move(from)), to_(std::move(to)), changes_(KernelChangesBetween(from_, to_)) {}

void KernelCrossing::OnKernelSource(schema::KernelSource::Reader source) {
    if (changes_.empty()) return;
    for (const KernelChange& change : changes_)
        for (auto file : source.getFiles()) {
            const auto text = file.getContent();
            if (!UsesIdentifier(std::string_view(text.cStr(), text.size()), change.name)) continue;
            std::string kernel = source.getPath().cStr();
            kernel = kernel.empty() ? "source#" + std::to_string(source.getId()) : kernel.substr(kernel.rfind('/') + 1);
            const auto& [older, newer] =
                FindProfile(from_) < FindProfile(to_) ? std::pair(from_, to_) : std::pair(to_, from_);
            blocked_[source.getId()] = "kernel " + kernel + " uses " + change.name +
                                       ", which differs between tt-metal " + older + " and " + newer + " (" +
                                       change.what + ")";
            return;
        }
}

std::string KernelCrossing::Blocked(const DecodedCall& c) const {
    if (blocked_.empty()) return "";
    const CallNames n = NamesOf(c, 0);
    if (!n.source) return "";
    const auto it = blocked_.find(n.source_id);
    return it != blocked_.end() ? it->second : "";
}

}  // namespace ltcap
