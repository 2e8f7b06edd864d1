#include "player/call_replay.h"

#include "player/format.h"

namespace ltcap {

std::uint64_t ObjectId(schema::Value::Reader v) { return v.isObject() ? v.getObject().getId() : 0; }

CallReplay::CallReplay(ReplayServices& services, const CallEntries& call)
    : s(services), c(call), o(services.objects), args_(call.call.args) {}

schema::Value::Reader CallReplay::Arg(unsigned i) const {
    if (i >= args_.size())
        throw LogError("has " + std::to_string(args_.size()) + " arguments, its function takes more");
    return args_[i];
}

std::uint64_t CallReplay::ResultId() const {
    if (!c.has_return || !c.ret.result.isObject()) return 0;
    return c.ret.result.getObject().getId();
}

std::uint64_t CallReplay::ResultRaw() const {
    if (!c.has_return || !c.ret.result.isObject()) return 0;
    return c.ret.result.getObject().getRaw();
}

std::uint64_t CallReplay::ArgId(schema::ObjectKind kind) const {
    for (auto a : args_)
        if (a.isObject() && a.getObject().getKind() == kind) return a.getObject().getId();
    return 0;
}

std::string CallReplay::What() const {
    std::string what = c.call.Name();
    for (auto a : args_)
        if (a.isObject() && a.getObject().getKind() == schema::ObjectKind::BUFFER) return what + " of " + FormatValue(a);
    return what;
}

}  // namespace ltcap
