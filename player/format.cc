#include "player/format.h"

#include <capnp/schema.h>

#include <cstdio>

#include "player/log_reader.h"

namespace ltcap {
namespace {

template <typename E>
std::string EnumName(E e) {
    const auto enumerants = capnp::Schema::from<E>().getEnumerants();
    const auto i = static_cast<std::uint16_t>(e);
    return i < enumerants.size() ? enumerants[i].getProto().getName().cStr() : std::to_string(i);
}

// The first kShownElements elements of a list, then "… N more" (a log is untrusted: a list may be huge).
constexpr unsigned kShownElements = 16;

std::string Words(capnp::List<std::uint32_t>::Reader words) {
    std::string s = "[";
    const unsigned shown = words.size() > kShownElements ? kShownElements : words.size();
    for (unsigned i = 0; i < shown; i++) s += (i ? ", " : "") + std::to_string(words[i]);
    if (words.size() > shown) s += ", … " + std::to_string(words.size()) + " words";
    return s + "]";
}

std::string Range(schema::CoreRange::Reader r) {
    std::string s = "(" + std::to_string(r.getStartX()) + "," + std::to_string(r.getStartY()) + ")";
    if (r.getStartX() != r.getEndX() || r.getStartY() != r.getEndY())
        s += "-(" + std::to_string(r.getEndX()) + "," + std::to_string(r.getEndY()) + ")";
    return s;
}

}  // namespace

std::string Printable(const char* text, std::size_t size, std::size_t max) {
    std::string out;
    const std::size_t shown = size < max ? size : max;
    for (std::size_t i = 0; i < shown; i++) {
        const unsigned char ch = static_cast<unsigned char>(text[i]);
        if (ch == '\\' || ch == '"') {
            out += '\\';
            out += static_cast<char>(ch);
        } else if (ch < 0x20 || ch == 0x7f) {  // no terminal control sequences from a log
            char esc[8];
            std::snprintf(esc, sizeof esc, "\\x%02x", ch);
            out += esc;
        } else {
            out += static_cast<char>(ch);
        }
    }
    if (size > shown) out += "… " + std::to_string(size - shown) + " more bytes";
    return out;
}

std::string Hex(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string FormatObject(schema::ObjectKind kind, std::uint64_t id) { return EnumName(kind) + "#" + std::to_string(id); }

std::string FormatObject(schema::ObjectRef::Reader o) {
    if (o.getId() == 0) return "null";
    std::string s = EnumName(o.getKind()) + "#" + std::to_string(o.getId());
    switch (o.getKind()) {
        case schema::ObjectKind::BUFFER:
            if (o.getRaw()) s += "@" + Hex(o.getRaw());
            break;
        case schema::ObjectKind::KERNEL:
        case schema::ObjectKind::SEMAPHORE:
        case schema::ObjectKind::TRACE:
        case schema::ObjectKind::COMMAND_QUEUE:
        case schema::ObjectKind::DEVICE:
            s += "{" + std::to_string(o.getRaw()) + "}";
            break;
        default: break;
    }
    return s;
}

std::string FormatValue(schema::Value::Reader v) {
    switch (v.which()) {
        case schema::Value::NONE: return "-";
        case schema::Value::BOOL: return v.getBool() ? "true" : "false";
        case schema::Value::INT: return std::to_string(v.getInt());
        case schema::Value::UINT: return std::to_string(v.getUint());
        case schema::Value::FLOAT: return std::to_string(v.getFloat());
        case schema::Value::TEXT: return "\"" + Printable(v.getText()) + "\"";
        case schema::Value::OBJECT: return FormatObject(v.getObject());
        case schema::Value::WORDS: return Words(v.getWords());
        case schema::Value::CORES: {
            auto c = v.getCores();
            std::string s;
            const auto ranges = c.getRanges();
            for (unsigned i = 0; i < ranges.size() && i < kShownElements; i++) s += (s.empty() ? "" : " ") + Range(ranges[i]);
            if (ranges.size() > kShownElements) s += " … " + std::to_string(ranges.size() - kShownElements) + " more";
            return c.getForm() == schema::CoreForm::RANGE_SET ? "{" + s + "}" : s;
        }
        case schema::Value::KERNEL_CONFIG: {
            auto k = v.getKernelConfig();
            std::string s = EnumName(k.getKind()) + "{";
            if (k.getKind() == schema::KernelKind::COMPUTE) s += "fidelity=" + std::to_string(k.getMathFidelity());
            else s += "riscv=" + std::to_string(k.getProcessor()) + " noc=" + std::to_string(k.getNoc());
            if (k.getCompileArgs().size()) s += " args=" + Words(k.getCompileArgs());
            const auto defines = k.getDefines();
            for (unsigned i = 0; i < defines.size() && i < kShownElements; i++)
                s += " " + Printable(defines[i].getName()) + "=" + Printable(defines[i].getValue());
            if (defines.size() > kShownElements) s += " … " + std::to_string(defines.size() - kShownElements) + " more defines";
            return s + "}";
        }
        case schema::Value::BUFFER_CONFIG: {
            auto b = v.getBufferConfig();
            return "{device#" + std::to_string(b.getDevice()) + " size=" + std::to_string(b.getSize()) +
                   " page=" + std::to_string(b.getPageSize()) + " type=" + std::to_string(b.getBufferType()) +
                   " layout=" + std::to_string(b.getLayout()) + (b.getSharded() ? " sharded" : "") + "}";
        }
        case schema::Value::CB_CONFIG: {
            auto c = v.getCbConfig();
            std::string s = "{total=" + std::to_string(c.getTotalSize());
            const auto indices = c.getIndices();
            for (unsigned n = 0; n < indices.size() && n < kShownElements; n++) {
                const auto i = indices[n];
                s += " c" + std::to_string(i.getIndex()) + ":fmt" + std::to_string(i.getDataFormat()) + "/" +
                     std::to_string(i.getPageSize());
            }
            if (indices.size() > kShownElements) s += " … " + std::to_string(indices.size() - kShownElements) + " more";
            if (c.getGlobalBuffer()) s += " buffer#" + std::to_string(c.getGlobalBuffer());
            return s + "}";
        }
        case schema::Value::REGION:
            return "[" + std::to_string(v.getRegion().getOffset()) + ", +" + std::to_string(v.getRegion().getSize()) + "]";
        case schema::Value::DATA: {
            auto d = v.getData();
            return "blob#" + std::to_string(d.getBlob()) + "(" + std::to_string(d.getSize()) + " B " +
                   EnumName(d.getElementType()) + ")";
        }
        case schema::Value::HOST_POINTER: return "ptr";
        case schema::Value::LIST: {
            const auto list = v.getList();
            std::string s = "[";
            for (unsigned i = 0; i < list.size() && i < kShownElements; i++) s += (i ? ", " : "") + FormatValue(list[i]);
            if (list.size() > kShownElements) s += ", … " + std::to_string(list.size() - kShownElements) + " more";
            return s + "]";
        }
        case schema::Value::KERNEL_SOURCE: return "source#" + std::to_string(v.getKernelSource());
    }
    return "?";
}

std::string FormatCall(schema::Call::Reader call) {
    std::string s = ApiName(call.getFunction()) + "(";
    const auto args = call.getArgs();
    for (unsigned i = 0; i < args.size() && i < kShownElements; i++) s += (i ? ", " : "") + FormatValue(args[i]);
    if (args.size() > kShownElements) s += ", … " + std::to_string(args.size() - kShownElements) + " more";
    s += ")";
    const auto changed = call.getArgsChanged();
    for (unsigned i = 0; i < changed.size() && i < kShownElements; i++) {
        const auto c = changed[i];
        s += " [kernel#" + std::to_string(c.getKernel()) +
             (c.getCommon() ? " common" : " (" + std::to_string(c.getX()) + "," + std::to_string(c.getY()) + ")") +
             " args now " + Words(c.getWords()) + "]";
    }
    if (changed.size() > kShownElements) s += " [… " + std::to_string(changed.size() - kShownElements) + " more]";
    return s;
}

}  // namespace ltcap
