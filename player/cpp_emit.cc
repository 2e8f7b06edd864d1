#include "player/cpp_emit.h"

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include <algorithm>
#include <cstdio>

#include "player/format.h"
#include "schema/values/buffer_config.h"
#include "schema/values/cb_config.h"
#include "schema/values/cores.h"
#include "schema/values/data.h"
#include "schema/values/kernel_config.h"
#include "schema/values/list.h"
#include "schema/values/object.h"
#include "schema/values/region.h"
#include "schema/values/scalars.h"
#include "schema/values/shard_spec.h"
#include "schema/values/words.h"

namespace ltcap {

// ---- CppCall, CppProgram

CppCall::CppCall(CppProgram& program, const DecodedCall& c, schema::Return::Reader r, bool has_r)
    : p(program), call(c), ret(r), has_return(has_r) {}

Value CppCall::Arg(unsigned i) const {
    if (i >= call.args.size())
        throw LogError("has " + std::to_string(call.args.size()) + " arguments, argument " + std::to_string(i + 1) +
                       " was expected");
    return call.args[i];
}

std::uint64_t CppCall::ResultId() const {
    if (!has_return || !ret.hasResult() || !ret.getResult().isObject()) return 0;
    return ret.getResult().getObject().getId();
}

std::uint64_t CppCall::ArgId(schema::ObjectKind kind) const {
    for (auto a : call.args)
        if (a.isObject() && a.getObject().getKind() == kind) return a.getObject().getId();
    return 0;
}

const std::string& CppProgram::Name(schema::ObjectKind kind, std::uint64_t id) const {
    auto it = names_.find({kind, id});
    if (it == names_.end())
        throw LogError("names " + values::PrintObject(kind, id) + ", which no exported call made (or it was gone)");
    return it->second.first;
}

void CppProgram::Bind(schema::ObjectKind kind, std::uint64_t id, std::string expression, bool owned) {
    names_[{kind, id}] = {std::move(expression), owned};
}

bool CppProgram::Owned(schema::ObjectKind kind, std::uint64_t id) const {
    auto it = names_.find({kind, id});
    return it != names_.end() && it->second.second;
}

std::string CppProgram::Variable(const std::string& stem, std::uint64_t id) {
    std::string name = stem + "_" + std::to_string(id);
    for (int n = 1; variables_.count(name); n++) name = stem + "_" + std::to_string(id) + "_" + std::to_string(n);
    variables_.insert(name);
    return name;
}

std::string CppString(std::string_view s) {
    std::string out = "\"";
    for (const char ch : s) {
        const unsigned char c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') out += '\\', out += ch;
        else if (c == '\n') out += "\\n";
        else if (c == '\t') out += "\\t";
        else if (c < 0x20 || c >= 0x7f || c == '?') {  // octal: never runs into the next character; no trigraphs
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\%03o", c);
            out += buf;
        } else {
            out += ch;
        }
    }
    return out + "\"";
}

namespace {

std::string Words(const std::vector<std::uint32_t>& words, const char* suffix = "u") {
    std::string out;
    for (std::size_t i = 0; i < words.size(); i++) out += (i ? ", " : "") + std::to_string(words[i]) + suffix;
    return out;
}

std::string Coord(std::uint32_t x, std::uint32_t y) { return TypeName<CoreCoord>() + "{" + std::to_string(x) + ", " + std::to_string(y) + "}"; }

std::string Range(const values::Rect& r) {
    return TypeName<CoreRange>() + "(" + Coord(r.start_x, r.start_y) + ", " + Coord(r.end_x, r.end_y) + ")";
}

// A cores value. A call that threw when captured may hold ranges no device has (a program probing tt-metal's
// errors): written as they are, for tt-metal to refuse again.
values::CoresValue Cores(CppCall& x, Value v) {
    if (!x.Threw()) return values::ReadCores(v);
    if (!v.isCores()) values::Unexpected("cores", v);
    values::CoresValue out{static_cast<layout::CoreForm>(v.getCores().getForm()), {}};
    for (auto r : v.getCores().getRanges()) out.ranges.push_back({r.getStartX(), r.getStartY(), r.getEndX(), r.getEndY()});
    if (out.ranges.empty()) throw LogError("cores with no range");
    return out;
}

// The kernel object a kernel handle stands for, and its program's expression.
std::string KernelHandle(CppCall& x, Value v) {
    return x.p.Name(K::KERNEL, ObjectOf(v, K::KERNEL, "a kernel").id);
}

}  // namespace

std::string EmitCores(const std::vector<values::Rect>& ranges) {
    std::string out = TypeName<CoreRangeSet>() + "(std::vector<" + TypeName<CoreRange>() + ">{";
    for (std::size_t i = 0; i < ranges.size(); i++) out += (i ? ", " : "") + Range(ranges[i]);
    return out + "})";
}

std::string Emit(CppCall&, Value v, Tag<std::string>) { return "std::string(" + CppString(values::ReadText(v)) + ")"; }

// ---- Objects

std::string Emit(CppCall& x, Value v, Tag<tm::IDevice*>) {
    if (v.isObject() && v.getObject().getKind() == K::MESH_DEVICE) return Emit(x, v, Tag<dist::MeshDevice*>{});
    const auto o = ObjectOf(v, K::DEVICE, "a device");
    return o.id ? x.p.Name(K::DEVICE, o.id) : "static_cast<" + TypeName<tm::IDevice*>() + ">(nullptr)";
}

#if LTCAP_HAS_COMMAND_QUEUE
std::string Emit(CppCall& x, Value v, Tag<tm::CommandQueue>) {
    const auto o = ObjectOf(v, K::COMMAND_QUEUE, "a command queue");
    return x.p.Name(K::DEVICE, o.parent) + "->command_queue(" + std::to_string(o.raw) + ")";
}
#endif

// A program the log has not seen created was constructed directly (`Program program;`), as the captured program did.
std::string Emit(CppCall& x, Value v, Tag<tm::Program>) {
    const std::uint64_t id = ObjectOf(v, K::PROGRAM, "a program").id;
    if (!x.p.Has(K::PROGRAM, id)) {
        const std::string name = x.p.Variable("program", id);
        x.before.push_back(TypeName<tm::Program>() + " " + name + ";");
        x.p.Bind(K::PROGRAM, id, name);
    }
    return x.p.Name(K::PROGRAM, id);
}

std::string Emit(CppCall& x, Value v, Tag<std::shared_ptr<tm::Buffer>>) {
    const std::uint64_t id = ObjectOf(v, K::BUFFER, "a buffer").id;
    if (!id) return "std::shared_ptr<" + TypeName<tm::Buffer>() + ">()";
    const std::string& name = x.p.Name(K::BUFFER, id);
    if (x.p.Owned(K::BUFFER, id)) return name;
    // A buffer tt-metal owns (a mesh buffer's): a shared_ptr that does not own it, as the program would make one.
    return "std::shared_ptr<" + TypeName<tm::Buffer>() + ">(" + name + ", [](" + TypeName<tm::Buffer>() + "*) {})";
}

std::string Emit(CppCall& x, Value v, Tag<tm::Buffer>) {
    const std::uint64_t id = ObjectOf(v, K::BUFFER, "a buffer").id;
    if (!id) throw LogError("a null buffer where the function takes one by reference");
    return "(*" + x.p.Name(K::BUFFER, id) + ")";
}

// The program passed its shared_ptr (a Buffer& form names the buffer by reference: the same call to tt-metal).
std::string Emit(CppCall& x, Value v, Tag<api::BufRef>) { return Emit(x, v, Tag<std::shared_ptr<tm::Buffer>>{}); }

#if LTCAP_HAS_EVENT
std::string Emit(CppCall& x, Value v, Tag<std::shared_ptr<tm::Event>>) {
    const std::uint64_t id = ObjectOf(v, K::EVENT, "an event").id;
    return id ? x.p.Name(K::EVENT, id) : "std::shared_ptr<" + TypeName<tm::Event>() + ">()";
}
#endif

#if LTCAP_HAS_KERNEL_OBJECT
std::string Emit(CppCall& x, Value v, Tag<std::shared_ptr<tm::Kernel>>) {
    const std::uint64_t id = ObjectOf(v, K::KERNEL, "a kernel").id;
    if (!id) return "std::shared_ptr<" + TypeName<tm::Kernel>() + ">()";
    auto program = x.p.kernel_program.find(id);
    if (program == x.p.kernel_program.end()) throw LogError("names kernel#" + std::to_string(id) + " of no program");
    return x.p.Name(K::PROGRAM, program->second) + ".get_kernel(" + x.p.Name(K::KERNEL, id) + ")";
}
#endif

std::string Emit(CppCall& x, Value v, Tag<std::vector<tm::IDevice*>>) {
    if (!v.isList()) values::Unexpected("a list of devices", v);
    std::string out = "std::vector<" + TypeName<tm::IDevice*>() + ">{";
    bool first = true;
    for (auto d : v.getList()) out += (first ? "" : ", ") + Emit(x, d, Tag<tm::IDevice*>{}), first = false;
    return out + "}";
}

std::string Emit(CppCall& x, Value v, Tag<api::DeviceMap>) {
    const std::string devices = Emit(x, v, Tag<std::vector<tm::IDevice*>>{});
    return "[&] { " + TypeName<api::DeviceMap>() + " m; for (auto* d : " + devices +
           ") if (d) m[d->id()] = d; return m; }()";
}

// ---- Words, data, runtime args

std::string Emit(CppCall&, Value v, Tag<tt::stl::Span<const std::uint32_t>>) {
    return TypeName<tt::stl::Span<const std::uint32_t>>() + "(std::vector<std::uint32_t>{" + Words(values::ReadWords(v)) +
           "})";
}

#if LTCAP_HAS_INITIALIZER_LIST_ARGS
std::string Emit(CppCall&, Value v, Tag<std::initializer_list<std::uint32_t>>) {
    return "std::initializer_list<std::uint32_t>{" + Words(values::ReadWords(v)) + "}";
}
#endif

std::string Emit(CppCall&, Value v, Tag<std::vector<std::uint32_t>>) {
    return "std::vector<std::uint32_t>{" + Words(values::ReadWords(v)) + "}";
}

std::string Emit(CppCall&, Value v, Tag<std::vector<std::vector<std::uint32_t>>>) {
    if (!v.isList()) values::Unexpected("a list of words", v);
    std::string out = "std::vector<std::vector<std::uint32_t>>{";
    bool first = true;
    for (auto e : v.getList()) out += (first ? "{" : ", {") + Words(values::ReadWords(e)) + "}", first = false;
    return out + "}";
}

namespace {
// The blob a data value's bytes are in (the run reads data/blob<N>.bin).
std::uint64_t Blob(CppCall& x, Value v) {
    if (!v.isData()) values::Unexpected("data", v);
    const auto d = v.getData();
    if (d.getSize() == 0) return 0;
    x.p.blobs_used.insert(d.getBlob());
    return d.getBlob();
}
}  // namespace

std::string Emit(CppCall& x, Value v, Tag<tt::stl::Span<const std::uint8_t>>) {
    const std::uint64_t blob = Blob(x, v);
    const std::uint64_t size = v.getData().getSize();
    if (!size) return TypeName<tt::stl::Span<const std::uint8_t>>() + "()";
    return TypeName<tt::stl::Span<const std::uint8_t>>() + "(run.Bytes8(" + std::to_string(blob) + "), " +
           std::to_string(size) + ")";
}

#if LTCAP_HAS_RUNTIME_ARGS_OBJECT
std::string Emit(CppCall&, Value v, Tag<std::shared_ptr<tm::RuntimeArgs>>) {
    if (v.isNone()) return "std::shared_ptr<" + TypeName<tm::RuntimeArgs>() + ">()";
    return "std::make_shared<" + TypeName<tm::RuntimeArgs>() + ">(" + TypeName<tm::RuntimeArgs>() + "{" +
           Words(values::ReadWords(v)) + "})";
}

std::string Emit(CppCall& x, Value v, Tag<std::vector<std::shared_ptr<tm::RuntimeArgs>>>) {
    if (!v.isList()) values::Unexpected("a list of runtime args", v);
    std::string out = "std::vector<std::shared_ptr<" + TypeName<tm::RuntimeArgs>() + ">>{";
    bool first = true;
    for (auto e : v.getList()) out += (first ? "" : ", ") + Emit(x, e, Tag<std::shared_ptr<tm::RuntimeArgs>>{}), first = false;
    return out + "}";
}

std::string Emit(CppCall&, Value v, Tag<tm::TraceDescriptor>) {
    return "[&] { " + TypeName<tm::TraceDescriptor>() + " d; d.data = {" + Words(values::ReadWords(v)) +
           "}; return d; }()";
}
#endif

std::string Emit(CppCall&, Value v, Tag<tm::DispatchCoreConfig>) {
    const auto w = values::ReadWords(v);
    return TypeName<tm::DispatchCoreConfig>() + "(static_cast<" + TypeName<tm::DispatchCoreType>() + ">(" +
           std::to_string(w.size() > 0 ? w[0] : 0) + "), static_cast<" + TypeName<tm::DispatchCoreAxis>() + ">(" +
           std::to_string(w.size() > 1 ? w[1] : 0) + "))";
}

// ---- Cores

std::string Emit(CppCall& x, Value v, Tag<api::CoreSpec>) {
    const values::CoresValue c = Cores(x, v);
    switch (c.form) {
        case layout::CoreForm::coord: return Coord(c.ranges.at(0).start_x, c.ranges.at(0).start_y);
        case layout::CoreForm::range: return Range(c.ranges.at(0));
        default: return EmitCores(c.ranges);
    }
}

std::string Emit(CppCall& x, Value v, Tag<CoreCoord>) {
    const values::CoresValue c = Cores(x, v);
    if (c.form != layout::CoreForm::coord) throw LogError("expected one core, the log has " + FormatValue(v));
    return Coord(c.ranges.at(0).start_x, c.ranges.at(0).start_y);
}

std::string Emit(CppCall& x, Value v, Tag<CoreRangeSet>) {
    const values::CoresValue c = Cores(x, v);
    if (c.form == layout::CoreForm::coord) throw LogError("expected a core range set, the log has " + FormatValue(v));
    return EmitCores(c.ranges);
}

std::string Emit(CppCall& x, Value v, Tag<api::SemaphoreCores>) {
    const values::CoresValue c = Cores(x, v);
    if (c.form == layout::CoreForm::rangeSet) return EmitCores(c.ranges);
    return Range(c.ranges.at(0));
}

std::string Emit(CppCall& x, Value v, Tag<std::vector<CoreCoord>>) {
    if (!v.isList()) values::Unexpected("a list of cores", v);
    std::string out = "std::vector<" + TypeName<CoreCoord>() + ">{";
    bool first = true;
    for (auto e : v.getList()) out += (first ? "" : ", ") + Emit(x, e, Tag<CoreCoord>{}), first = false;
    return out + "}";
}

#if LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER
std::string Emit(CppCall& x, Value v, Tag<api::CoreMapping>) {
    if (!v.isList()) values::Unexpected("a core mapping", v);
    std::string out = TypeName<api::CoreMapping>() + "{";
    bool first = true;
    for (auto pair : v.getList()) {
        if (!pair.isList() || pair.getList().size() != 2) values::Unexpected("a (sender core, receiver cores) pair", pair);
        out += (first ? "{" : ", {") + Emit(x, pair.getList()[0], Tag<CoreCoord>{}) + ", " +
               Emit(x, pair.getList()[1], Tag<CoreRangeSet>{}) + "}";
        first = false;
    }
    return out + "}";
}

std::string Emit(CppCall& x, Value v, Tag<tm::experimental::GlobalCircularBuffer>) {
    return x.p.Name(K::GLOBAL_CIRCULAR_BUFFER, ObjectOf(v, K::GLOBAL_CIRCULAR_BUFFER, "a global circular buffer").id);
}
#endif

#if LTCAP_HAS_METAL_ENV
// A MetalEnv the log has not used yet was constructed by the program (no API call), as it is here.
std::string Emit(CppCall& x, Value v, Tag<tm::MetalEnv>) {
    const std::uint64_t id = ObjectOf(v, K::METAL_ENV, "a MetalEnv").id;
    if (!id) values::Unexpected("a MetalEnv", v);
    if (!x.p.Has(K::METAL_ENV, id)) {
        const std::string name = x.p.Variable("env", id);
        x.before.push_back(TypeName<tm::MetalEnv>() + " " + name + ";");
        x.p.Bind(K::METAL_ENV, id, name);
    }
    return x.p.Name(K::METAL_ENV, id);
}
#endif

// ---- Configs and small types

std::string Emit(CppCall&, Value v, Tag<api::KernelConfig>) {
    const values::KernelConfigValue k = values::ReadKernelConfig(v);
    std::string body;
    const auto set = [&](const std::string& field, const std::string& value) { body += " c." + field + " = " + value + ";"; };
    const auto common = [&](auto& cfg) {
        set("compile_args", "{" + Words(k.compile_args) + "}");
        std::string defines;
        for (const auto& [name, value] : k.defines) defines += (defines.empty() ? "{" : ", {") + CppString(name) + ", " + CppString(value) + "}";
        if (!defines.empty()) set("defines", "{" + defines + "}");
        set("opt_level", "static_cast<" + TypeName<tm::KernelBuildOptLevel>() + ">(" + std::to_string(k.opt_level) + ")");
        if constexpr (requires { cfg.named_compile_args; }) {  // v0.67.0's named compile-time args
            for (const auto& [name, value] : k.named_compile_args)
                body += " c.named_compile_args[" + CppString(name) + "] = " + std::to_string(value) + "u;";
        }
    };
    switch (k.kind) {
        case layout::KernelKind::dataMovement: {
            tm::DataMovementConfig cfg;
            set("processor", "static_cast<" + TypeName<tm::DataMovementProcessor>() + ">(" + std::to_string(k.processor) + ")");
            set("noc", "static_cast<" + TypeName<tm::NOC>() + ">(" + std::to_string(k.noc) + ")");
            set("noc_mode", "static_cast<" + TypeName<tm::NOC_MODE>() + ">(" + std::to_string(k.noc_mode) + ")");
            common(cfg);
            return "[&] { " + TypeName<tm::DataMovementConfig>() + " c;" + body + " return c; }()";
        }
        case layout::KernelKind::compute: {
            tm::ComputeConfig cfg;
            set("math_fidelity", "static_cast<" + TypeName<MathFidelity>() + ">(" + std::to_string(k.math_fidelity) + ")");
            set("fp32_dest_acc_en", k.fp32_dest_acc_en ? "true" : "false");
            set("dst_full_sync_en", k.dst_full_sync_en ? "true" : "false");
            for (auto m : k.unpack_to_dest_mode)
                body += " c.unpack_to_dest_mode.push_back(static_cast<" + TypeName<UnpackToDestMode>() + ">(" +
                        std::to_string(m) + "));";
            set("bfp8_pack_precise", k.bfp8_pack_precise ? "true" : "false");
            set("math_approx_mode", k.math_approx_mode ? "true" : "false");
            common(cfg);
            return "[&] { " + TypeName<tm::ComputeConfig>() + " c;" + body + " return c; }()";
        }
#if LTCAP_HAS_ETHERNET_KERNEL_CONFIG
        default: {
            tm::EthernetConfig cfg;
            set("eth_mode", "static_cast<" + TypeName<tm::Eth>() + ">(" + std::to_string(k.eth_mode) + ")");
            set("noc", "static_cast<" + TypeName<tm::NOC>() + ">(" + std::to_string(k.noc) + ")");
            set("processor", "static_cast<" + TypeName<tm::DataMovementProcessor>() + ">(" + std::to_string(k.processor) + ")");
            common(cfg);
            return "[&] { " + TypeName<tm::EthernetConfig>() + " c;" + body + " return c; }()";
        }
#else
        default: throw LogError("an Ethernet kernel config, which v0.67.0's CreateKernel does not take");
#endif
    }
}

namespace {
template <typename Config>
constexpr bool kHasBufferLayout = requires(Config c) { c.buffer_layout; };  // v0.67.0's has none: it is interleaved
}  // namespace

std::string Emit(CppCall& x, Value v, Tag<tm::InterleavedBufferConfig>) {
    const values::BufferConfigValue b = values::ReadBufferConfig(v);
    std::string body = " c.device = " + (b.device ? x.p.Name(x.p.Has(K::DEVICE, b.device) ? K::DEVICE : K::MESH_DEVICE, b.device) : "nullptr");
    if (!x.p.Has(K::DEVICE, b.device) && b.device) body += ".get()";
    body += "; c.size = " + std::to_string(b.size) + "ull; c.page_size = " + std::to_string(b.page_size) +
            "ull; c.buffer_type = static_cast<" + TypeName<tm::BufferType>() + ">(" + std::to_string(b.buffer_type) + ");";
    if constexpr (kHasBufferLayout<tm::InterleavedBufferConfig>)
        body += " c.buffer_layout = static_cast<" + TypeName<tm::TensorMemoryLayout>() + ">(" + std::to_string(b.layout) + ");";
    return "[&] { " + TypeName<tm::InterleavedBufferConfig>() + " c{};" + body + " return c; }()";
}

std::string EmitShardSpec(const values::ShardValue& s) {
    std::string spec = TypeName<tm::ShardSpecBuffer>() + "(" + EmitCores(s.grid) + ", {" + std::to_string(s.shape_height) +
                       "u, " + std::to_string(s.shape_width) + "u}, static_cast<" + TypeName<tm::ShardOrientation>() +
                       ">(" + std::to_string(s.orientation) + "), {" + std::to_string(s.page_height) + "u, " +
                       std::to_string(s.page_width) + "u}, {" + std::to_string(s.tensor_pages_height) + "u, " +
                       std::to_string(s.tensor_pages_width) + "u})";
#if LTCAP_HAS_SHARD_MODE
    return "[&] { auto s = " + spec + "; s.tensor_shard_spec.mode = static_cast<" + TypeName<tm::ShardMode>() + ">(" +
           std::to_string(s.mode) + "); return s; }()";
#else
    return spec;
#endif
}

std::string Emit(CppCall& x, Value v, Tag<tm::ShardedBufferConfig>) {
    const values::BufferConfigValue b = values::ReadBufferConfig(v);
    if (!b.sharded) values::Unexpected("a sharded buffer config", v);
    std::string device = b.device ? x.p.Name(x.p.Has(K::DEVICE, b.device) ? K::DEVICE : K::MESH_DEVICE, b.device) : "nullptr";
    if (b.device && !x.p.Has(K::DEVICE, b.device)) device += ".get()";
    return TypeName<tm::ShardedBufferConfig>() + "{" + device + ", " + std::to_string(b.size) + "ull, " +
           std::to_string(b.page_size) + "ull, static_cast<" + TypeName<tm::BufferType>() + ">(" +
           std::to_string(b.buffer_type) + "), static_cast<" + TypeName<tm::TensorMemoryLayout>() + ">(" +
           std::to_string(b.layout) + "), " + EmitShardSpec(b.shard) + "}";
}

std::string Emit(CppCall& x, Value v, Tag<tm::CircularBufferConfig>) {
    const values::CbConfigValue c = values::ReadCbConfig(v);
    std::string formats = "std::map<std::uint8_t, " + TypeName<tt::DataFormat>() + ">{";
    bool first = true;
    for (const auto& i : c.indices)
        if (!i.remote) {
            formats += std::string(first ? "" : ", ") + "{" + std::to_string(i.index) + ", static_cast<" +
                       TypeName<tt::DataFormat>() + ">(" + std::to_string(i.data_format) + ")}";
            first = false;
        }
    formats += "}";
    std::string out = "[&] { " + TypeName<tm::CircularBufferConfig>() + " c(" + std::to_string(c.total_size) + "u, " + formats;
    if (c.global_buffer) out += ", *" + x.p.Name(K::BUFFER, c.global_buffer);
    out += ");";
    for (const auto& i : c.indices) {
        if (i.remote)
            out += " c.remote_index(" + std::to_string(i.index) + ").set_data_format(static_cast<" +
                   TypeName<tt::DataFormat>() + ">(" + std::to_string(i.data_format) + "));";
        if (i.page_size) out += " c.set_page_size(" + std::to_string(i.index) + ", " + std::to_string(i.page_size) + "u);";
    }
    return out + " return c; }()";
}

std::string Emit(CppCall&, Value v, Tag<tm::BufferRegion>) {
    const values::RegionValue r = values::ReadRegion(v);
    return TypeName<tm::BufferRegion>() + "(" + std::to_string(r.offset) + "ull, " + std::to_string(r.size) + "ull)";
}

std::string Emit(CppCall&, Value v, Tag<tm::SubDeviceId>) {
    return TypeName<tm::SubDeviceId>() + "{static_cast<std::uint8_t>(" + std::to_string(values::ReadUnsigned(v)) + ")}";
}

std::string Emit(CppCall& x, Value v, Tag<api::SubIds>) {
    if (v.isNone()) return "{}";
    if (!v.isList()) values::Unexpected("a list of sub-device ids", v);
    if (v.getList().size() == 0) return "{}";
    std::string out = "run.Keep(std::vector<" + TypeName<tm::SubDeviceId>() + ">{";
    bool first = true;
    for (auto e : v.getList()) out += (first ? "" : ", ") + Emit(x, e, Tag<tm::SubDeviceId>{}), first = false;
    return out + "})";
}

std::string Emit(CppCall&, Value v, Tag<tm::ShardSpecBuffer>) { return EmitShardSpec(values::ReadShard(v)); }

// ---- Roles

std::string EmitRole(CppCall& x, Value v, Tag<KernelRef>) { return KernelHandle(x, v); }
std::string EmitRole(CppCall& x, Value v, Tag<SetsArgsOf>) { return KernelHandle(x, v); }
std::string EmitRole(CppCall& x, Value v, Tag<ExposesArgsOf>) { return KernelHandle(x, v); }
std::string EmitRole(CppCall& x, Value v, Tag<CbRef>) {
    return x.p.Name(K::CIRCULAR_BUFFER, ObjectOf(v, K::CIRCULAR_BUFFER, "a circular buffer").id);
}
std::string EmitRole(CppCall& x, Value v, Tag<TraceRef>) { return x.p.Name(K::TRACE, ObjectOf(v, K::TRACE, "a metal trace").id); }
// LoadTrace names the id the trace gets: the program chose it.
std::string EmitRole(CppCall& x, Value v, Tag<LoadsTrace>) {
    const auto o = ObjectOf(v, K::TRACE, "a metal trace");
    const std::string name = x.p.Variable("trace", o.id);
    x.before.push_back("std::uint32_t " + name + " = " + std::to_string(o.raw) + "u;");
    x.p.Bind(K::TRACE, o.id, name);
    return name;
}
std::string EmitRole(CppCall&, Value v, Tag<DeviceNumber>) { return std::to_string(static_cast<int>(values::ReadUnsigned(v))); }
std::string EmitRole(CppCall&, Value v, Tag<DeviceNumbers>) {
    if (!v.isList()) values::Unexpected("a list of device numbers", v);
    std::string out = "std::vector<int>{";
    bool first = true;
    for (auto e : v.getList()) out += (first ? "" : ", ") + std::to_string(static_cast<int>(values::ReadUnsigned(e))), first = false;
    return out + "}";
}

std::string EmitRole(CppCall& x, Value v, Tag<KernelFile>) {
    const std::uint64_t id = values::ReadKernelSource(v);
    auto it = x.p.kernels.find(id);
    if (it == x.p.kernels.end()) throw LogError("names kernel source " + std::to_string(id) + ", which the log lacks");
    if (it->second.first.empty()) return "std::string(" + CppString(it->second.second) + ")";  // unreadable: as named
    return "run.Path(" + CppString(it->second.first) + ")";
}
std::string EmitRole(CppCall& x, Value v, Tag<KernelText>) {
    const std::uint64_t id = values::ReadKernelSource(v);
    auto it = x.p.kernels.find(id);
    if (it == x.p.kernels.end() || it->second.first.empty())
        throw LogError("names kernel source " + std::to_string(id) + ", which the log lacks");
    return "run.Text(" + CppString(it->second.first) + ")";
}

namespace {
// Runtime args the program edited in place (through GetRuntimeArgs references) before this launch: written through
// the reference the program had, as it wrote them.
void ArgsChanged(CppCall& x) {
    for (auto change : x.call.entry.getArgsChanged()) {
        const auto key = std::make_tuple(change.getKernel(), change.getCommon(), change.getX(), change.getY());
        std::string ref;
        if (auto it = x.p.exposed_args.find(key); it != x.p.exposed_args.end()) {
            ref = it->second;
        } else if (auto grid = x.p.exposed_grids.find(change.getKernel()); grid != x.p.exposed_grids.end() && !change.getCommon()) {
            ref = grid->second + "[" + std::to_string(change.getX()) + "][" + std::to_string(change.getY()) + "]";
        } else {
            // The reference was taken before the log began (a capture window): taken again here, as ltplay does.
            auto program = x.p.kernel_program.find(change.getKernel());
            if (program == x.p.kernel_program.end())
                throw LogError("edits the runtime args of kernel#" + std::to_string(change.getKernel()) + " of no program");
            const std::string p = x.p.Name(K::PROGRAM, program->second), k = x.p.Name(K::KERNEL, change.getKernel());
            ref = change.getCommon() ? "tt::tt_metal::GetCommonRuntimeArgs(" + p + ", " + k + ")"
                                     : "tt::tt_metal::GetRuntimeArgs(" + p + ", " + k + ", " + Coord(change.getX(), change.getY()) + ")";
        }
        std::vector<std::uint32_t> words;
        for (std::uint32_t w : change.getWords()) words.push_back(w);
        x.before.push_back("{ const std::uint32_t w[] = {" + Words(words) + "}; std::copy(std::begin(w), std::end(w), " +
                           ref + ".data()); }  // edited in place");
    }
}
}  // namespace

std::string EmitRole(CppCall& x, Value v, Tag<LaunchOf>) {
    ArgsChanged(x);
    return Emit(x, v, Tag<tm::Program>{});
}
std::string EmitRole(CppCall& x, Value v, Tag<LaunchOfShared>) {
    ArgsChanged(x);
    return "std::shared_ptr<" + TypeName<tm::Program>() + ">(&" + Emit(x, v, Tag<tm::Program>{}) + ", [](" +
           TypeName<tm::Program>() + "*) {})";
}
#if LTCAP_HAS_COMMAND_QUEUE
std::string EmitRole(CppCall& x, Value v, Tag<FinishesQueue>) { return Emit(x, v, Tag<tm::CommandQueue>{}); }

// The payload as the program passed it: the same HostDataType alternative, the captured bytes.
std::string EmitRole(CppCall& x, Value v, Tag<Payload>) {
    const std::uint64_t blob = Blob(x, v);
    const auto vector = [&](const std::string& element) {
        return "run.Shared<" + element + ">(" + std::to_string(blob) + ")";
    };
    if (!v.getData().getSize()) return "static_cast<const void*>(nullptr)";
    switch (v.getData().getElementType()) {
        case schema::ElementType::UINT8: return vector("std::uint8_t");
        case schema::ElementType::UINT16: return vector("std::uint16_t");
        case schema::ElementType::INT32: return vector("std::int32_t");
        case schema::ElementType::UINT32: return vector("std::uint32_t");
        case schema::ElementType::FLOAT32: return vector("float");
        case schema::ElementType::BFLOAT16: return vector(TypeName<bfloat16>());
        default: return "run.Pointer(" + std::to_string(blob) + ")";
    }
}
#endif
std::string EmitRole(CppCall& x, Value v, Tag<ClosesDevice>) { return Emit(x, v, Tag<tm::IDevice*>{}); }
std::string EmitRole(CppCall& x, Value v, Tag<ClosesDevices>) { return Emit(x, v, Tag<api::DeviceMap>{}); }
std::string EmitRole(CppCall& x, Value v, Tag<SynchronizesDevice>) { return Emit(x, v, Tag<tm::IDevice*>{}); }
#if LTCAP_HAS_EVENT
std::string EmitRole(CppCall& x, Value v, Tag<SynchronizesEvent>) { return Emit(x, v, Tag<std::shared_ptr<tm::Event>>{}); }
// An event is made by the program (no API call): its first recording makes it.
std::string EmitRole(CppCall& x, Value v, Tag<RecordsEvent>) {
    const std::uint64_t id = ObjectOf(v, K::EVENT, "an event").id;
    if (!x.p.Has(K::EVENT, id)) {
        const std::string name = x.p.Variable("event", id);
        x.before.push_back("auto " + name + " = std::make_shared<" + TypeName<tm::Event>() + ">();");
        x.p.Bind(K::EVENT, id, name);
    }
    return x.p.Name(K::EVENT, id);
}
#endif
std::string EmitRole(CppCall&, Value v, Tag<Blocking>) { return values::ReadBool(v) ? "true" : "false"; }
std::string EmitRole(CppCall&, Value v, Tag<MeshQueueIndex>) {
    return "static_cast<std::uint8_t>(" + std::to_string(values::ReadUnsigned(v)) + ")";
}

std::string EmitRole(CppCall& x, Value v, Tag<Golden>) {
    if (v.isHostPointer()) throw LogError("golden data a log of format 1-3 did not record");
    if (!v.getData().getSize()) return "static_cast<void*>(nullptr)";
    return "run.Mutable(" + std::to_string(Blob(x, v)) + ")";
}

namespace {
// How far the recorded pieces of the call's read reach: the size its destination needs.
std::uint64_t RecordedExtent(CppCall& x) {
    auto it = x.p.reads.find(x.Seq());
    if (it == x.p.reads.end() || it->second.empty())
        throw LogError("reads data the log did not record (captured with LTCAP_CAPTURE_READS=0, or never final): "
                       "its destination cannot be sized");
    std::uint64_t extent = 0;
    for (const auto& [offset, size, blob] : it->second) extent = std::max(extent, offset + size);
    return extent;
}
// Each recorded piece is checked at the end of the run.
void ExpectPieces(CppCall& x) {
    auto it = x.p.reads.find(x.Seq());
    if (it == x.p.reads.end()) return;
    for (const auto& [offset, size, blob] : it->second) {
        if (!size) continue;
        x.p.blobs_used.insert(blob);
        x.after.push_back("run.Expect(" + std::to_string(x.Seq()) + ", " + std::to_string(offset) + ", " +
                          std::to_string(blob) + ");");
    }
}
bool NullDestination(Value v) {
    if (!v.isHostPointer() && !v.isNone()) throw LogError("expected a destination pointer, the log has " + FormatValue(v));
    return !v.isHostPointer() || v.getHostPointer() == 0;
}
}  // namespace

std::string ReadRoom(CppCall& x, Value v, const std::string& pointer_type) {
    if (NullDestination(v)) return "static_cast<" + pointer_type + ">(nullptr)";
    if (x.Threw()) return "static_cast<" + pointer_type + ">(run.Room(" + std::to_string(x.Seq()) + ", 0).data())";
    const std::uint64_t size = RecordedExtent(x);
    ExpectPieces(x);
    return "reinterpret_cast<" + pointer_type + ">(run.Room(" + std::to_string(x.Seq()) + ", " + std::to_string(size) +
           "ull).data())";
}

// ReadShard's bytes are not recorded (nor their size): room for the whole buffer, nothing checked.
std::string EmitRole(CppCall& x, Value v, Tag<ShardInto>) {
    if (NullDestination(v)) return "static_cast<std::uint8_t*>(nullptr)";
    const std::string buffer = Emit(x, x.Arg(0), Tag<tm::Buffer>{});
    return "run.Room(" + std::to_string(x.Seq()) + ", " + buffer + ".page_size() * " + buffer + ".num_pages()).data()";
}
std::string EmitRole(CppCall& x, Value, Tag<OutWords>) {
    ExpectPieces(x);
    return "run.OutWords(" + std::to_string(x.Seq()) + ")";
}
std::string EmitRole(CppCall& x, Value, Tag<OutWord>) {
    ExpectPieces(x);
    return "run.OutWord(" + std::to_string(x.Seq()) + ")";
}
std::string EmitRole(CppCall& x, Value v, Tag<SpanInto>) {
    if (!v.isList() || v.getList().size() != 2 || !v.getList()[1].isUint())
        throw LogError("expected a destination and its size, the log has " + FormatValue(v));
    if (NullDestination(v.getList()[0])) return "std::span<std::uint8_t>()";
    ExpectPieces(x);
    return "std::span<std::uint8_t>(run.Room(" + std::to_string(x.Seq()) + ", " +
           std::to_string(v.getList()[1].getUint()) + "ull))";
}

}  // namespace ltcap
