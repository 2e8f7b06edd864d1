// Which of a log's kernels do not mean the same on another release: a kernel whose recorded source uses a kernel API
// name the two releases give different meanings (api/releases.h: KernelChangesBetween) is compiled, on the replaying
// release, against a kernel API that reads its arguments otherwise, so its launches would not replay the capture's.
// ltplay --cross-release refuses the first call naming such a kernel — unless the change is in words the log records
// the making of (KernelChange.words: TensorAccessorArgs'), which the replay then makes with its own release: a kernel
// crosses when its config records every one of its uses of the name (its source's `Name<` spellings), each made
// for a buffer the capture knew (schema TensorAccessorUse).
//   KernelCrossing k("v0.67.0", "v0.68.0-rc1");   (an EntryConsumer of the index pass)
//   if (auto why = k.Blocked(call); !why.empty()) refuse(why);
//   if (k.Remakes(call, RecordedWords::kTensorAccessorArgs)) … the replay makes that kernel's words again
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "api/release_facts.h"
#include "player/decoded_call.h"

namespace ltcap {

// Whether `text` holds `name` as a whole identifier (not inside a longer one).
bool UsesIdentifier(std::string_view text, std::string_view name);
// How often `text` names the template `name` (the whole identifier, then `<` after any blanks).
std::size_t TemplateUses(std::string_view text, std::string_view name);

class KernelCrossing : public EntryConsumer {
public:
    KernelCrossing(std::string from, std::string to);
    void OnKernelSource(schema::KernelSource::Reader source) override;
    // Why call `c` cannot cross ("" when it can): the first kernel source among its arguments that uses a changed
    // name, with what changed.
    // `made`: whether the log makes an object (its kind, its id) by this call — a TensorAccessorArgs use whose buffer
    // it does not (a window opened after it was freed) cannot be made again.
    using Made = std::function<bool(schema::ObjectKind, std::uint64_t)>;
    std::string Blocked(const DecodedCall& c, const Made& made = {}) const;
    bool empty() const { return changes_.empty(); }
    // Whether call `c` makes a kernel whose source uses a name changed in words of this kind: its recorded uses are
    // made again (a kernel that uses none keeps its words, whatever its config records).
    bool Remakes(const DecodedCall& c, RecordedWords words) const;

private:
    struct Use {
        std::string why;          // "kernel reader.cpp uses TensorAccessorArgs, which differs …"
        RecordedWords words;      // the words the change is in (kNone: the kernel cannot cross)
        std::size_t uses = 0;     // how often the kernel's files name it as a template
    };
    std::string from_, to_;
    std::vector<KernelChange> changes_;
    std::map<std::uint64_t, Use> blocked_;  // kernel source id → its first changed name
    // The changed name the kernel source call `c` hands over uses (null: none).
    const Use* UseIn(const DecodedCall& c) const;
};

}  // namespace ltcap
