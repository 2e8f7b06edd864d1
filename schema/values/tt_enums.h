// Names of tt-metal v0.56.0's enumerators, for values the log stores as numbers: a parameter of an enum type (the
// schema's `params` annotation says which, as `name:Type`), and the enum fields of configs. A number the table does
// not know prints as `Type(N)`, so a newer tt-metal's value still reads.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ltcap::values {

struct Enumerator {
    std::uint64_t value;
    const char* name;
};
struct TtEnum {
    const char* type;
    const Enumerator* begin;
    const Enumerator* end;
};

namespace tt_enums {
template <std::size_t N>
constexpr TtEnum Of(const char* type, const Enumerator (&e)[N]) { return {type, e, e + N}; }

inline constexpr Enumerator kBufferType[] = {{0, "DRAM"}, {1, "L1"}, {2, "SYSTEM_MEMORY"}, {3, "L1_SMALL"}, {4, "TRACE"}};
inline constexpr Enumerator kTensorMemoryLayout[] = {
    {0, "INTERLEAVED"}, {1, "SINGLE_BANK"}, {2, "HEIGHT_SHARDED"}, {3, "WIDTH_SHARDED"}, {4, "BLOCK_SHARDED"}};
inline constexpr Enumerator kCoreType[] = {{0, "ARC"},         {1, "DRAM"},        {2, "ACTIVE_ETH"}, {3, "IDLE_ETH"},
                                           {4, "PCIE"},        {5, "TENSIX"},      {6, "ROUTER_ONLY"}, {7, "HARVESTED"},
                                           {8, "ETH"},         {9, "WORKER"}};
// UMD's tt::CoreType as tt-metal v0.67.0 has it (SECURITY and L2CPU came before HARVESTED): another type than
// v0.56.0's CoreType, so the calls taking it have their own Api values.
inline constexpr Enumerator kTtCoreType[] = {{0, "ARC"},      {1, "DRAM"},        {2, "ACTIVE_ETH"}, {3, "IDLE_ETH"},
                                             {4, "PCIE"},     {5, "TENSIX"},      {6, "ROUTER_ONLY"}, {7, "SECURITY"},
                                             {8, "L2CPU"},    {9, "HARVESTED"},   {10, "ETH"},       {11, "WORKER"}};
inline constexpr Enumerator kProfilerDumpState[] = {{0, "NORMAL"}, {1, "CLOSE_DEVICE_SYNC"}, {2, "LAST_CLOSE_DEVICE"}};
inline constexpr Enumerator kProfilerSyncState[] = {{0, "INIT"}, {1, "CLOSE_DEVICE"}};
inline constexpr Enumerator kProfilerReadState[] = {{0, "NORMAL"}, {1, "ONLY_DISPATCH_CORES"}, {2, "LAST_FD_READ"}};
inline constexpr Enumerator kFabricConfig[] = {
    {0, "DISABLED"}, {1, "FABRIC_1D"}, {2, "FABRIC_2D"}, {3, "FABRIC_2D_PUSH"}, {4, "CUSTOM"}};
inline constexpr Enumerator kShardOrientation[] = {{0, "ROW_MAJOR"}, {1, "COL_MAJOR"}};
inline constexpr Enumerator kDataMovementProcessor[] = {{0, "RISCV_0"}, {1, "RISCV_1"}};
inline constexpr Enumerator kNoc[] = {{0, "NOC_0"}, {1, "NOC_1"}};
inline constexpr Enumerator kNocMode[] = {{0, "DM_DEDICATED_NOC"}, {1, "DM_DYNAMIC_NOC"}};
inline constexpr Enumerator kEth[] = {{0, "SENDER"}, {1, "RECEIVER"}, {2, "IDLE"}};
inline constexpr Enumerator kMathFidelity[] = {{0, "LoFi"}, {2, "HiFi2"}, {3, "HiFi3"}, {4, "HiFi4"}, {0xff, "Invalid"}};
inline constexpr Enumerator kDataFormat[] = {
    {0, "Float32"}, {1, "Float16"},  {2, "Bfp8"},      {3, "Bfp4"},       {4, "Tf32"},       {5, "Float16_b"},
    {6, "Bfp8_b"},  {7, "Bfp4_b"},   {8, "Int32"},     {9, "UInt16"},     {10, "Lf8"},       {11, "Bfp2"},
    {14, "Int8"},   {15, "Bfp2_b"},  {24, "UInt32"},   {26, "Fp8_e4m3"},  {30, "UInt8"},     {0xf0, "RawUInt8"},
    {0xf1, "RawUInt16"}, {0xf2, "RawUInt32"}, {0xff, "Invalid"}};

inline constexpr TtEnum kAll[] = {
    Of("BufferType", kBufferType),
    Of("TensorMemoryLayout", kTensorMemoryLayout),
    Of("CoreType", kCoreType),
    Of("TtCoreType", kTtCoreType),
    Of("ProfilerDumpState", kProfilerDumpState),
    Of("ProfilerSyncState", kProfilerSyncState),
    Of("ProfilerReadState", kProfilerReadState),
    Of("FabricConfig", kFabricConfig),
    Of("ShardOrientation", kShardOrientation),
    Of("DataMovementProcessor", kDataMovementProcessor),
    Of("NOC", kNoc),
    Of("NOC_MODE", kNocMode),
    Of("Eth", kEth),
    Of("MathFidelity", kMathFidelity),
    Of("DataFormat", kDataFormat),
};
}  // namespace tt_enums

// The table of the enum type `type` ("BufferType"), or null if there is none.
inline const TtEnum* FindTtEnum(std::string_view type) {
    for (const TtEnum& e : tt_enums::kAll)
        if (type == e.type) return &e;
    return nullptr;
}

// Whether `value` is an enumerator of the enum type `type` ("DataFormat").
inline bool IsTtEnumerator(std::string_view type, std::uint64_t value) {
    if (const TtEnum* e = FindTtEnum(type))
        for (const Enumerator* i = e->begin; i != e->end; i++)
            if (i->value == value) return true;
    return false;
}

// "L1" for (BufferType, 1); "BufferType(9)" for a number the table does not have.
inline std::string TtEnumName(std::string_view type, std::uint64_t value) {
    if (const TtEnum* e = FindTtEnum(type))
        for (const Enumerator* i = e->begin; i != e->end; i++)
            if (i->value == value) return i->name;
    return std::string(type) + "(" + std::to_string(value) + ")";
}

// tt::DataFormat's name for its number (the schema stores it as a UInt8).
inline std::string DataFormatName(std::uint8_t f) { return TtEnumName("DataFormat", f); }

}  // namespace ltcap::values
