// One decoder, many consumers: every tool that reads a log's calls — the replay, its call checker, the program and
// read-type indexes, ltdump, diff, info, export — takes each entry as the same decoded value, made once per entry.
// A call decodes to its function's model (name, call class, parameters with their names and enum types: the schema's
// description of the function, one table for every tool) and its arguments as neutral values (schema::Value, read by
// the value kinds of schema/values/); a return to its neutral result. A consumer overrides the handlers it needs; the
// decoder runs each entry past the log checker (log_check.h) and then every consumer, in the order given.
//   struct Count : EntryConsumer { void OnCall(const DecodedCall& c) override { n += c.Class().launch; } };
//   Count count;  LogChecker check;
//   ForEachDecodedEntry(log, check, {&count});
// Readers in a decoded entry are valid while the handler runs (the message is released after it).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "api/rules.h"
#include "player/log_check.h"
#include "player/log_reader.h"
#include "schema/trace.capnp.h"

namespace ltcap {

// What every tool knows of one API function, from the schema's description of it (its `params` annotation) and its
// description entry's rules (api/rules.h): one row per Api value of the schema.
struct CallModel {
    schema::Api function;
    std::string_view name;      // "enqueueProgram", as the schema spells it
    CallClass call_class;       // a launch, a finish, … (tools ask this, never the name)
    unsigned params = 0;        // the parameters the schema names (a member function's object first)
    const char* const* param_names = nullptr;  // `params` entries
    const char* const* param_enums = nullptr;  // the tt-metal enum type of each ("" where it is no enum)

    // Parameter `i`'s name, or null past the parameters the schema names (an extra argument of a damaged log).
    const char* ParamName(unsigned i) const { return i < params ? param_names[i] : nullptr; }
    // Parameter `i`'s tt-metal enum type ("BufferType"), or null when it is not an enum.
    const char* ParamEnum(unsigned i) const { return i < params && *param_enums[i] ? param_enums[i] : nullptr; }
};

// The model of `function`, or null for a value this build's schema does not have (a newer log).
const CallModel* ModelOf(schema::Api function);

// A call entry, decoded.
struct DecodedCall {
    schema::Call::Reader entry;
    const CallModel* model = nullptr;  // null: a function this build does not know
    std::uint64_t seq = 0;
    std::uint32_t thread = 0;
    schema::Api function{};
    std::uint64_t begin_ns = 0;
    std::uint64_t end_ns = 0;          // nonzero: it returned normally, no Return entry follows
    bool synthesized = false;          // written to recreate state at a mid-run start
    capnp::List<schema::Value>::Reader args;

    bool ended_in_place() const { return end_ns != 0; }
    // What the function does (api/rules.h); no class for a function this build does not know.
    CallClass Class() const { return model ? model->call_class : CallClass{}; }
    // "enqueueProgram", or "api#N" for a function this build does not know; appended to `s`.
    std::string Name() const;
    void AppendName(std::string& s) const;
    // Argument `i` as a person reads it: an enum parameter by its enumerator's name ("L1"); appended to `s`.
    std::string Arg(unsigned i) const;
    void AppendArg(std::string& s, unsigned i) const;
    // "enqueueProgram(cq=commandQueue#3, program=program#2, blocking=false)", edits in place included; appended.
    std::string Text() const;
    void AppendText(std::string& s) const;
};
DecodedCall DecodeCall(schema::Call::Reader call);

// A return entry, decoded.
struct DecodedReturn {
    schema::Return::Reader entry;
    std::uint64_t seq = 0;              // the call it completes
    std::uint64_t end_ns = 0;
    schema::Value::Reader result;       // none for a void call
    bool threw = false;
    capnp::Text::Reader exception;      // what() when it threw
};
DecodedReturn DecodeReturn(schema::Return::Reader ret);

// A consumer of a log's entries: each handler is empty unless overridden.
class EntryConsumer {
public:
    virtual ~EntryConsumer() = default;
    virtual void OnCall(const DecodedCall&) {}
    virtual void OnReturn(const DecodedReturn&) {}
    virtual void OnBlob(schema::Blob::Reader) {}
    virtual void OnKernelSource(schema::KernelSource::Reader) {}
    virtual void OnKernelBinary(schema::KernelBinary::Reader) {}
    virtual void OnReadData(schema::ReadData::Reader) {}
    virtual void OnLaunchOutputs(schema::LaunchOutputs::Reader) {}
    virtual void OnSnapshot(schema::Snapshot::Reader) {}
    virtual void OnModules(schema::ModuleMap::Reader) {}
    virtual void OnEnd(schema::End::Reader) {}
};

// Decodes an entry once and hands it to each consumer in turn (a consumer that throws stops the rest).
class EntryDecoder {
public:
    EntryDecoder(std::initializer_list<EntryConsumer*> consumers) : consumers_(consumers) {}
    void Add(EntryConsumer* consumer) { consumers_.push_back(consumer); }
    void Feed(schema::Entry::Reader e) const;

private:
    std::vector<EntryConsumer*> consumers_;
};

// Every entry `log` has left, checked by `check` and then decoded to `consumers`, releasing what was read.
void ForEachDecodedEntry(LogReader& log, LogChecker& check, std::initializer_list<EntryConsumer*> consumers);

}  // namespace ltcap
