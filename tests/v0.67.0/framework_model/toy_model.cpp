// The framework in miniature of tests/v0.56.0/framework_model, written as a framework on tt-metal v0.67.0 is
// (TTNN v0.67's shape: mesh API only), driven from the same Python host (model.py) through ctypes:
// - a unit mesh; every tensor is a MeshBuffer (MeshBuffer::create, replicated): activations fresh per op, weights
//   once; DRAM interleaved, L1 interleaved, and an L1 height-sharded activation that the next op reads in place
//   through a circular buffer placed in its backing buffer;
// - a program cache of MeshWorkloads: one per op and shape (its Program made by CreateProgram or constructed
//   directly), built on first use; a hit rewrites the cached Program's runtime args in place through
//   GetRuntimeArgs and moves its sharded CBs (UpdateDynamicCircularBufferAddress) — TTNN's "override runtime
//   arguments" — then enqueues the same workload again (EnqueueMeshWorkload);
// - tensor I/O through the mesh command queue (EnqueueWriteMeshBuffer / EnqueueReadMeshBuffer, header templates over
//   its virtual members); kernels read and write through TensorAccessor, built from TensorAccessorArgs;
// - intermediates freed eagerly (MeshBuffer::deallocate) or by dropping the last reference;
// - one model step captured into a mesh trace (BeginTraceCapture … end_mesh_trace) and replayed with new inputs.
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
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tilize_utils.hpp>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {

constexpr uint32_t kTileBytes = 2048, kM = 64, kK = 128, kN = 64;
constexpr auto kBf16 = tt::DataFormat::Float16_b;
constexpr const char* kKernels = "tests/v0.67.0/framework_model/kernels/";
const CoreCoord kMatmulCore{0, 0}, kReduceCore{2, 0};
const CoreRange kShardCores({1, 0}, {1, 1});  // one row of tiles per core

using Matrix = std::vector<float>;  // row-major
using Cores = std::variant<CoreCoord, CoreRange, CoreRangeSet>;

struct Tensor {
    std::shared_ptr<MeshBuffer> buffer;
    uint32_t rows = 0, cols = 0;
    // The device buffer behind the mesh buffer (the unit mesh's one device): what CBs and accessors are built on.
    const Buffer& device_buffer() const { return *buffer->get_backing_buffer(); }
    uint32_t address() const { return static_cast<uint32_t>(buffer->address()); }
};

// A cached op: the workload holding its one Program, and how to point that Program at new tensors.
struct CachedWorkload {
    MeshWorkload workload;
    std::function<void(Program&, const std::vector<const Tensor*>&)> override_args;
};

struct StepTensors {
    Tensor x, y, z, a, r;
};

struct Model {
    std::shared_ptr<MeshDevice> mesh;
    Tensor weights, bias, scaler;
    Matrix host_weights, host_bias;
    std::map<std::string, CachedWorkload> cache;
    StepTensors traced;  // allocated before the trace is captured and kept while it exists
    std::optional<MeshTraceId> trace_id;
    MeshCommandQueue& cq() { return mesh->mesh_command_queue(); }
};
Model* g_model = nullptr;

float Bf16(float v) { return static_cast<float>(bfloat16(v)); }

Tensor Allocate(MeshDevice* mesh, uint32_t rows, uint32_t cols, BufferType type = BufferType::DRAM,
                const BufferShardingArgs& sharding = std::nullopt) {
    const uint64_t bytes = uint64_t(rows) * cols * sizeof(bfloat16);
    const DeviceLocalBufferConfig local{.page_size = kTileBytes, .buffer_type = type, .sharding_args = sharding};
    return Tensor{MeshBuffer::create(ReplicatedBufferConfig{bytes}, local, mesh), rows, cols};
}

// The activation the add writes and the relu reads: one row of tiles per core of kShardCores.
Tensor AllocateSharded(MeshDevice* mesh, uint32_t rows, uint32_t cols) {
    ShardSpecBuffer spec(CoreRangeSet(kShardCores), {32, cols}, ShardOrientation::ROW_MAJOR, {32, 32},
                         {rows / 32, cols / 32});
    return Allocate(mesh, rows, cols, BufferType::L1, BufferShardingArgs(spec, TensorMemoryLayout::HEIGHT_SHARDED));
}

void Upload(MeshCommandQueue& cq, Tensor& t, const Matrix& m) {
    std::vector<bfloat16> row_major(m.begin(), m.end());
    EnqueueWriteMeshBuffer(cq, t.buffer, tilize_nfaces(row_major, t.rows, t.cols), false);
}

Matrix Download(MeshCommandQueue& cq, Tensor t) {
    std::vector<bfloat16> tiles;
    EnqueueReadMeshBuffer(cq, tiles, t.buffer, true);
    const std::vector<bfloat16> row_major = untilize_nfaces(tiles, t.rows, t.cols);
    return Matrix(row_major.begin(), row_major.end());
}

std::vector<uint32_t> AccessorArgs(std::initializer_list<const Tensor*> tensors) {
    std::vector<uint32_t> args;
    for (const Tensor* t : tensors) TensorAccessorArgs(*t->buffer).append_to(args);
    return args;
}

CBHandle AddCb(Program& program, const Cores& cores, uint8_t index, uint32_t tiles, const Tensor* in_place = nullptr) {
    CircularBufferConfig config =
        CircularBufferConfig(tiles * kTileBytes, {{index, kBf16}}).set_page_size(index, kTileBytes);
    if (in_place) config.set_globally_allocated_address(in_place->device_buffer());
    return CreateCircularBuffer(program, cores, config);
}

KernelHandle Reader(Program& program, const std::string& name, const Cores& cores, std::vector<uint32_t> args = {}) {
    return CreateKernel(program, kKernels + name, cores, ReaderDataMovementConfig(std::move(args)));
}
KernelHandle Writer(Program& program, const Cores& cores, const Tensor& out) {
    return CreateKernel(program, std::string(kKernels) + "writer_tiles.cpp", cores,
                        WriterDataMovementConfig(AccessorArgs({&out})));
}
KernelHandle Compute(Program& program, const std::string& name, const Cores& cores, std::vector<uint32_t> args) {
    return CreateKernel(program, kKernels + name, cores,
                        ComputeConfig{.math_fidelity = MathFidelity::HiFi4, .compile_args = std::move(args)});
}

std::vector<CoreCoord> ShardCores() { return corerange_to_cores(CoreRangeSet(kShardCores), std::nullopt, true); }

// Wraps an op's Program in the workload the cache keeps (the whole unit mesh runs it).
CachedWorkload Cached(MeshDevice* mesh, Program program,
                      std::function<void(Program&, const std::vector<const Tensor*>&)> override_args) {
    CachedWorkload op{MeshWorkload(), std::move(override_args)};
    op.workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
    return op;
}

// y = x · w on one core.
CachedWorkload BuildMatmul(MeshDevice* mesh, uint32_t Mt, uint32_t Kt, uint32_t Nt, const std::vector<const Tensor*>& t) {
    Program program;  // constructed directly, as half of TTNN's ops do
    for (uint8_t cb : {0, 1, 16}) AddCb(program, kMatmulCore, cb, 2);
    KernelHandle reader = Reader(program, "reader_matmul.cpp", kMatmulCore, AccessorArgs({t[0], t[1]}));
    KernelHandle writer = Writer(program, kMatmulCore, *t[2]);
    Compute(program, "matmul.cpp", kMatmulCore, {Mt, Kt, Nt});
    SetRuntimeArgs(program, reader, kMatmulCore, {t[0]->address(), t[1]->address(), Mt, Kt, Nt});
    SetRuntimeArgs(program, writer, kMatmulCore, {t[2]->address(), Mt * Nt, 0});
    return Cached(mesh, std::move(program), [reader, writer](Program& p, const std::vector<const Tensor*>& t) {
        RuntimeArgsData& r = GetRuntimeArgs(p, reader, kMatmulCore);
        r[0] = t[0]->address();
        r[1] = t[1]->address();
        GetRuntimeArgs(p, writer, kMatmulCore)[0] = t[2]->address();
    });
}

// z = y + bias, written straight into z's shards: CB 16 on each shard core is the shard.
CachedWorkload BuildAddIntoShards(MeshDevice* mesh, uint32_t tiles_per_core, const std::vector<const Tensor*>& t) {
    Program program = CreateProgram();
    AddCb(program, kShardCores, 0, 2);
    AddCb(program, kShardCores, 1, 2);
    const CBHandle out = AddCb(program, kShardCores, 16, tiles_per_core, t[2]);
    KernelHandle reader = Reader(program, "reader_binary.cpp", kShardCores, AccessorArgs({t[0], t[1]}));
    KernelHandle compute = Compute(program, "add.cpp", kShardCores, {});
    const std::vector<CoreCoord> cores = ShardCores();
    for (uint32_t i = 0; i < cores.size(); i++) {
        SetRuntimeArgs(program, reader, cores[i], {t[0]->address(), t[1]->address(), tiles_per_core, i * tiles_per_core});
        SetRuntimeArgs(program, compute, cores[i], {tiles_per_core});  // never changes
    }
    return Cached(mesh, std::move(program), [reader, out, cores](Program& p, const std::vector<const Tensor*>& t) {
        for (const CoreCoord& core : cores) {
            RuntimeArgsData& r = GetRuntimeArgs(p, reader, core);
            r[0] = t[0]->address();
            r[1] = t[1]->address();
        }
        UpdateDynamicCircularBufferAddress(p, out, t[2]->device_buffer());
    });
}

// a = relu(z), z read in place from its shards (CB 0 on each shard core is the shard), a to interleaved L1.
CachedWorkload BuildReluFromShards(MeshDevice* mesh, uint32_t tiles_per_core, const std::vector<const Tensor*>& t) {
    Program program = CreateProgram();
    const CBHandle in = AddCb(program, kShardCores, 0, tiles_per_core, t[0]);
    AddCb(program, kShardCores, 16, 2);
    KernelHandle reader = Reader(program, "push_shard.cpp", kShardCores);
    KernelHandle writer = Writer(program, kShardCores, *t[1]);
    Compute(program, "relu.cpp", kShardCores, {tiles_per_core});
    const std::vector<CoreCoord> cores = ShardCores();
    for (uint32_t i = 0; i < cores.size(); i++) {
        SetRuntimeArgs(program, reader, cores[i], {tiles_per_core});
        SetRuntimeArgs(program, writer, cores[i], {t[1]->address(), tiles_per_core, i * tiles_per_core});
    }
    return Cached(mesh, std::move(program), [in, writer, cores](Program& p, const std::vector<const Tensor*>& t) {
        UpdateDynamicCircularBufferAddress(p, in, t[0]->device_buffer());
        for (const CoreCoord& core : cores) GetRuntimeArgs(p, writer, core)[0] = t[1]->address();
    });
}

// r = the row sums of a (column 0 of each output tile), scaled by the scaler tile's 1.0.
CachedWorkload BuildRowSum(MeshDevice* mesh, uint32_t Mt, uint32_t Nt, const std::vector<const Tensor*>& t) {
    Program program;
    AddCb(program, kReduceCore, 0, 2);
    AddCb(program, kReduceCore, 2, 1);
    AddCb(program, kReduceCore, 16, 2);
    KernelHandle reader = Reader(program, "reader_rows_scaler.cpp", kReduceCore, AccessorArgs({t[0], t[1]}));
    KernelHandle writer = Writer(program, kReduceCore, *t[2]);
    Compute(program, "reduce_rows.cpp", kReduceCore, {Mt, Nt});
    SetRuntimeArgs(program, reader, kReduceCore, {t[0]->address(), t[1]->address(), Mt * Nt});
    SetRuntimeArgs(program, writer, kReduceCore, {t[2]->address(), Mt, 0});
    return Cached(mesh, std::move(program), [reader, writer](Program& p, const std::vector<const Tensor*>& t) {
        RuntimeArgsData& r = GetRuntimeArgs(p, reader, kReduceCore);
        r[0] = t[0]->address();
        r[1] = t[1]->address();
        GetRuntimeArgs(p, writer, kReduceCore)[0] = t[2]->address();
    });
}

// Looks the op up in the program cache (building it on a miss, pointing it at `tensors` on a hit) and enqueues it.
void Run(Model& m, const std::string& key, const std::vector<const Tensor*>& tensors,
         const std::function<CachedWorkload()>& build) {
    auto it = m.cache.find(key);
    if (it == m.cache.end()) {
        it = m.cache.emplace(key, build()).first;
    } else {
        for (auto& [range, program] : it->second.workload.get_programs()) it->second.override_args(program, tensors);
    }
    EnqueueMeshWorkload(m.cq(), it->second.workload, false);
}

// A step's tensors, made as a framework makes them: x, y and r in DRAM, z sharded in L1, a interleaved in L1.
StepTensors AllocateStep(MeshDevice* mesh) {
    return {Allocate(mesh, kM, kK), Allocate(mesh, kM, kN), AllocateSharded(mesh, kM, kN),
            Allocate(mesh, kM, kN, BufferType::L1), Allocate(mesh, kM, 32)};
}

// The ops of one step, from s.x to s.r.
void Forward(Model& m, const StepTensors& s) {
    MeshDevice* mesh = m.mesh.get();
    const uint32_t Mt = kM / 32, Kt = kK / 32, Nt = kN / 32;
    std::vector<const Tensor*> t{&s.x, &m.weights, &s.y};
    Run(m, "matmul " + std::to_string(Mt) + "x" + std::to_string(Kt) + "x" + std::to_string(Nt), t,
        [&] { return BuildMatmul(mesh, Mt, Kt, Nt, t); });
    t = {&s.y, &m.bias, &s.z};
    Run(m, "add_sharded " + std::to_string(Nt), t, [&] { return BuildAddIntoShards(mesh, Nt, t); });
    t = {&s.z, &s.a};
    Run(m, "relu_sharded " + std::to_string(Nt), t, [&] { return BuildReluFromShards(mesh, Nt, t); });
    t = {&s.a, &m.scaler, &s.r};
    Run(m, "rowsum " + std::to_string(Mt) + "x" + std::to_string(Nt), t, [&] { return BuildRowSum(mesh, Mt, Nt, t); });
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
    const bool z_ok = Close("z", Download(m.cq(), z), want_z, 1, 0.01f);
    // r's tiles hold each row's sum in column 0 (the row of r is 32 wide).
    return Close("rowsum", Download(m.cq(), r), want_r, 32, 0.02f) && z_ok;
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

// Opens a unit mesh of device 0 and uploads the weights. 0 on success.
int toy_open() {
    return Guarded("open", [] {
        auto m = std::make_unique<Model>();
        m->mesh = MeshDevice::create_unit_mesh(0, DEFAULT_L1_SMALL_SIZE, /*trace_region_size=*/1 << 20);
        MeshDevice* mesh = m->mesh.get();
        m->host_weights = Pseudorandom(kK * kN, 1, 0.25f);
        m->host_bias = Pseudorandom(kM * kN, 2, 1.0f);
        m->weights = Allocate(mesh, kK, kN);
        m->bias = Allocate(mesh, kM, kN);
        Upload(m->cq(), m->weights, m->host_weights);
        Upload(m->cq(), m->bias, m->host_bias);
        // The reduction's scaler tile: 1.0 along the first row of each face, as tt-metal's kernels build it.
        Matrix scaler(32 * 32, 0.0f);
        for (uint32_t r : {0u, 16u})
            for (uint32_t c = 0; c < 32; c++) scaler[r * 32 + c] = 1.0f;
        m->scaler = Allocate(mesh, 32, 32);
        Upload(m->cq(), m->scaler, scaler);
        g_model = m.release();
        return 0;
    });
}

// One eager step on input x (kM × kK floats, row-major): fresh tensors for every activation, as a framework
// allocates them; 0 when the device's z and row sums match the host reference.
int toy_step(const float* x_data) {
    return Guarded("step", [x_data] {
        Model& m = *g_model;
        const Matrix x(x_data, x_data + kM * kK);
        StepTensors s = AllocateStep(m.mesh.get());
        Upload(m.cq(), s.x, x);
        Forward(m, s);
        s.y.buffer->deallocate();  // the framework frees an intermediate as soon as its consumers are queued
        s.x = {};                  // the input goes with its last reference
        return CheckStep(m, x, s.z, s.r) ? 0 : 1;
    });
}

// How many workloads the program cache holds (one per op and shape, however many steps ran).
int toy_cached_programs() { return g_model ? int(g_model->cache.size()) : -1; }

// Captures one step into a mesh trace over tensors kept for it. 0 on success.
int toy_trace_capture() {
    return Guarded("trace capture", [] {
        Model& m = *g_model;
        m.traced = AllocateStep(m.mesh.get());
        m.trace_id = BeginTraceCapture(m.mesh.get(), 0);
        Forward(m, m.traced);
        m.mesh->end_mesh_trace(0, *m.trace_id);
        return 0;
    });
}

// Writes x into the traced step's input, replays the trace and checks its outputs. 0 when they match.
int toy_trace_run(const float* x_data) {
    return Guarded("trace replay", [x_data] {
        Model& m = *g_model;
        const Matrix x(x_data, x_data + kM * kK);
        Upload(m.cq(), m.traced.x, x);
        m.mesh->replay_mesh_trace(0, *m.trace_id, false);
        return CheckStep(m, x, m.traced.z, m.traced.r) ? 0 : 1;
    });
}

void toy_close() {
    Guarded("close", [] {
        if (!g_model) return 0;
        std::unique_ptr<Model> m(g_model);
        g_model = nullptr;
        if (m->trace_id) m->mesh->release_mesh_trace(*m->trace_id);
        std::shared_ptr<MeshDevice> mesh = m->mesh;
        m.reset();  // every tensor and cached workload goes before the device
        mesh->close();
        return 0;
    });
}

}  // extern "C"
