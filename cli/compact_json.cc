#include "cli/compact_json.h"

#include <capnp/schema.h>

#include <cmath>

#include "common/json.h"
#include "schema/log_error.h"
#include "schema/values/tt_enums.h"

namespace ltcap::cli {
namespace {

constexpr unsigned kMaxDepth = 100;                        // the reader's nesting limit (64) ends a log well before
constexpr std::uint64_t kExactInDouble = 1ull << 53;       // larger integers are strings: JSON numbers are doubles

void AppendUint(std::uint64_t v, std::string& out) {
    if (v <= kExactInDouble) return AppendChars(v, out);
    out += '"';
    AppendChars(v, out);
    out += '"';
}

void AppendInt(std::int64_t v, std::string& out) {
    if (v <= static_cast<std::int64_t>(kExactInDouble) && v >= -static_cast<std::int64_t>(kExactInDouble))
        return AppendChars(v, out);
    out += '"';
    AppendChars(v, out);
    out += '"';
}

// The shortest text that reads back as `v`; the non-numbers JSON lacks as the strings --format json uses.
void AppendFloat(double v, std::string& out) {
    if (std::isnan(v)) {
        out += "\"NaN\"";
    } else if (std::isinf(v)) {
        out += v > 0 ? "\"Infinity\"" : "\"-Infinity\"";
    } else {
        AppendChars(v, out);
    }
}

template <typename List>
void AppendUintList(List list, std::string& out) {
    out += '[';
    for (unsigned i = 0; i < list.size(); i++) {
        if (i) out += ',';
        AppendUint(list[i], out);
    }
    out += ']';
}

void AppendRange(schema::CoreRange::Reader r, std::string& out) {
    out += '[';
    AppendChars(r.getStartX(), out), out += ',';
    AppendChars(r.getStartY(), out), out += ',';
    AppendChars(r.getEndX(), out), out += ',';
    AppendChars(r.getEndY(), out);
    out += ']';
}

// {"core":[x,y]} for a CoreCoord, {"range":[x0,y0,x1,y1]} for a CoreRange, {"ranges":[[x0,y0,x1,y1],…]} for a
// CoreRangeSet — and for a coord or range whose ranges are not one core or one range (a damaged log's), with the
// form it claims beside them.
void AppendCores(schema::CoreSpec::Reader c, std::string& out) {
    const auto ranges = c.getRanges();
    const auto form = c.getForm();
    if (form == schema::CoreForm::COORD && ranges.size() == 1 && ranges[0].getStartX() == ranges[0].getEndX() &&
        ranges[0].getStartY() == ranges[0].getEndY()) {
        out += "{\"core\":[";
        AppendChars(ranges[0].getStartX(), out), out += ',';
        AppendChars(ranges[0].getStartY(), out);
        out += "]}";
        return;
    }
    if (form == schema::CoreForm::RANGE && ranges.size() == 1) {
        out += "{\"range\":";
        AppendRange(ranges[0], out);
        out += '}';
        return;
    }
    out += "{\"ranges\":[";
    for (unsigned i = 0; i < ranges.size(); i++) {
        if (i) out += ',';
        AppendRange(ranges[i], out);
    }
    out += ']';
    if (form == schema::CoreForm::COORD) out += ",\"form\":\"coord\"";
    else if (form == schema::CoreForm::RANGE) out += ",\"form\":\"range\"";
    else if (form != schema::CoreForm::RANGE_SET) out += ",\"form\":", AppendChars(static_cast<unsigned>(form), out);
    out += '}';
}

}  // namespace

CompactJson::CompactJson()
    : kinds_(QuotedEnumNames(capnp::Schema::from<schema::ObjectKind>(), true)),
      element_types_(QuotedEnumNames(capnp::Schema::from<schema::ElementType>())) {}

void CompactJson::AppendObject(schema::ObjectRef::Reader o, std::string& out, bool made) {
    // {"buffer":5,"raw":32}: the kind as the key, the raw value where it is set (as ltdump's buffer#5{32}); where the
    // object is a result (made: its parent and members are fixed then) also its parent and members where set.
    const auto kind = static_cast<unsigned>(o.getKind());
    out += '{';
    if (kind < kinds_.size() && !kinds_[kind].empty())
        out += kinds_[kind];
    else
        out += "\"object\"";
    out += ':';
    AppendUint(o.getId(), out);
    if (kind >= kinds_.size() || kinds_[kind].empty()) out += ",\"kind\":", AppendChars(kind, out);
    if (const auto raw = o.getRaw()) out += ",\"raw\":", AppendUint(raw, out);
    if (!made) return void(out += '}');
    if (const auto parent = o.getParent()) out += ",\"parent\":", AppendUint(parent, out);
    if (o.hasMembers()) out += ",\"members\":", AppendUintList(o.getMembers(), out);
    out += '}';
}

void CompactJson::AppendValue(schema::Value::Reader v, std::string& out, const char* enum_type, unsigned depth,
                              bool result) {
    using V = schema::Value;
    if (depth > kMaxDepth) throw LogError("a value nested deeper than " + std::to_string(kMaxDepth) + " levels");
    switch (v.which()) {
        case V::NONE:
            out += "null";
            return;
        case V::BOOL:
            out += v.getBool() ? "true" : "false";
            return;
        case V::INT:
            if (enum_type && v.getInt() >= 0)
                return AppendJsonString(values::TtEnumName(enum_type, static_cast<std::uint64_t>(v.getInt())), out);
            return AppendInt(v.getInt(), out);
        case V::UINT:
            if (enum_type) return AppendJsonString(values::TtEnumName(enum_type, v.getUint()), out);
            return AppendUint(v.getUint(), out);
        case V::FLOAT:
            return AppendFloat(v.getFloat(), out);
        case V::TEXT: {
            const auto t = v.getText();
            return AppendJsonString(std::string_view(t.cStr(), t.size()), out);
        }
        case V::OBJECT:
            return AppendObject(v.getObject(), out, result);
        case V::WORDS:
            return AppendUintList(v.getWords(), out);
        case V::CORES:
            return AppendCores(v.getCores(), out);
        case V::HOST_POINTER:
            out += "{\"host_pointer\":";
            AppendUint(v.getHostPointer(), out);
            out += '}';
            return;
        case V::KERNEL_SOURCE:
            out += "{\"kernel_source\":";
            AppendUint(v.getKernelSource(), out);
            out += '}';
            return;
        case V::DATA: {
            const auto d = v.getData();
            out += "{\"data\":";
            AppendUint(d.getBlob(), out);
            out += ",\"size\":";
            AppendUint(d.getSize(), out);
            out += ",\"element_type\":";
            AppendEnumName(element_types_, static_cast<unsigned>(d.getElementType()), out);
            out += '}';
            return;
        }
        case V::LIST: {
            const auto list = v.getList();
            out += '[';
            for (unsigned i = 0; i < list.size(); i++) {
                if (i) out += ',';
                AppendValue(list[i], out, enum_type, depth + 1, result);
            }
            out += ']';
            return;
        }
        default:
            // The configs and the mesh values, as --format json writes them: {"kernel_config":{…}}.
            return schema_json_.Append(capnp::toDynamic(v), out);
    }
}

void CompactJson::AppendCall(const DecodedCall& call, std::string& out) {
    const auto f = static_cast<std::size_t>(call.function);
    if (call.model) {
        if (declared_.size() <= f) declared_.resize(f + 1);
        if (!declared_[f]) {
            declared_[f] = true;
            out += "{\"function\":\"";
            out += call.model->name;
            out += "\",\"params\":[";
            for (unsigned i = 0; i < call.model->params; i++) {
                if (i) out += ',';
                out += '"', out += call.model->param_names[i], out += '"';  // identifiers
            }
            out += "]}\n";
        }
    }
    out += "{\"call\":";
    if (call.model)
        out += '"', out += call.model->name, out += '"';
    else
        out += "\"api#", AppendChars(f, out), out += '"';
    out += ",\"seq\":";
    AppendUint(call.seq, out);
    out += ",\"thread\":";
    AppendChars(call.thread, out);
    out += ",\"at\":";
    AppendUint(call.begin_ns, out);
    if (call.ended_in_place()) {
        // Its duration where its end is not before its begin; a damaged log's end as it is.
        if (call.end_ns >= call.begin_ns)
            out += ",\"dur\":", AppendUint(call.end_ns - call.begin_ns, out);
        else
            out += ",\"end\":", AppendUint(call.end_ns, out);
    }
    out += ",\"args\":[";
    for (unsigned i = 0; i < call.args.size(); i++) {
        if (i) out += ',';
        AppendValue(call.args[i], out, call.model ? call.model->ParamEnum(i) : nullptr);
    }
    out += ']';
    if (call.synthesized) out += ",\"synthesized\":true";
    if (call.entry.hasArgsChanged()) {
        out += ",\"args_changed\":[";
        const auto changed = call.entry.getArgsChanged();
        for (unsigned i = 0; i < changed.size(); i++) {
            const auto c = changed[i];
            if (i) out += ',';
            out += "{\"kernel\":";
            AppendUint(c.getKernel(), out);
            if (c.getCommon()) {
                out += ",\"common\":true";
            } else {
                out += ",\"core\":[";
                AppendChars(c.getX(), out), out += ',';
                AppendChars(c.getY(), out);
                out += ']';
            }
            out += ",\"words\":";
            AppendUintList(c.getWords(), out);
            out += '}';
        }
        out += ']';
    }
    if (call.entry.hasBacktrace()) out += ",\"backtrace\":", AppendUintList(call.entry.getBacktrace(), out);
    out += '}';
}

void CompactJson::AppendReturn(const DecodedReturn& ret, std::string& out) {
    out += "{\"return\":";
    AppendUint(ret.seq, out);
    out += ",\"end\":";
    AppendUint(ret.end_ns, out);
    if (ret.threw) {
        out += ",\"threw\":";
        AppendJsonString(std::string_view(ret.exception.cStr(), ret.exception.size()), out);
    } else if (!ret.result.isNone()) {
        out += ",\"result\":";
        AppendValue(ret.result, out, nullptr, 0, true);
    }
    out += '}';
}

}  // namespace ltcap::cli
