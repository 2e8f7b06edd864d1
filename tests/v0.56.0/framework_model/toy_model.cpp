// A framework in miniature, driven from Python (model.py) through ctypes, the way TTNN drives tt-metal v0.56.0:
// - every tensor is a Buffer made by `Buffer::create` (never CreateBuffer): activations fresh per op, weights once;
//   DRAM interleaved, L1 interleaved, and an L1 height-sharded activation that the next op reads in place through a
//   globally allocated circular buffer;
// - a program cache: one Program per op and shape (made by CreateProgram or constructed directly, as TTNN's ops
//   do both), built on first use; later uses rewrite its runtime args in
//   place through the references GetRuntimeArgs returns and move its sharded CBs (UpdateDynamicCircularBufferAddress)
//   — TTNN's "override runtime arguments" step — then enqueue the same Program again;
// - intermediates freed eagerly (DeallocateBuffer) or by dropping the last reference;
// - one model step captured into a metal trace and replayed with new inputs.
// The model: r = rowsum(relu(x·W + bias)), x 64×128, W 128×64, bf16. Every step is checked against a host
// reference that rounds to bf16 where the device does; the C functions return 0 when the device agreed.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/test_tiles.hpp>

using namespace tt::tt_metal;
using tests::utils::TensorLayoutType;

namespace {

constexpr uint32_t kTileBytes = 2048, kM = 64, kK = 128, kN = 64;
constexpr auto kBf16 = tt::DataFormat::Float16_b;
const CoreCoord kMatmulCore{0, 0}, kReduceCore{2, 0};
const CoreRange kShardCores({1, 0}, {1, 1});  // one row of tiles per core

using Matrix = std::vector<float>;  // row-major

struct Tensor {
    std::shared_ptr<Buffer> buffer;
    uint32_t rows = 0, cols = 0;
};

// A cached op: the Program, and how to point it at new tensors (inputs first, then the output).
struct CachedProgram {
    Program program;
    std::function<void(Program&, const std::vector<const Buffer*>&)> override_args;
};

// One step's tensors: the input, the activations, the output.
struct StepTensors {
    Tensor x, y, z, a, r;
};

struct Model {
    IDevice* device = nullptr;
    Tensor weights, bias, scaler;
    Matrix host_weights, host_bias;
    std::map<std::string, CachedProgram> cache;
    // The traced step's tensors, allocated before the trace is captured and kept while it exists.
    StepTensors traced;
    std::optional<uint32_t> trace_id;
};
Model* g_model = nullptr;

float Bf16(float v) { return bfloat16(v).to_float(); }

Tensor Allocate(IDevice* device, uint32_t rows, uint32_t cols, BufferType type = BufferType::DRAM,
                TensorMemoryLayout layout = TensorMemoryLayout::INTERLEAVED,
                const std::optional<ShardSpecBuffer>& shard = std::nullopt) {
    const uint64_t bytes = uint64_t(rows) * cols * sizeof(bfloat16);
    return Tensor{Buffer::create(device, bytes, kTileBytes, type, layout, shard), rows, cols};
}

// The activation the add writes and the relu reads: one row of tiles per core of kShardCores.
Tensor AllocateSharded(IDevice* device, uint32_t rows, uint32_t cols) {
    ShardSpecBuffer spec(CoreRangeSet(kShardCores), {32, cols}, ShardOrientation::ROW_MAJOR, {32, 32},
                         {rows / 32, cols / 32});
    return Allocate(device, rows, cols, BufferType::L1, TensorMemoryLayout::HEIGHT_SHARDED, spec);
}

void Upload(CommandQueue& cq, const Tensor& t, const Matrix& m) {
    std::vector<bfloat16> row_major(m.begin(), m.end());
    auto tiles = convert_layout(row_major, PhysicalSize{t.rows, t.cols}, TensorLayoutType::LIN_ROW_MAJOR,
                                TensorLayoutType::TILED_NFACES);
    EnqueueWriteBuffer(cq, t.buffer, tiles, false);
}

Matrix Download(CommandQueue& cq, const Tensor& t) {
    std::vector<bfloat16> tiles;
    EnqueueReadBuffer(cq, t.buffer, tiles, true);
    auto row_major = convert_layout(tiles, PhysicalSize{t.rows, t.cols}, TensorLayoutType::TILED_NFACES,
                                    TensorLayoutType::LIN_ROW_MAJOR);
    Matrix m(row_major.size());
    for (size_t i = 0; i < m.size(); i++) m[i] = row_major[i].to_float();
    return m;
}

CBHandle AddCb(Program& program, const std::variant<CoreCoord, CoreRange, CoreRangeSet>& cores, uint8_t index,
               uint32_t tiles, const Buffer* in_place = nullptr) {
    CircularBufferConfig config =
        CircularBufferConfig(tiles * kTileBytes, {{index, kBf16}}).set_page_size(index, kTileBytes);
    if (in_place) config.set_globally_allocated_address(*in_place);
    return CreateCircularBuffer(program, cores, config);
}

KernelHandle Reader(Program& program, const char* path, const std::variant<CoreCoord, CoreRange, CoreRangeSet>& cores) {
    return CreateKernel(program, path, cores,
                        DataMovementConfig{.processor = DataMovementProcessor::RISCV_1, .noc = NOC::RISCV_1_default});
}
KernelHandle Writer(Program& program, const std::variant<CoreCoord, CoreRange, CoreRangeSet>& cores, const Buffer& out) {
    std::map<std::string, std::string> defines;
    if (out.buffer_type() == BufferType::L1) defines["DST_IN_L1"] = "1";
    return CreateKernel(program, "tests/v0.56.0/shared_kernels/writer_unary_tiles.cpp", cores,
                        DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                           .noc = NOC::RISCV_0_default,
                                           .defines = defines});
}

std::vector<CoreCoord> ShardCores() { return corerange_to_cores(CoreRangeSet(kShardCores), std::nullopt, true); }

// y = x · w on one core.
CachedProgram BuildMatmul(uint32_t Mt, uint32_t Kt, uint32_t Nt, const std::vector<const Buffer*>& t) {
    CachedProgram op{Program{}, {}};  // constructed directly, as half of TTNN's ops do
    for (uint8_t cb : {0, 1, 16}) AddCb(op.program, kMatmulCore, cb, 2);
    KernelHandle reader = Reader(op.program, "tests/v0.56.0/matmul_single_core/kernels/reader_matmul.cpp", kMatmulCore);
    KernelHandle writer = Writer(op.program, kMatmulCore, *t[2]);
    CreateKernel(op.program, "tests/v0.56.0/matmul_single_core/kernels/bmm.cpp", kMatmulCore,
                 ComputeConfig{.math_fidelity = MathFidelity::HiFi4, .compile_args = {Mt, Kt, Nt}});
    SetRuntimeArgs(op.program, reader, kMatmulCore, {t[0]->address(), t[1]->address(), Mt, Kt, Nt});
    SetRuntimeArgs(op.program, writer, kMatmulCore, {t[2]->address(), Mt * Nt, 0});
    op.override_args = [reader, writer](Program& program, const std::vector<const Buffer*>& t) {
        RuntimeArgsData& r = GetRuntimeArgs(program, reader, kMatmulCore);
        r[0] = t[0]->address();
        r[1] = t[1]->address();
        GetRuntimeArgs(program, writer, kMatmulCore)[0] = t[2]->address();
    };
    return op;
}

// z = y + bias, written straight into z's shards: CB 16 on each shard core is the shard.
CachedProgram BuildAddIntoShards(uint32_t tiles_per_core, const std::vector<const Buffer*>& t) {
    CachedProgram op{CreateProgram(), {}};
    AddCb(op.program, kShardCores, 0, 2);
    AddCb(op.program, kShardCores, 1, 2);
    const CBHandle out = AddCb(op.program, kShardCores, 16, tiles_per_core, t[2]);
    KernelHandle reader = Reader(op.program, "tests/v0.56.0/shared_kernels/reader_binary_tiles.cpp", kShardCores);
    KernelHandle compute = CreateKernel(op.program, "tests/v0.56.0/shared_kernels/compute_binary_tiles.cpp", kShardCores,
                 ComputeConfig{.math_fidelity = MathFidelity::HiFi4,
                               .compile_args = {},
                               .defines = {{"ELTWISE_OP", "add_tiles"}, {"ELTWISE_OP_TYPE", "ELWADD"}}});
    const std::vector<CoreCoord> cores = ShardCores();
    for (uint32_t i = 0; i < cores.size(); i++) {
        SetRuntimeArgs(op.program, reader, cores[i], {t[0]->address(), t[1]->address(), tiles_per_core, i * tiles_per_core});
        SetRuntimeArgs(op.program, compute, cores[i], {tiles_per_core});  // never changes
    }
    op.override_args = [reader, out, cores](Program& program, const std::vector<const Buffer*>& t) {
        for (const CoreCoord& core : cores) {
            RuntimeArgsData& r = GetRuntimeArgs(program, reader, core);
            r[0] = t[0]->address();
            r[1] = t[1]->address();
        }
        UpdateDynamicCircularBufferAddress(program, out, *t[2]);
    };
    return op;
}

// a = relu(z), z read in place from its shards (CB 0 on each shard core is the shard), a to interleaved L1.
CachedProgram BuildReluFromShards(uint32_t tiles_per_core, const std::vector<const Buffer*>& t) {
    CachedProgram op{CreateProgram(), {}};
    const CBHandle in = AddCb(op.program, kShardCores, 0, tiles_per_core, t[0]);
    AddCb(op.program, kShardCores, 16, 2);
    KernelHandle reader = Reader(op.program, "tests/v0.56.0/framework_model/kernels/push_shard.cpp", kShardCores);
    KernelHandle writer = Writer(op.program, kShardCores, *t[1]);
    CreateKernel(op.program, "tests/v0.56.0/eltwise_sfpu/kernels/eltwise_sfpu.cpp", kShardCores,
                 ComputeConfig{.math_fidelity = MathFidelity::HiFi4,
                               .compile_args = {tiles_per_core, 1},
                               .defines = {{"SFPU_OP_CHAIN_0", "relu_tile_init(); relu_tile(0);"}}});
    const std::vector<CoreCoord> cores = ShardCores();
    for (uint32_t i = 0; i < cores.size(); i++) {
        SetRuntimeArgs(op.program, reader, cores[i], {tiles_per_core});
        SetRuntimeArgs(op.program, writer, cores[i], {t[1]->address(), tiles_per_core, i * tiles_per_core});
    }
    op.override_args = [in, writer, cores](Program& program, const std::vector<const Buffer*>& t) {
        UpdateDynamicCircularBufferAddress(program, in, *t[0]);
        for (const CoreCoord& core : cores) GetRuntimeArgs(program, writer, core)[0] = t[1]->address();
    };
    return op;
}

// r = the row sums of a (column 0 of each output tile), scaled by the scaler tile's 1.0.
CachedProgram BuildRowSum(uint32_t Mt, uint32_t Nt, const std::vector<const Buffer*>& t) {
    CachedProgram op{Program{}, {}};
    AddCb(op.program, kReduceCore, 0, 2);
    AddCb(op.program, kReduceCore, 2, 1);
    AddCb(op.program, kReduceCore, 16, 2);
    KernelHandle reader = CreateKernel(
        op.program, "tests/v0.56.0/framework_model/kernels/reader_rows_scaler.cpp", kReduceCore,
        DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                           .noc = NOC::RISCV_1_default,
                           .compile_args = {t[0]->buffer_type() == BufferType::DRAM}});
    KernelHandle writer = Writer(op.program, kReduceCore, *t[2]);
    CreateKernel(op.program, "tests/v0.56.0/framework_model/kernels/reduce_rows.cpp", kReduceCore,
                 ComputeConfig{.math_fidelity = MathFidelity::HiFi4, .compile_args = {Mt, Nt}});
    SetRuntimeArgs(op.program, reader, kReduceCore, {t[0]->address(), t[1]->address(), Mt * Nt});
    SetRuntimeArgs(op.program, writer, kReduceCore, {t[2]->address(), Mt, 0});
    op.override_args = [reader, writer](Program& program, const std::vector<const Buffer*>& t) {
        RuntimeArgsData& r = GetRuntimeArgs(program, reader, kReduceCore);
        r[0] = t[0]->address();
        r[1] = t[1]->address();
        GetRuntimeArgs(program, writer, kReduceCore)[0] = t[2]->address();
    };
    return op;
}

// Looks the op up in the program cache (building it on a miss, pointing it at `tensors` on a hit) and enqueues it.
void Run(Model& m, const std::string& key, const std::vector<const Buffer*>& tensors,
         const std::function<CachedProgram()>& build) {
    auto it = m.cache.find(key);
    if (it == m.cache.end())
        it = m.cache.emplace(key, build()).first;
    else
        it->second.override_args(it->second.program, tensors);
    EnqueueProgram(m.device->command_queue(), it->second.program, false);
}

// A step's tensors, made as a framework makes them: x, y and r in DRAM, z sharded in L1, a interleaved in L1.
StepTensors AllocateStep(IDevice* device) {
    return {Allocate(device, kM, kK), Allocate(device, kM, kN), AllocateSharded(device, kM, kN),
            Allocate(device, kM, kN, BufferType::L1), Allocate(device, kM, 32)};
}

// The ops of one step, from s.x to s.r.
void Forward(Model& m, const StepTensors& s) {
    const auto& [x, y, z, a, r] = s;
    const uint32_t Mt = kM / 32, Kt = kK / 32, Nt = kN / 32;
    std::vector<const Buffer*> t{x.buffer.get(), m.weights.buffer.get(), y.buffer.get()};
    Run(m, "matmul " + std::to_string(Mt) + "x" + std::to_string(Kt) + "x" + std::to_string(Nt), t,
        [&] { return BuildMatmul(Mt, Kt, Nt, t); });
    t = {y.buffer.get(), m.bias.buffer.get(), z.buffer.get()};
    Run(m, "add_sharded " + std::to_string(Nt), t, [&] { return BuildAddIntoShards(Nt, t); });
    t = {z.buffer.get(), a.buffer.get()};
    Run(m, "relu_sharded " + std::to_string(Nt), t, [&] { return BuildReluFromShards(Nt, t); });
    t = {a.buffer.get(), m.scaler.buffer.get(), r.buffer.get()};
    Run(m, "rowsum " + std::to_string(Mt) + "x" + std::to_string(Nt), t, [&] { return BuildRowSum(Mt, Nt, t); });
}

// The host reference, rounding to bf16 where the device stores a tensor: z = bf16(x·W + bias) (the matmul's
// output is rounded too), r = the row sums of relu(z).
void Reference(const Model& m, const Matrix& x, Matrix& z, Matrix& r) {
    z.assign(kM * kN, 0.0f);
    r.assign(kM, 0.0f);
    for (uint32_t i = 0; i < kM; i++) {
        float sum = 0.0f;
        for (uint32_t j = 0; j < kN; j++) {
            float acc = 0.0f;
            for (uint32_t k = 0; k < kK; k++) acc += Bf16(x[i * kK + k]) * m.host_weights[k * kN + j];
            z[i * kN + j] = Bf16(Bf16(acc) + m.host_bias[i * kN + j]);
            sum += std::max(z[i * kN + j], 0.0f);
        }
        r[i] = sum;
    }
}

// Element-wise comparison with a bf16-sized tolerance; prints the first difference.
bool Close(const char* what, const Matrix& got, const Matrix& want, uint32_t got_stride, float rel) {
    for (size_t i = 0; i < want.size(); i++) {
        const float g = got[i * got_stride], w = want[i];
        if (std::fabs(g - w) > rel * std::fabs(w) + 0.02f) {
            std::printf("toy_model: %s[%zu] = %g, expected %g\n", what, i, g, w);
            return false;
        }
    }
    return true;
}

bool CheckStep(Model& m, const Matrix& x, const Tensor& z, const Tensor& r) {
    Matrix want_z, want_r;
    Reference(m, x, want_z, want_r);
    CommandQueue& cq = m.device->command_queue();
    const bool z_ok = Close("z", Download(cq, z), want_z, 1, 0.01f);
    // r's tiles hold each row's sum in column 0 (the row of r is 32 wide).
    return Close("rowsum", Download(cq, r), want_r, 32, 0.02f) && z_ok;
}

Matrix Pseudorandom(uint32_t n, uint32_t seed, float scale) {
    Matrix v(n);
    uint32_t s = seed * 2654435761u + 12345u;
    for (float& e : v) {
        s = s * 1664525u + 1013904223u;
        e = Bf16(scale * (float(s >> 8) / float(1u << 24) * 2.0f - 1.0f));
    }
    return v;
}

template <typename F>
int Guarded(const char* what, F f) {
    try {
        return f();
    } catch (const std::exception& e) {
        std::printf("toy_model: %s failed: %s\n", what, e.what());
        return -1;
    }
}

}  // namespace

extern "C" {

// Opens device 0 and uploads the weights. 0 on success.
int toy_open() {
    return Guarded("open", [] {
        auto m = std::make_unique<Model>();
        m->device = CreateDevice(0, 1, 0, /*trace_region_size=*/1 << 20);
        CommandQueue& cq = m->device->command_queue();
        m->host_weights = Pseudorandom(kK * kN, 1, 0.25f);
        m->host_bias = Pseudorandom(kM * kN, 2, 1.0f);
        m->weights = Allocate(m->device, kK, kN);
        m->bias = Allocate(m->device, kM, kN);
        Upload(cq, m->weights, m->host_weights);
        Upload(cq, m->bias, m->host_bias);
        // The reduction's scaler tile: 1.0 along the first row of each face, as tt-metal's kernels build it.
        Matrix scaler(32 * 32, 0.0f);
        for (uint32_t r : {0u, 16u})
            for (uint32_t c = 0; c < 32; c++) scaler[r * 32 + c] = 1.0f;
        m->scaler = Allocate(m->device, 32, 32);
        Upload(cq, m->scaler, scaler);
        g_model = m.release();
        return 0;
    });
}

// One eager step on input x (kM × kK floats, row-major): fresh tensors for every activation, as a framework
// allocates them; 0 when the device's z and row sums match the host reference.
int toy_step(const float* x_data) {
    return Guarded("step", [x_data] {
        Model& m = *g_model;
        CommandQueue& cq = m.device->command_queue();
        const Matrix x(x_data, x_data + kM * kK);
        StepTensors s = AllocateStep(m.device);
        Upload(cq, s.x, x);
        Forward(m, s);
        DeallocateBuffer(*s.y.buffer);  // the framework frees an intermediate as soon as its consumers are queued
        s.x = {};                       // the input goes with its last reference
        return CheckStep(m, x, s.z, s.r) ? 0 : 1;
    });
}

// How many programs the cache holds (one per op and shape, however many steps ran).
int toy_cached_programs() { return g_model ? int(g_model->cache.size()) : -1; }

// Captures one step into a metal trace over tensors kept for it. 0 on success.
int toy_trace_capture() {
    return Guarded("trace capture", [] {
        Model& m = *g_model;
        m.traced = AllocateStep(m.device);
        CommandQueue& cq = m.device->command_queue();
        m.trace_id = BeginTraceCapture(m.device, cq.id());
        Forward(m, m.traced);
        EndTraceCapture(m.device, cq.id(), *m.trace_id);
        return 0;
    });
}

// Writes x into the traced step's input, replays the trace and checks its outputs. 0 when they match.
int toy_trace_run(const float* x_data) {
    return Guarded("trace replay", [x_data] {
        Model& m = *g_model;
        CommandQueue& cq = m.device->command_queue();
        const Matrix x(x_data, x_data + kM * kK);
        Upload(cq, m.traced.x, x);
        ReplayTrace(m.device, cq.id(), *m.trace_id, false);
        return CheckStep(m, x, m.traced.z, m.traced.r) ? 0 : 1;
    });
}

void toy_close() {
    Guarded("close", [] {
        if (!g_model) return 0;
        std::unique_ptr<Model> m(g_model);
        g_model = nullptr;
        if (m->trace_id) ReleaseTrace(m->device, *m->trace_id);
        IDevice* device = m->device;
        m.reset();  // every tensor and cached program goes before the device
        CloseDevice(device);
        return 0;
    });
}

}  // extern "C"
