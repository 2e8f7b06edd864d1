#include "player/format.h"

#include <cstdio>
#include <ctime>

#include "player/log_reader.h"
#include "schema/trace_layout.h"

namespace ltcap {
namespace {
constexpr unsigned kShownElements = 16;  // arguments and in-place edits shown before "… N more"
}  // namespace

namespace {
// Entry `i` of `function`'s row in one of the generated parameter tables (null-terminated rows).
const char* ParamEntry(const char* const* const* table, std::size_t rows, schema::Api function, unsigned i) {
    const auto f = static_cast<std::size_t>(function);
    if (f >= rows) return nullptr;
    const char* const* row = table[f];
    for (unsigned n = 0; row[n]; n++)
        if (n == i) return row[n];
    return nullptr;
}
}  // namespace

const char* ParamName(schema::Api function, unsigned i) {
    return ParamEntry(layout::kApiParams, std::size(layout::kApiParams), function, i);
}

const char* ParamEnumType(schema::Api function, unsigned i) {
    const char* type = ParamEntry(layout::kApiParamTypes, std::size(layout::kApiParamTypes), function, i);
    return type && *type ? type : nullptr;
}

std::string FormatArg(schema::Api function, unsigned i, schema::Value::Reader v) {
    const char* type = ParamEnumType(function, i);
    if (type && v.isUint()) return values::TtEnumName(type, v.getUint());
    if (type && v.isInt() && v.getInt() >= 0) return values::TtEnumName(type, static_cast<std::uint64_t>(v.getInt()));
    return values::PrintValue(v);
}

std::string Hex(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string HumanDuration(std::uint64_t ns) {
    char buf[32];
    if (ns < 1000) std::snprintf(buf, sizeof buf, "%lluns", static_cast<unsigned long long>(ns));
    else if (ns < 1000000) std::snprintf(buf, sizeof buf, "%.1fus", ns / 1e3);
    else if (ns < 1000000000) std::snprintf(buf, sizeof buf, "%.3fms", ns / 1e6);
    else std::snprintf(buf, sizeof buf, "%.3fs", ns / 1e9);
    return buf;
}

std::string UtcTime(std::uint64_t unix_ns) {
    const std::time_t seconds = static_cast<std::time_t>(unix_ns / 1000000000);
    std::tm tm{};
    char date[40] = "?";
    if (gmtime_r(&seconds, &tm)) std::strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S", &tm);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s.%03u UTC", date, static_cast<unsigned>(unix_ns / 1000000 % 1000));
    return buf;
}

std::string FormatCall(schema::Call::Reader call) {
    std::string s = ApiName(call.getFunction()) + "(";
    const auto args = call.getArgs();
    for (unsigned i = 0; i < args.size() && i < kShownElements; i++) {
        const char* name = ParamName(call.getFunction(), i);
        s += (i ? ", " : "") + (name ? std::string(name) + "=" : std::string()) +
             FormatArg(call.getFunction(), i, args[i]);
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
