// Cores: a CoreCoord, a CoreRange or a CoreRangeSet (which one the program passed, and its ranges).
#pragma once

#include <vector>

#include "schema/values/common.h"

namespace ltcap::values {

struct Rect {
    std::uint32_t start_x = 0, start_y = 0, end_x = 0, end_y = 0;
    bool operator==(const Rect&) const = default;
};
struct CoresValue {
    L::CoreForm form = L::CoreForm::coord;
    std::vector<Rect> ranges;
    bool operator==(const CoresValue&) const = default;
};

// A list of ranges in any struct's field (a ShardSpec's grid too). Returns a hash of the ranges: which cores a call
// names (runtime-args records replace each other by target).
template <typename Layout>
std::uint64_t WriteRanges(wire::Message& m, wire::StructRef parent, const wire::Field& f, const Rect* ranges,
                          std::size_t n) {
    std::uint64_t hash = 0;
    auto list = m.InitStructList<Layout>(parent, f, n, L::CoreRange::kSize);
    for (std::size_t i = 0; i < n; i++) {
        const Rect& r = ranges[i];
        for (std::uint64_t w : {r.start_x, r.start_y, r.end_x, r.end_y}) hash = (hash ^ w) * 0x100000001b3ull + 0x9E3779B97F4A7C15ull;
        auto e = m.Element(list, i);
        m.Set<L::CoreRange>(e, L::CoreRange::f_startX, r.start_x);
        m.Set<L::CoreRange>(e, L::CoreRange::f_startY, r.start_y);
        m.Set<L::CoreRange>(e, L::CoreRange::f_endX, r.end_x);
        m.Set<L::CoreRange>(e, L::CoreRange::f_endY, r.end_y);
    }
    return hash | 1;  // never 0: "names no cores"
}

inline std::uint64_t WriteCores(wire::Message& m, V v, L::CoreForm form, const Rect* ranges, std::size_t n) {
    auto spec = m.InitStruct<L::Value>(v, L::Value::f_cores, L::CoreSpec::kSize);
    m.Set<L::CoreSpec>(spec, L::CoreSpec::f_form, static_cast<std::uint16_t>(form));
    return WriteRanges<L::CoreSpec>(m, spec, L::CoreSpec::f_ranges, ranges, n);
}

// NOC coordinates are 6 bits on every Tenstorrent chip: no core of any device, in any coordinate system, is at 64 or
// beyond. A range reaching there (65 535 or 2^30 cores), or ending before it starts, is no value tt-metal takes:
// ImpossibleValue, refused before tt-metal enumerates its cores — unless the call threw during capture (a program
// probing tt-metal's errors), when the replay does not make the call either (player/check_calls.cc).
inline constexpr std::uint32_t kCoreCoordinateLimit = 64;

inline std::vector<Rect> ReadRanges(capnp::List<schema::CoreRange>::Reader list) {
    std::vector<Rect> out;
    for (auto r : list) {
        const Rect rect{r.getStartX(), r.getStartY(), r.getEndX(), r.getEndY()};
        const auto text = [&] {
            return "(" + std::to_string(rect.start_x) + ", " + std::to_string(rect.start_y) + ")-(" +
                   std::to_string(rect.end_x) + ", " + std::to_string(rect.end_y) + ")";
        };
        if (rect.start_x > rect.end_x || rect.start_y > rect.end_y)
            throw ImpossibleValue("the core range " + text() + " ends before it starts");
        if (rect.end_x >= kCoreCoordinateLimit || rect.end_y >= kCoreCoordinateLimit)
            throw ImpossibleValue("the core range " + text() + " reaches past any device's cores (coordinates are below " +
                           std::to_string(kCoreCoordinateLimit) + ")");
        out.push_back(rect);
    }
    return out;
}

// A coord or a range has exactly one range.
inline CoresValue ReadCores(Value v) {
    if (!v.isCores()) Unexpected("cores", v);
    CoresValue out{static_cast<L::CoreForm>(v.getCores().getForm()), ReadRanges(v.getCores().getRanges())};
    if (out.form != L::CoreForm::rangeSet && out.ranges.size() != 1)
        throw LogError("a core or core range with " + std::to_string(out.ranges.size()) + " ranges");
    return out;
}

// The first kShown ranges, then "… N more"; appended.
inline void AppendRanges(std::string& s, capnp::List<schema::CoreRange>::Reader ranges, unsigned shown = 16) {
    for (unsigned i = 0; i < ranges.size() && i < shown; i++) {
        const auto r = ranges[i];
        s += i ? " (" : "(";
        AppendNumber(s, r.getStartX());
        s += ',';
        AppendNumber(s, r.getStartY());
        s += ')';
        if (r.getStartX() != r.getEndX() || r.getStartY() != r.getEndY()) {
            s += "-(";
            AppendNumber(s, r.getEndX());
            s += ',';
            AppendNumber(s, r.getEndY());
            s += ')';
        }
    }
    if (ranges.size() > shown) {
        s += " … ";
        AppendNumber(s, ranges.size() - shown);
        s += " more";
    }
}

inline std::string PrintRanges(capnp::List<schema::CoreRange>::Reader ranges, unsigned shown = 16) {
    std::string s;
    AppendRanges(s, ranges, shown);
    return s;
}

// "(0,0)", "(0,0)-(7,7)", "{(0,0)-(3,3) (5,5)}"; appended.
inline void AppendCores(std::string& s, Value v) {
    const auto cores = v.getCores();
    const bool set = cores.getForm() == schema::CoreForm::RANGE_SET;
    if (set) s += '{';
    AppendRanges(s, cores.getRanges());
    if (set) s += '}';
}

inline std::string PrintCores(Value v) {
    std::string s;
    AppendCores(s, v);
    return s;
}

}  // namespace ltcap::values
