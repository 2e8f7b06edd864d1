// Any value as a person reads it (ltdump, ltplay's messages): the kind's own printer.
#pragma once

#include "schema/values/buffer_config.h"
#include "schema/values/cb_config.h"
#include "schema/values/common.h"
#include "schema/values/cores.h"
#include "schema/values/data.h"
#include "schema/values/kernel_config.h"
#include "schema/values/list.h"
#include "schema/values/mesh.h"
#include "schema/values/object.h"
#include "schema/values/region.h"
#include "schema/values/scalars.h"
#include "schema/values/shard_spec.h"
#include "schema/values/words.h"

namespace ltcap::values {

void AppendValue(std::string& s, Value v);

// "[a, b, … N more]"
inline std::string PrintList(Value v, unsigned shown = 16) {
    const auto list = v.getList();
    std::string s = "[";
    for (unsigned i = 0; i < list.size() && i < shown; i++) {
        if (i) s += ", ";
        AppendValue(s, list[i]);
    }
    if (list.size() > shown) s += ", … " + std::to_string(list.size() - shown) + " more";
    s += ']';
    return s;
}

// The kinds a call-bound log is made of are appended in place; the rest by their printers.
inline void AppendValue(std::string& s, Value v) {
    switch (v.which()) {
        case schema::Value::NONE: s += '-'; return;
        case schema::Value::BOOL: s += v.getBool() ? "true" : "false"; return;
        case schema::Value::INT:
            if (v.getInt() < 0) s += '-';
            AppendNumber(s, v.getInt() < 0 ? 0 - static_cast<std::uint64_t>(v.getInt()) : v.getInt());
            return;
        case schema::Value::UINT: AppendNumber(s, v.getUint()); return;
        case schema::Value::FLOAT: s += std::to_string(v.getFloat()); return;
        case schema::Value::TEXT: s += '"', s += Printable(v.getText()), s += '"'; return;
        case schema::Value::OBJECT: AppendObject(s, v); return;
        case schema::Value::WORDS: AppendWords(s, v.getWords()); return;
        case schema::Value::CORES: AppendCores(s, v); return;
        case schema::Value::KERNEL_CONFIG: s += PrintKernelConfig(v); return;
        case schema::Value::BUFFER_CONFIG: s += PrintBufferConfig(v); return;
        case schema::Value::CB_CONFIG: s += PrintCbConfig(v); return;
        case schema::Value::REGION: s += PrintRegion(v); return;
        case schema::Value::DATA: s += PrintData(v); return;
        case schema::Value::HOST_POINTER: s += "ptr"; return;
        case schema::Value::LIST: s += PrintList(v); return;
        case schema::Value::KERNEL_SOURCE: s += "source#", AppendNumber(s, v.getKernelSource()); return;
        case schema::Value::SHARD_SPEC: s += PrintShard(v); return;
        case schema::Value::MESH_RANGE: s += PrintMeshRange(v); return;
        case schema::Value::MESH_DEVICE_CONFIG: s += PrintMeshDeviceConfig(v); return;
        case schema::Value::MESH_BUFFER_CONFIG: s += PrintMeshBufferConfig(v); return;
        case schema::Value::SHARD_TRANSFER: s += PrintShardTransfer(v); return;
    }
    s += '?';
}

// Any value as a person reads it.
inline std::string PrintValue(Value v) {
    std::string s;
    AppendValue(s, v);
    return s;
}

}  // namespace ltcap::values
