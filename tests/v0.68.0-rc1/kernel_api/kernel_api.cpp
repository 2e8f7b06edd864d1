// What v0.68.0-rc1's kernel API changed, as kernels built for it use it: TensorAccessorArgs carrying the buffer's
// aligned page size (a TensorAccessor made without a page size copies pages of 100 bytes at their 128-byte DRAM
// stride, and reports the size), get_semaphore's uintptr_t, noc_inline_mcast_dw_write to a row of three cores (the
// sender itself not reached) and CoreLocalMem::scoped_lock(num_elements). Exits 0 when every result is right.
#include <cstdio>
#include <numeric>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <vector>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {
bool Check(bool ok, const char* what) {
    std::printf("kernel_api: %-52s %s\n", what, ok ? "ok" : "MISMATCH");
    return ok;
}
}  // namespace

int main() {
    auto mesh = MeshDevice::create_unit_mesh(0);
    MeshCommandQueue& cq = mesh->mesh_command_queue();
    constexpr uint32_t kPages = 6, kPageBytes = 100, kResultBytes = 32;
    auto buffer = [&](uint32_t pages, uint32_t page_bytes) {
        return MeshBuffer::create(ReplicatedBufferConfig{pages * page_bytes},
                                  DeviceLocalBufferConfig{page_bytes, BufferType::DRAM}, mesh.get());
    };
    auto src = buffer(kPages, kPageBytes), dst = buffer(kPages, kPageBytes), results = buffer(4, kResultBytes);
    std::vector<uint32_t> data(kPages * kPageBytes / 4);
    std::iota(data.begin(), data.end(), 0xA000u);
    EnqueueWriteMeshBuffer(cq, src, data, true);
    EnqueueWriteMeshBuffer(cq, results, std::vector<uint32_t>(4 * kResultBytes / 4, 0xFFFFFFFFu), true);

    Program program = CreateProgram();
    // Core (1,1) copies src to dst; cores (1,2)..(3,2): (1,2) multicasts to the row, the others wait for the word.
    const CoreCoord copier{1, 1};
    const CoreRange row({1, 2}, {3, 2});
    const CoreRangeSet all(std::vector<CoreRange>{CoreRange(copier), row});
    CreateCircularBuffer(program, all,
                         CircularBufferConfig(2 * 128, {{0, tt::DataFormat::UInt32}}).set_page_size(0, 128));
    const uint32_t semaphore = CreateSemaphore(program, row, 0);

    std::vector<uint32_t> copy_args;
    TensorAccessorArgs(*src->get_backing_buffer()).append_to(copy_args);
    TensorAccessorArgs(*dst->get_backing_buffer()).append_to(copy_args);
    TensorAccessorArgs(*results->get_backing_buffer()).append_to(copy_args);
    const KernelHandle copy = CreateKernel(program, "tests/v0.68.0-rc1/kernel_api/kernels/aligned_copy.cpp", copier,
                                           ReaderDataMovementConfig(copy_args));
    SetRuntimeArgs(program, copy, copier,
                   {static_cast<uint32_t>(src->address()), static_cast<uint32_t>(dst->address()),
                    static_cast<uint32_t>(results->address()), kPages});

    std::vector<uint32_t> row_args;
    TensorAccessorArgs(*results->get_backing_buffer()).append_to(row_args);
    const KernelHandle mcast = CreateKernel(program, "tests/v0.68.0-rc1/kernel_api/kernels/row_mcast.cpp", row,
                                            WriterDataMovementConfig(row_args));
    const CoreCoord first = mesh->worker_core_from_logical_core(row.start_coord);
    const CoreCoord last = mesh->worker_core_from_logical_core(row.end_coord);
    for (uint32_t i = 0; i < 3; i++)
        SetRuntimeArgs(program, mcast, CoreCoord{row.start_coord.x + i, row.start_coord.y},
                       {static_cast<uint32_t>(results->address()), semaphore, i, static_cast<uint32_t>(first.x),
                        static_cast<uint32_t>(first.y), static_cast<uint32_t>(last.x), static_cast<uint32_t>(last.y)});

    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
    EnqueueMeshWorkload(cq, workload, false);
    std::vector<uint32_t> copied, words;
    EnqueueReadMeshBuffer(cq, copied, dst, true);
    EnqueueReadMeshBuffer(cq, words, results, true);
    const uint32_t aligned = static_cast<uint32_t>(src->get_backing_buffer()->aligned_page_size());
    mesh->close();

    bool pass = Check(aligned == 128, "the DRAM buffer's aligned page size is 128");
    pass &= Check(copied == data, "pages copied by an accessor without a page size");
    pass &= Check(words.size() == 4 * kResultBytes / 4, "the results buffer read back");
    if (!pass) return 1;
    const uint32_t* copier_page = &words[3 * kResultBytes / 4];
    std::printf("kernel_api: the copier saw aligned page sizes %u (args), %u (accessor)\n", copier_page[0],
                copier_page[1]);
    pass &= Check(copier_page[0] == aligned && copier_page[1] == aligned, "the kernel sees the aligned page size");
    for (uint32_t i = 0; i < 3; i++) {
        const uint32_t seen = words[i * kResultBytes / 4], expected = i == 0 ? 0 : 7;
        std::printf("kernel_api: core %u's semaphore holds %u (expected %u)\n", i, seen, expected);
        pass &= seen == expected;
    }
    pass &= Check(pass, "noc_inline_mcast_dw_write reached the row but the sender");
    std::printf("kernel_api: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
