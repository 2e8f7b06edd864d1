#include "player/decoded_call.h"

#include <array>
#include <memory>

#include "player/format.h"
#include "schema/trace_layout.h"

namespace ltcap {
namespace {

constexpr unsigned kShownElements = 16;  // arguments and in-place edits shown before "… N more"
constexpr std::size_t kFunctions = std::size(layout::kApiNames);
static_assert(std::size(layout::kApiParams) == kFunctions && std::size(layout::kApiParamTypes) == kFunctions);

// Every function's model, made once from the generated tables.
const std::array<CallModel, kFunctions>& Models() {
    static const auto models = [] {
        auto m = std::make_unique<std::array<CallModel, kFunctions>>();
        for (std::size_t f = 0; f < kFunctions; f++) {
            CallModel& c = (*m)[f];
            c.function = static_cast<schema::Api>(f);
            c.name = layout::kApiNames[f];
            c.call_class = ClassOf(static_cast<layout::Api>(f));
            c.param_names = layout::kApiParams[f];
            c.param_enums = layout::kApiParamTypes[f];
            while (c.param_names[c.params]) c.params++;
        }
        return m;
    }();
    return *models;
}

}  // namespace

const CallModel* ModelOf(schema::Api function) {
    const auto f = static_cast<std::size_t>(function);
    return f < kFunctions ? &Models()[f] : nullptr;
}

DecodedCall DecodeCall(schema::Call::Reader call) {
    DecodedCall d;
    d.entry = call;
    d.function = call.getFunction();
    d.model = ModelOf(d.function);
    d.seq = call.getSeq();
    d.thread = call.getThread();
    d.begin_ns = call.getBeginNs();
    d.end_ns = call.getEndNs();
    d.synthesized = call.getSynthesized();
    d.args = call.getArgs();
    return d;
}

void DecodedCall::AppendName(std::string& s) const {
    if (model) s += model->name;
    else s += "api#", values::AppendNumber(s, static_cast<unsigned>(function));
}

std::string DecodedCall::Name() const {
    std::string s;
    AppendName(s);
    return s;
}

void DecodedCall::AppendArg(std::string& s, unsigned i) const {
    if (i >= args.size()) return void(s += '?');
    const schema::Value::Reader v = args[i];
    const char* type = model ? model->ParamEnum(i) : nullptr;
    if (type && v.isUint()) s += values::TtEnumName(type, v.getUint());
    else if (type && v.isInt() && v.getInt() >= 0) s += values::TtEnumName(type, static_cast<std::uint64_t>(v.getInt()));
    else values::AppendValue(s, v);
}

std::string DecodedCall::Arg(unsigned i) const {
    std::string s;
    AppendArg(s, i);
    return s;
}

void DecodedCall::AppendText(std::string& s) const {
    AppendName(s);
    s += '(';
    for (unsigned i = 0; i < args.size() && i < kShownElements; i++) {
        const char* name = model ? model->ParamName(i) : nullptr;
        if (i) s += ", ";
        if (name) s += name, s += '=';
        AppendArg(s, i);
    }
    if (args.size() > kShownElements) s += ", … " + std::to_string(args.size() - kShownElements) + " more";
    s += ')';
    if (!entry.hasArgsChanged()) return;
    const auto changed = entry.getArgsChanged();
    for (unsigned i = 0; i < changed.size() && i < kShownElements; i++) {
        const auto c = changed[i];
        s += " [kernel#" + std::to_string(c.getKernel()) +
             (c.getCommon() ? " common" : " (" + std::to_string(c.getX()) + "," + std::to_string(c.getY()) + ")") +
             " args now " + values::PrintWords(c.getWords()) + "]";
    }
    if (changed.size() > kShownElements) s += " [… " + std::to_string(changed.size() - kShownElements) + " more]";
}

std::string DecodedCall::Text() const {
    std::string s;
    AppendText(s);
    return s;
}

DecodedReturn DecodeReturn(schema::Return::Reader ret) {
    DecodedReturn d;
    d.entry = ret;
    d.seq = ret.getSeq();
    d.end_ns = ret.getEndNs();
    d.result = ret.getResult();
    d.threw = ret.getThrew();
    d.exception = ret.getException();
    return d;
}

void EntryDecoder::Feed(schema::Entry::Reader e) const {
    using E = schema::Entry;
    switch (e.which()) {
        case E::CALL: {
            const DecodedCall call = DecodeCall(e.getCall());
            for (EntryConsumer* c : consumers_) c->OnCall(call);
            break;
        }
        case E::RETURN: {
            const DecodedReturn ret = DecodeReturn(e.getReturn());
            for (EntryConsumer* c : consumers_) c->OnReturn(ret);
            break;
        }
        case E::BLOB:
            for (EntryConsumer* c : consumers_) c->OnBlob(e.getBlob());
            break;
        case E::KERNEL_SOURCE:
            for (EntryConsumer* c : consumers_) c->OnKernelSource(e.getKernelSource());
            break;
        case E::KERNEL_BINARY:
            for (EntryConsumer* c : consumers_) c->OnKernelBinary(e.getKernelBinary());
            break;
        case E::READ_DATA:
            for (EntryConsumer* c : consumers_) c->OnReadData(e.getReadData());
            break;
        case E::LAUNCH_OUTPUTS:
            for (EntryConsumer* c : consumers_) c->OnLaunchOutputs(e.getLaunchOutputs());
            break;
        case E::SNAPSHOT:
            for (EntryConsumer* c : consumers_) c->OnSnapshot(e.getSnapshot());
            break;
        case E::MODULES:
            for (EntryConsumer* c : consumers_) c->OnModules(e.getModules());
            break;
        case E::END:
            for (EntryConsumer* c : consumers_) c->OnEnd(e.getEnd());
            break;
        case E::HEADER:  // the reader's header(), not an entry after it
            break;
    }
}

void ForEachDecodedEntry(LogReader& log, LogChecker& check, std::initializer_list<EntryConsumer*> consumers) {
    const EntryDecoder decoder(consumers);
    ForEachCheckedEntry(log, check, [&](schema::Entry::Reader e) { decoder.Feed(e); });
}

}  // namespace ltcap
