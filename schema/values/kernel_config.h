// A kernel's config: a DataMovementConfig, ComputeConfig or EthernetConfig, every field the player needs to rebuild
// it (enums as their numbers).
#pragma once

#include <iterator>
#include <utility>
#include <vector>

#include "schema/values/common.h"
#include "schema/values/scalars.h"
#include "schema/values/words.h"

namespace ltcap::values {

// Words of compile_args a TensorAccessorArgs put there (schema TensorAccessorUse).
struct TensorAccessorUse {
    std::uint32_t offset = 0, count = 0;
    std::uint64_t buffer = 0;  // the Buffer's or MeshBuffer's id; 0: none, or not known
    bool mesh_buffer = false;
    std::uint32_t args_config = 0;
    bool known = false;
    bool operator==(const TensorAccessorUse&) const = default;
};

struct KernelConfigValue {
    L::KernelKind kind = L::KernelKind::dataMovement;
    std::uint8_t processor = 0, noc = 0, noc_mode = 0, eth_mode = 0;  // data movement, ethernet
    std::uint8_t math_fidelity = 0;                                    // compute
    bool fp32_dest_acc_en = false, dst_full_sync_en = false, bfp8_pack_precise = false, math_approx_mode = false;
    std::uint8_t opt_level = 0;
    std::vector<std::uint8_t> unpack_to_dest_mode;
    std::vector<std::uint32_t> compile_args;
    std::vector<std::pair<std::string, std::string>> defines;
    std::vector<std::pair<std::string, std::uint32_t>> named_compile_args;  // sorted by name
    std::vector<TensorAccessorUse> tensor_accessors;                       // by offset, none overlapping
    bool operator==(const KernelConfigValue&) const = default;
};

inline void WriteKernelConfig(wire::Message& m, V v, const KernelConfigValue& c) {
    using K = L::KernelConfig;
    auto k = m.InitStruct<L::Value>(v, L::Value::f_kernelConfig, K::kSize);
    m.Set<K>(k, K::f_kind, static_cast<std::uint16_t>(c.kind));
    m.Set<K>(k, K::f_processor, c.processor);
    m.Set<K>(k, K::f_noc, c.noc);
    m.Set<K>(k, K::f_nocMode, c.noc_mode);
    m.Set<K>(k, K::f_ethMode, c.eth_mode);
    m.Set<K>(k, K::f_mathFidelity, c.math_fidelity);
    m.Set<K>(k, K::f_fp32DestAccEn, c.fp32_dest_acc_en);
    m.Set<K>(k, K::f_dstFullSyncEn, c.dst_full_sync_en);
    m.Set<K>(k, K::f_bfp8PackPrecise, c.bfp8_pack_precise);
    m.Set<K>(k, K::f_mathApproxMode, c.math_approx_mode);
    m.Set<K>(k, K::f_optLevel, c.opt_level);
    m.SetU8List<K>(k, K::f_unpackToDestMode, c.unpack_to_dest_mode.data(), c.unpack_to_dest_mode.size());
    m.SetU32List<K>(k, K::f_compileArgs, c.compile_args.data(), c.compile_args.size());
    auto defs = m.InitStructList<K>(k, K::f_defines, c.defines.size(), L::Define::kSize);
    for (std::size_t i = 0; i < c.defines.size(); i++) {
        m.SetText<L::Define>(m.Element(defs, i), L::Define::f_name, c.defines[i].first);
        m.SetText<L::Define>(m.Element(defs, i), L::Define::f_value, c.defines[i].second);
    }
    if (!c.named_compile_args.empty()) {
        auto named = m.InitStructList<K>(k, K::f_namedCompileArgs, c.named_compile_args.size(), L::NamedArg::kSize);
        for (std::size_t i = 0; i < c.named_compile_args.size(); i++) {
            m.SetText<L::NamedArg>(m.Element(named, i), L::NamedArg::f_name, c.named_compile_args[i].first);
            m.Set<L::NamedArg>(m.Element(named, i), L::NamedArg::f_value, c.named_compile_args[i].second);
        }
    }
    if (!c.tensor_accessors.empty()) {
        using T = L::TensorAccessorUse;
        auto uses = m.InitStructList<K>(k, K::f_tensorAccessors, c.tensor_accessors.size(), T::kSize);
        for (std::size_t i = 0; i < c.tensor_accessors.size(); i++) {
            const TensorAccessorUse& u = c.tensor_accessors[i];
            auto e = m.Element(uses, i);
            m.Set<T>(e, T::f_offset, u.offset);
            m.Set<T>(e, T::f_count, u.count);
            m.Set<T>(e, T::f_buffer, u.buffer);
            m.Set<T>(e, T::f_meshBuffer, u.mesh_buffer);
            m.Set<T>(e, T::f_argsConfig, u.args_config);
            m.Set<T>(e, T::f_known, u.known);
        }
    }
}

inline KernelConfigValue ReadKernelConfig(Value v) {
    if (!v.isKernelConfig()) Unexpected("a kernel config", v);
    auto k = v.getKernelConfig();
    KernelConfigValue c;
    if (const auto kind = static_cast<std::uint16_t>(k.getKind()); kind >= std::size(L::kKernelKindNames))
        throw LogError("a kernel config of kind " + std::to_string(kind) + ", which is no kind of kernel");
    c.kind = static_cast<L::KernelKind>(k.getKind());
    c.processor = k.getProcessor();
    c.noc = k.getNoc();
    c.noc_mode = k.getNocMode();
    c.eth_mode = k.getEthMode();
    c.math_fidelity = k.getMathFidelity();
    c.fp32_dest_acc_en = k.getFp32DestAccEn();
    c.dst_full_sync_en = k.getDstFullSyncEn();
    c.bfp8_pack_precise = k.getBfp8PackPrecise();
    c.math_approx_mode = k.getMathApproxMode();
    c.opt_level = k.getOptLevel();
    for (auto m : k.getUnpackToDestMode()) c.unpack_to_dest_mode.push_back(m);
    for (auto a : k.getCompileArgs()) c.compile_args.push_back(a);
    for (auto d : k.getDefines()) c.defines.emplace_back(d.getName().cStr(), d.getValue().cStr());
    for (auto a : k.getNamedCompileArgs()) c.named_compile_args.emplace_back(a.getName().cStr(), a.getValue());
    // Each names words of compile_args, after the one before it (a hostile log's spans are refused here, once).
    std::uint64_t end = 0;
    for (auto u : k.getTensorAccessors()) {
        const std::uint64_t offset = u.getOffset(), count = u.getCount();
        if (offset < end || offset + count > c.compile_args.size() || count == 0)
            throw LogError("a kernel config whose TensorAccessorArgs words " + std::to_string(offset) + "+" +
                           std::to_string(count) + " are not words of its " + std::to_string(c.compile_args.size()) +
                           " compile-time args after the ones before them");
        end = offset + count;
        c.tensor_accessors.push_back({u.getOffset(), u.getCount(), u.getBuffer(), u.getMeshBuffer(),
                                      u.getArgsConfig(), u.getKnown()});
    }
    return c;
}

// "compute{fidelity=4 args=[64, 1] SFPU_OP=…}"
inline std::string PrintKernelConfig(Value v) {
    auto k = v.getKernelConfig();
    std::string s = EnumName(k.getKind()) + "{";
    if (k.getKind() == schema::KernelKind::COMPUTE) s += "fidelity=" + TtEnumName("MathFidelity", k.getMathFidelity());
    else s += TtEnumName("DataMovementProcessor", k.getProcessor()) + " " + TtEnumName("NOC", k.getNoc());
    if (k.getKind() == schema::KernelKind::ETHERNET) s += " " + TtEnumName("Eth", k.getEthMode());
    if (k.getCompileArgs().size()) s += " args=" + PrintWords(k.getCompileArgs());
    const auto defines = k.getDefines();
    constexpr unsigned kShown = 16;
    for (unsigned i = 0; i < defines.size() && i < kShown; i++)
        s += " " + Printable(defines[i].getName()) + "=" + Printable(defines[i].getValue());
    if (defines.size() > kShown) s += " … " + std::to_string(defines.size() - kShown) + " more defines";
    const auto named = k.getNamedCompileArgs();
    for (unsigned i = 0; i < named.size() && i < kShown; i++)
        s += " " + Printable(named[i].getName()) + ":" + std::to_string(named[i].getValue());
    if (named.size() > kShown) s += " … " + std::to_string(named.size() - kShown) + " more named args";
    // " accessors=[0+1:meshBuffer#4, 1+1:?]": which args a TensorAccessorArgs put there, for which buffer.
    const auto uses = k.getTensorAccessors();
    for (unsigned i = 0; i < uses.size() && i < kShown; i++) {
        const auto u = uses[i];
        s += (i ? ", " : " accessors=[") + std::to_string(u.getOffset()) + "+" + std::to_string(u.getCount()) + ":";
        if (!u.getKnown()) s += "?";
        else if (!u.getBuffer()) s += "none";
        else s += std::string(u.getMeshBuffer() ? "meshBuffer#" : "buffer#") + std::to_string(u.getBuffer());
        if (u.getArgsConfig()) s += " config=" + std::to_string(u.getArgsConfig());
    }
    if (uses.size() > kShown) s += " … " + std::to_string(uses.size() - kShown) + " more";
    if (uses.size()) s += "]";
    return s + "}";
}

}  // namespace ltcap::values
