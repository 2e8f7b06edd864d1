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

std::string PrintValue(Value v);

// "[a, b, … N more]"
inline std::string PrintList(Value v, unsigned shown = 16) {
    const auto list = v.getList();
    std::string s = "[";
    for (unsigned i = 0; i < list.size() && i < shown; i++) {
        if (i) s += ", ";
        s += PrintValue(list[i]);
    }
    if (list.size() > shown) s += ", … " + std::to_string(list.size() - shown) + " more";
    s += ']';
    return s;
}

inline std::string PrintValue(Value v) {
    switch (v.which()) {
        case schema::Value::NONE: return "-";
        case schema::Value::BOOL: return v.getBool() ? "true" : "false";
        case schema::Value::INT: return std::to_string(v.getInt());
        case schema::Value::UINT: return std::to_string(v.getUint());
        case schema::Value::FLOAT: return std::to_string(v.getFloat());
        case schema::Value::TEXT: return "\"" + Printable(v.getText()) + "\"";
        case schema::Value::OBJECT: return PrintObject(v);
        case schema::Value::WORDS: return PrintWords(v.getWords());
        case schema::Value::CORES: return PrintCores(v);
        case schema::Value::KERNEL_CONFIG: return PrintKernelConfig(v);
        case schema::Value::BUFFER_CONFIG: return PrintBufferConfig(v);
        case schema::Value::CB_CONFIG: return PrintCbConfig(v);
        case schema::Value::REGION: return PrintRegion(v);
        case schema::Value::DATA: return PrintData(v);
        case schema::Value::HOST_POINTER: return "ptr";
        case schema::Value::LIST: return PrintList(v);
        case schema::Value::KERNEL_SOURCE: return "source#" + std::to_string(v.getKernelSource());
        case schema::Value::SHARD_SPEC: return PrintShard(v);
        case schema::Value::MESH_RANGE: return PrintMeshRange(v);
        case schema::Value::MESH_DEVICE_CONFIG: return PrintMeshDeviceConfig(v);
        case schema::Value::MESH_BUFFER_CONFIG: return PrintMeshBufferConfig(v);
        case schema::Value::SHARD_TRANSFER: return PrintShardTransfer(v);
    }
    return "?";
}

}  // namespace ltcap::values
