#include "player/kernel_crossing.h"

#include "api/releases.h"
#include "player/call_names.h"

namespace ltcap {
namespace {

bool IdentifierChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Calls `at_end` with the position just past each whole-identifier occurrence of `name` in `text` until it returns
// true; whether one did.
template <typename Fn>
bool ForEachIdentifier(std::string_view text, std::string_view name, Fn&& at_end) {
    if (name.empty()) return false;
    for (std::size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
        const std::size_t end = at + name.size();
        const bool starts = at == 0 || !IdentifierChar(text[at - 1]);
        const bool ends = end == text.size() || !IdentifierChar(text[end]);
        if (starts && ends && at_end(end)) return true;
    }
    return false;
}

}  // namespace

bool UsesIdentifier(std::string_view text, std::string_view name) {
    return ForEachIdentifier(text, name, [](std::size_t) { return true; });
}

std::size_t TemplateUses(std::string_view text, std::string_view name) {
    std::size_t uses = 0;
    ForEachIdentifier(text, name, [&](std::size_t next) {
        while (next < text.size() && (text[next] == ' ' || text[next] == '\t' || text[next] == '\n')) next++;
        uses += next < text.size() && text[next] == '<';
        return false;
    });
    return uses;
}

KernelCrossing::KernelCrossing(std::string from, std::string to)
    : from_(std::move(from)), to_(std::move(to)), changes_(KernelChangesBetween(from_, to_)) {}

void KernelCrossing::OnKernelSource(schema::KernelSource::Reader source) {
    if (changes_.empty()) return;
    for (const KernelChange& change : changes_) {
        bool used = false;
        std::size_t uses = 0;
        for (auto file : source.getFiles()) {
            const std::string_view text(file.getContent().cStr(), file.getContent().size());
            used = used || UsesIdentifier(text, change.name);
            uses += TemplateUses(text, change.name);
        }
        if (!used) continue;
        std::string kernel = source.getPath().cStr();
        kernel = kernel.empty() ? "source#" + std::to_string(source.getId()) : kernel.substr(kernel.rfind('/') + 1);
        const auto& [older, newer] =
            FindProfile(from_) < FindProfile(to_) ? std::pair(from_, to_) : std::pair(to_, from_);
        blocked_[source.getId()] = {"kernel " + kernel + " uses " + change.name + ", which differs between tt-metal " +
                                        older + " and " + newer + " (" + change.what + ")",
                                    change.words, uses};
        return;
    }
}

const KernelCrossing::Use* KernelCrossing::UseIn(const DecodedCall& c) const {
    if (blocked_.empty()) return nullptr;
    const CallNames n = NamesOf(c, 0);
    const auto it = n.source ? blocked_.find(n.source_id) : blocked_.end();
    return it != blocked_.end() ? &it->second : nullptr;
}

bool KernelCrossing::Remakes(const DecodedCall& c, RecordedWords words) const {
    const Use* use = words != RecordedWords::kNone ? UseIn(c) : nullptr;
    return use && use->words == words;
}

std::string KernelCrossing::Blocked(const DecodedCall& c, const Made& made) const {
    const Use* found = UseIn(c);
    if (!found) return "";
    const Use& use = *found;
    if (use.words != RecordedWords::kTensorAccessorArgs) return use.why;
    // Its words cross when the config records the making of each of them.
    std::size_t recorded = 0;
    for (auto a : c.args) {
        if (!a.isKernelConfig()) continue;
        for (auto u : a.getKernelConfig().getTensorAccessors()) {
            if (!u.getKnown())
                return use.why + "; the words at compile-time argument " + std::to_string(u.getOffset()) +
                       " come from a TensorAccessorArgs the capture did not see made (a copy?)";
            const auto kind = u.getMeshBuffer() ? schema::ObjectKind::MESH_BUFFER : schema::ObjectKind::BUFFER;
            if (u.getBuffer() && made && !made(kind, u.getBuffer()))
                return use.why + "; the words at compile-time argument " + std::to_string(u.getOffset()) +
                       " describe " + (u.getMeshBuffer() ? "meshBuffer#" : "buffer#") + std::to_string(u.getBuffer()) +
                       ", which the log does not make (a window that opened after it was freed?)";
            recorded++;
        }
    }
    if (recorded < use.uses)
        return use.why + "; its source reads " + std::to_string(use.uses) + " and the log records the making of " +
               std::to_string(recorded) + (recorded ? "" : " (a log of format 18 or later records them)");
    return "";
}

}  // namespace ltcap
