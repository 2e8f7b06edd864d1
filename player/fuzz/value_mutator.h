// A structure-aware mutation of an ltcap log for libFuzzer (LLVMFuzzerCustomMutator): the log's messages are
// decoded, one entry is picked (a call most often; also returns, reads' data, blobs, kernel sources, the end) and
// one to three of its values are changed by their schema type — ids, addresses, sizes, shapes, core coordinates
// and counts to boundary values (0, 2^32, 2^64−1, …) or near their old value, flags flipped, enums out of range,
// texts to long, empty, climbing or control-character strings, word lists resized, a Value switched to another
// kind — and the entry is encoded again, so the log still parses and the checker and the replay meet the values.
// Walks the message with capnp's dynamic API: every field of the schema is reachable, none is named here.
// A log it cannot decode (compressed, damaged) gets libFuzzer's byte mutation instead.
#pragma once

#include <capnp/dynamic.h>
#include <capnp/message.h>
#include <capnp/schema.h>
#include <capnp/serialize.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "schema/trace.capnp.h"

namespace ltcap::fuzz {

class ValueMutator {
public:
    explicit ValueMutator(unsigned seed) : rng_(seed) {}

    // Mutates the log in data[0, size) in place; the new size (≤ max_size), or 0 if it is no plain log.
    std::size_t Mutate(std::uint8_t* data, std::size_t size, std::size_t max_size) {
        if (size < 8 || size % 8 != 0) return 0;
        std::vector<capnp::word> words(size / 8);
        std::memcpy(words.data(), data, size);
        // The messages' word ranges.
        std::vector<std::pair<std::size_t, std::size_t>> messages;
        for (std::size_t at = 0; at < words.size();) {
            kj::ArrayPtr<const capnp::word> rest(words.data() + at, words.size() - at);
            const std::size_t n = capnp::expectedSizeInWordsFromPrefix(rest);
            if (n == 0 || n > rest.size()) break;
            messages.emplace_back(at, n);
            at += n;
        }
        if (messages.size() < 2) return 0;
        try {
            for (int attempt = 0; attempt < 8; attempt++) {
                const auto [at, n] = messages[Below(messages.size())];
                capnp::ReaderOptions options;
                // About what the message holds: copying a list of zero-sized elements (a list bomb) would build
                // gigabytes; capnp charges each such element a word, so the copy is refused instead.
                options.traversalLimitInWords = 4 * n + 1024;
                capnp::FlatArrayMessageReader reader(kj::ArrayPtr<const capnp::word>(words.data() + at, n), options);
                const auto entry = reader.getRoot<schema::Entry>();
                if (entry.isHeader() && Below(20) != 0) continue;  // the header rarely: most of it is never used
                if (!entry.isCall() && Below(3) == 0) continue;     // calls more often than the rest
                capnp::MallocMessageBuilder builder;
                builder.setRoot(entry);
                if (!MutateEntry(capnp::toDynamic(builder.getRoot<schema::Entry>()))) continue;
                const kj::Array<capnp::word> encoded = capnp::messageToFlatArray(builder);
                const std::size_t new_size = size - n * 8 + encoded.size() * 8;
                if (new_size > max_size) continue;
                std::vector<std::uint8_t> out;
                out.reserve(new_size);
                const auto* bytes = reinterpret_cast<const std::uint8_t*>(words.data());
                out.insert(out.end(), bytes, bytes + at * 8);
                const auto* fresh = reinterpret_cast<const std::uint8_t*>(encoded.begin());
                out.insert(out.end(), fresh, fresh + encoded.size() * 8);
                out.insert(out.end(), bytes + (at + n) * 8, bytes + size);
                std::memcpy(data, out.data(), out.size());
                return out.size();
            }
        } catch (const kj::Exception&) {
        }
        return 0;
    }

private:
    // A place holding one value: a struct's field, or a primitive list's element.
    struct Leaf {
        capnp::DynamicStruct::Builder owner;
        capnp::StructSchema::Field field;
        bool element = false;
        unsigned index = 0;
    };

    bool MutateEntry(capnp::DynamicStruct::Builder entry) {
        leaves_.clear();
        values_.clear();
        word_lists_.clear();
        Walk(entry, 0);
        if (leaves_.empty()) return false;
        const unsigned changes = 1 + Below(3);
        for (unsigned i = 0; i < changes; i++) {
            const unsigned what = Below(20);
            if (what == 0 && !values_.empty()) {
                SwitchKind(values_[Below(values_.size())]);
                return true;  // the leaves below that value are gone
            }
            if (what == 1 && !word_lists_.empty()) {
                Resize(word_lists_[Below(word_lists_.size())]);
                return true;
            }
            Change(leaves_[Below(leaves_.size())]);
        }
        return true;
    }

    void Walk(capnp::DynamicStruct::Builder s, unsigned depth) {
        if (depth > 12 || leaves_.size() > 4096) return;
        const auto schema = s.getSchema();
        if (schema.getProto().getId() == capnp::typeId<schema::Value>()) values_.push_back(s);
        for (auto f : schema.getNonUnionFields()) Visit(s, f, depth);
        KJ_IF_MAYBE (active, s.which()) { Visit(s, *active, depth); }
    }

    void Visit(capnp::DynamicStruct::Builder s, capnp::StructSchema::Field f, unsigned depth) {
        using T = capnp::schema::Type;
        const capnp::Type type = f.getType();
        switch (type.which()) {
            case T::VOID:
            case T::DATA:  // payload bytes: what they are does not reach a check
            case T::INTERFACE:
            case T::ANY_POINTER:
                return;
            case T::STRUCT:
                if (s.has(f)) Walk(s.get(f).as<capnp::DynamicStruct>(), depth + 1);
                return;
            case T::LIST: {
                if (!s.has(f)) return;
                auto list = s.get(f).as<capnp::DynamicList>();
                const capnp::Type element = type.asList().getElementType();
                const unsigned shown = list.size() < 64 ? list.size() : 64;
                if (element.isStruct()) {
                    for (unsigned i = 0; i < shown; i++) Walk(list[i].as<capnp::DynamicStruct>(), depth + 1);
                } else if (!element.isList() && !element.isData() && !element.isText() && !element.isVoid() &&
                           !element.isInterface() && !element.isAnyPointer()) {
                    word_lists_.push_back({s, f});
                    for (unsigned i = 0; i < shown; i++) leaves_.push_back({s, f, true, i});
                }
                return;
            }
            default:
                leaves_.push_back({s, f});
        }
    }

    std::uint64_t Below(std::uint64_t n) { return n ? rng_() % n : 0; }

    std::uint64_t Number(std::uint64_t old) {
        static constexpr std::uint64_t kBoundaries[] = {
            0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63, 64, 65, 127, 128, 255, 256, 1023, 1024, 2048, 4095, 4096,
            32768, 65535, 65536, 1u << 20, 1u << 24, 1u << 30, 1ull << 31, 0xffffffffull, 1ull << 32,
            (1ull << 32) + 1, 1ull << 40, 1ull << 44, 1ull << 48, 1ull << 62, 1ull << 63, ~0ull, ~0ull - 1,
            ~0ull - 15, 0x7fffffffffffffffull};
        switch (Below(6)) {
            case 0:
            case 1: return kBoundaries[Below(sizeof kBoundaries / sizeof kBoundaries[0])];
            case 2: return old + Below(33) - 16;
            case 3: return Below(2) ? old * 2 : old / 2;
            case 4: return old ^ (1ull << Below(64));
            default: return rng_();
        }
    }

    std::string Text(const std::string& old) {
        switch (Below(8)) {
            case 0: return "";
            case 1: return std::string(4096 + Below(4096), 'A');
            case 2: return "../../../../../../etc/passwd";
            case 3: return "/proc/self/mem";
            case 4: return "\x1b[2J\x1b]0;x\x07" + old;
            case 5: return old.empty() ? "x" : old.substr(0, Below(old.size()));
            case 6: return old + old;
            default: {
                std::string s(Below(64), ' ');
                for (char& c : s) c = static_cast<char>(1 + Below(255));
                return s;
            }
        }
    }

    // A value of the leaf's type, near or far from the old one.
    capnp::DynamicValue::Reader NewValue(const capnp::Type& type, capnp::DynamicValue::Reader old, std::string& text) {
        using T = capnp::schema::Type;
        switch (type.which()) {
            case T::BOOL: return !old.as<bool>();
            case T::INT8: return static_cast<std::int8_t>(Number(old.as<std::int8_t>()));
            case T::INT16: return static_cast<std::int16_t>(Number(old.as<std::int16_t>()));
            case T::INT32: return static_cast<std::int32_t>(Number(old.as<std::int32_t>()));
            case T::INT64: return static_cast<std::int64_t>(Number(old.as<std::int64_t>()));
            case T::UINT8: return static_cast<std::uint8_t>(Number(old.as<std::uint8_t>()));
            case T::UINT16: return static_cast<std::uint16_t>(Number(old.as<std::uint16_t>()));
            case T::UINT32: return static_cast<std::uint32_t>(Number(old.as<std::uint32_t>()));
            case T::UINT64: return Number(old.as<std::uint64_t>());
            case T::FLOAT32:
            case T::FLOAT64: {
                static constexpr double kFloats[] = {0.0, -1.0, 1e300, -1e300, 1e-310, __builtin_inf(),
                                                     -__builtin_inf(), __builtin_nan("")};
                return kFloats[Below(sizeof kFloats / sizeof kFloats[0])];
            }
            case T::ENUM: {
                const auto enumerants = type.asEnum().getEnumerants().size();
                const auto raw = static_cast<std::uint16_t>(Below(4) ? Below(enumerants + 3) : Number(0));
                return capnp::DynamicEnum(type.asEnum(), raw);
            }
            case T::TEXT: {
                const auto t = old.as<capnp::Text>();
                text = Text(std::string(t.begin(), t.size()));
                return capnp::Text::Reader(text.c_str(), text.size());
            }
            default: return old;
        }
    }

    void Change(Leaf leaf) {
        std::string text;
        if (leaf.element) {
            auto list = leaf.owner.get(leaf.field).as<capnp::DynamicList>();
            const capnp::Type type = leaf.field.getType().asList().getElementType();
            list.set(leaf.index, NewValue(type, list.asReader()[leaf.index], text));
        } else {
            leaf.owner.set(leaf.field, NewValue(leaf.field.getType(), leaf.owner.asReader().get(leaf.field), text));
        }
    }

    // A primitive list gets another length (0, one less or more, a boundary) with new elements.
    void Resize(Leaf list_field) {
        static constexpr unsigned kSizes[] = {0, 1, 2, 3, 4, 8, 64, 256, 1024, 4097};
        auto old = list_field.owner.get(list_field.field).as<capnp::DynamicList>();
        const unsigned n = Below(2) ? kSizes[Below(sizeof kSizes / sizeof kSizes[0])] : old.size() + Below(3) - 1;
        std::vector<std::uint64_t> keep;
        const capnp::Type type = list_field.field.getType().asList().getElementType();
        const bool integral = !type.isBool() && !type.isFloat32() && !type.isFloat64() && !type.isEnum();
        if (!integral) return;
        for (unsigned i = 0; i < old.size() && i < n; i++) keep.push_back(ToWide(old.asReader()[i], type));
        auto fresh = list_field.owner.init(list_field.field, n).as<capnp::DynamicList>();
        for (unsigned i = 0; i < n; i++) {
            std::string unused;
            const std::uint64_t was = i < keep.size() ? keep[i] : 0;
            fresh.set(i, i < keep.size() && Below(2) ? Narrow(was, type) : NewValue(type, Narrow(was, type), unused));
        }
    }

    static std::uint64_t ToWide(capnp::DynamicValue::Reader v, const capnp::Type& type) {
        return type.isInt8() || type.isInt16() || type.isInt32() || type.isInt64()
                   ? static_cast<std::uint64_t>(v.as<std::int64_t>())
                   : v.as<std::uint64_t>();
    }
    static capnp::DynamicValue::Reader Narrow(std::uint64_t v, const capnp::Type& type) {
        using T = capnp::schema::Type;
        switch (type.which()) {
            case T::INT8: return static_cast<std::int8_t>(v);
            case T::INT16: return static_cast<std::int16_t>(v);
            case T::INT32: return static_cast<std::int32_t>(v);
            case T::INT64: return static_cast<std::int64_t>(v);
            case T::UINT8: return static_cast<std::uint8_t>(v);
            case T::UINT16: return static_cast<std::uint16_t>(v);
            case T::UINT32: return static_cast<std::uint32_t>(v);
            default: return v;
        }
    }

    // A Value of another kind: a number, nothing, a text, a flag (what a log of another shape would hold).
    void SwitchKind(capnp::DynamicStruct::Builder value) {
        switch (Below(4)) {
            case 0: value.set("uint", Number(0)); break;
            case 1: value.set("none", capnp::VOID); break;
            case 2: value.set("text", capnp::Text::Reader("not what the call takes")); break;
            default: value.set("bool", true); break;
        }
    }

    std::mt19937_64 rng_;
    std::vector<Leaf> leaves_;
    std::vector<capnp::DynamicStruct::Builder> values_;
    std::vector<Leaf> word_lists_;
};

}  // namespace ltcap::fuzz
