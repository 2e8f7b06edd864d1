#include "player/format.h"

#include <cstdio>

#include "player/log_reader.h"
#include "schema/trace_layout.h"

namespace ltcap {
namespace {
constexpr unsigned kShownElements = 16;  // arguments and in-place edits shown before "… N more"
}  // namespace

const char* ParamName(schema::Api function, unsigned i) {
    const auto f = static_cast<std::size_t>(function);
    if (f >= std::size(layout::kApiParams)) return nullptr;
    const char* const* names = layout::kApiParams[f];
    for (unsigned n = 0; names[n]; n++)
        if (n == i) return names[n];
    return nullptr;
}

std::string Hex(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string FormatCall(schema::Call::Reader call) {
    std::string s = ApiName(call.getFunction()) + "(";
    const auto args = call.getArgs();
    for (unsigned i = 0; i < args.size() && i < kShownElements; i++) {
        const char* name = ParamName(call.getFunction(), i);
        s += (i ? ", " : "") + (name ? std::string(name) + "=" : std::string()) + values::PrintValue(args[i]);
    }
    if (args.size() > kShownElements) s += ", … " + std::to_string(args.size() - kShownElements) + " more";
    s += ")";
    const auto changed = call.getArgsChanged();
    for (unsigned i = 0; i < changed.size() && i < kShownElements; i++) {
        const auto c = changed[i];
        s += " [kernel#" + std::to_string(c.getKernel()) +
             (c.getCommon() ? " common" : " (" + std::to_string(c.getX()) + "," + std::to_string(c.getY()) + ")") +
             " args now " + values::PrintWords(c.getWords()) + "]";
    }
    if (changed.size() > kShownElements) s += " [… " + std::to_string(changed.size() - kShownElements) + " more]";
    return s;
}

}  // namespace ltcap
