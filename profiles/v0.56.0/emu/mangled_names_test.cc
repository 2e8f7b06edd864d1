// The emulated libtt_metal.so must export the host API under the exact symbols of a gcc-12/libstdc++ build of
// tt-metal v0.56.0, or programs built for real tt-metal would not link or interpose against it. The expected
// strings below were worked out by hand from the Itanium rules in the v0.56.0 fact sheet (§6: the inline
// namespace `2v0`, substitution order S_ = tt, S0_ = tt::tt_metal, S1_ = …::v0, CoreCoord = tt::umd::xy_pair),
// not produced from this project's headers; the first nine are the sheet's own worked examples.
#include <dlfcn.h>
#include <gtest/gtest.h>

namespace {

const char* const kExpectedSymbols[] = {
    // Worked examples given in the fact sheet.
    "_ZN2tt8tt_metal2v013CreateProgramEv",
    "_ZN2tt8tt_metal2v012CreateBufferERKNS1_12BufferConfigE",
    "_ZN2tt8tt_metal2v014EnqueueProgramERNS0_12CommandQueueERNS1_7ProgramEb",
    "_ZN2tt8tt_metal2v06FinishERNS0_12CommandQueueENS_3stl4SpanIKNS4_10StrongTypeIhNS0_14SubDeviceIdTagEEELm"
    "18446744073709551615EEE",
    "_ZN2tt8tt_metal2v07ProgramD1Ev",
    "_ZNK2tt8tt_metal2v06Buffer7addressEv",
    "_ZN2tt8tt_metal18DispatchCoreConfig16get_default_axisEv",
    "_ZN9CoreRangeC1ERKN2tt3umd7xy_pairES4_",
    "_ZNK2tt3umd7xy_pair3strB5cxx11Ev",
    // Derived here from the same rules.
    "_ZN2tt8tt_metal2v022GetNumAvailableDevicesEv",
    "_ZN2tt8tt_metal2v012CreateDeviceEihmmRKNS0_18DispatchCoreConfigERKSt6vectorIjSaIjEE",
    "_ZN2tt8tt_metal2v011CloseDeviceEPNS1_7IDeviceE",
    "_ZN2tt8tt_metal2v012CreateKernelERNS1_7ProgramERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt7"
    "variantIJNS_3umd7xy_pairE9CoreRange12CoreRangeSetEERKSC_IJNS0_18DataMovementConfigENS0_13ComputeConfigENS0_"
    "14EthernetConfigEEE",
    "_ZN2tt8tt_metal2v014SetRuntimeArgsERKNS1_7ProgramEjRKSt7variantIJNS_3umd7xy_pairE9CoreRange12CoreRangeSetEENS_"
    "3stl4SpanIKjLm18446744073709551615EEE",
    "_ZN2tt8tt_metal2v020SetCommonRuntimeArgsERKNS1_7ProgramEjNS_3stl4SpanIKjLm18446744073709551615EEE",
    "_ZN2tt8tt_metal2v014GetRuntimeArgsERKNS1_7ProgramEjRKNS_3umd7xy_pairE",
    "_ZN2tt8tt_metal2v017EnqueueReadBufferERNS0_12CommandQueueERKSt7variantIJSt17reference_wrapperINS1_6BufferEESt10"
    "shared_ptrIS6_EEEPvb",
    "_ZN2tt8tt_metal2v016DeallocateBufferERNS1_6BufferE",
    "_ZN2tt8tt_metal2v017BeginTraceCaptureEPNS1_7IDeviceEh",
    "_ZN2tt8tt_metal2v011ReplayTraceEPNS1_7IDeviceEhjb",
    "_ZN2tt8tt_metal2v012ReleaseTraceEPNS1_7IDeviceEj",
    "_ZN2tt8tt_metal2v012EnqueueTraceERNS0_12CommandQueueEjb",
    // detail::GetKernel: S1_ = tt::tt_metal::detail, then v0 and Program as in LaunchProgram's name.
    "_ZN2tt8tt_metal6detail9GetKernelERKNS0_2v07ProgramEj",
    // Allocator (tt::tt_metal, outside v0: S1_ is the class itself).
    "_ZNK2tt8tt_metal9Allocator13get_alignmentENS0_10BufferTypeE",
    "_ZNK2tt8tt_metal9Allocator23get_base_allocator_addrERKNS0_10HalMemTypeE",
    "_ZNK2tt8tt_metal9Allocator13get_num_banksERKNS0_10BufferTypeE",
    "_ZNK2tt8tt_metal9Allocator13get_bank_sizeERKNS0_10BufferTypeE",
    "_ZNK2tt8tt_metal9Allocator29get_logical_core_from_bank_idEj",
    "_ZN2tt8tt_metal2v022LightMetalBeginCaptureEv",
    "_ZN2tt8tt_metal2v020LightMetalEndCaptureEv",
    "_ZN2tt8tt_metal2v016EventSynchronizeERKSt10shared_ptrINS1_5EventEE",
    "_ZN2tt8tt_metal2v011SynchronizeEPNS1_7IDeviceESt8optionalIhENS_3stl4SpanIKNS6_10StrongTypeIhNS0_"
    "14SubDeviceIdTagEEELm18446744073709551615EEE",
    "_ZN2tt8tt_metal2v06Buffer6createEPNS1_7IDeviceEmmNS0_10BufferTypeENS0_18TensorMemoryLayoutERKSt8optionalINS0_"
    "15ShardSpecBufferEES7_IbES7_INS_3stl10StrongTypeIhNS0_14SubDeviceIdTagEEEE",
    "_ZN2tt8tt_metal2v07ProgramC1Ev",
    "_ZNK2tt8tt_metal2v07Program6get_idEv",
    "_ZN2tt8tt_metal2v020CircularBufferConfig13set_page_sizeEhj",
    "_ZN2tt8tt_metal6detail13LaunchProgramEPNS0_2v07IDeviceERNS2_7ProgramEb",
    "_ZN2tt8tt_metal6detail14CompileProgramEPNS0_2v07IDeviceERNS2_7ProgramEb",
    "_ZN2tt8tt_metal6detail13WriteToBufferERNS0_2v06BufferENS_3stl4SpanIKhLm18446744073709551615EEE",
    "_ZN2tt8tt_metal6detail14ReadFromBufferERNS0_2v06BufferEPhb",
    "_ZN2tt8tt_metal19split_work_to_coresENS_3umd7xy_pairEjb",
    "_Z13grid_to_coresjjjb",
    "_ZNK12CoreRangeSet8containsERKN2tt3umd7xy_pairE",
    // Program's circular buffers and semaphores (circular_buffer.hpp, semaphore.hpp: Semaphore is outside v0).
    "_ZNK2tt8tt_metal2v07Program16circular_buffersEv",
    "_ZNK2tt8tt_metal2v07Program10semaphoresEv",
    "_ZN2tt8tt_metal2v07Program17get_sem_base_addrEPNS1_7IDeviceENS_3umd7xy_pairE8CoreType",
    "_ZN2tt8tt_metal2v07Program7compileEPNS1_7IDeviceEb",
    "_ZN2tt8tt_metal6detail17GetCircularBufferERKNS0_2v07ProgramEm",
    "_ZNK2tt8tt_metal2v014CircularBuffer7addressEv",
    "_ZN2tt8tt_metal9SemaphoreC1ERK12CoreRangeSetjj8CoreType",
    // device_pool.hpp (instance() is inline over the exported _inst), hal_exp.hpp, persistent_kernel_cache.hpp.
    "_ZN2tt10DevicePool5_instE",
    "_ZNK2tt10DevicePool17get_active_deviceEi",
    "_ZN2tt8tt_metal12experimental3hal29get_tensix_l1_unreserved_baseEv",
    "_ZN2tt8tt_metal6detail27EnablePersistentKernelCacheEv",
    "_ZN2tt20get_arch_from_stringERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE",
    // The mesh API the shim interposes: namespace tt::tt_metal::distributed (no inline namespace), so S1_ is
    // …::distributed; a member's class is the next substitution.
    "_ZN2tt8tt_metal11distributed10MeshDevice6createERKNS1_16MeshDeviceConfigEmmmRKNS0_18DispatchCoreConfigENS_3stl4"
    "SpanIKjLm18446744073709551615EEE",
    "_ZN2tt8tt_metal11distributed10MeshDeviceD1Ev",
    "_ZNK2tt8tt_metal11distributed10MeshDevice18mesh_command_queueEm",
    "_ZN2tt8tt_metal11distributed10MeshBuffer6createERKSt7variantIJNS1_22ReplicatedBufferConfigENS1_19ShardedBuffer"
    "ConfigEEERKNS1_23DeviceLocalBufferConfigEPNS1_10MeshDeviceESt8optionalImE",
    "_ZN2tt8tt_metal11distributed10MeshBufferD1Ev",
    "_ZN2tt8tt_metal11distributed10MeshBuffer10deallocateEv",
    "_ZNK2tt8tt_metal11distributed10MeshBuffer4sizeEv",
    "_ZN2tt8tt_metal11distributed18CreateMeshWorkloadEv",
    "_ZN2tt8tt_metal11distributed24AddProgramToMeshWorkloadERNS1_12MeshWorkloadEONS0_2v07ProgramERKNS1_19MeshCoordinate"
    "RangeE",
    "_ZN2tt8tt_metal11distributed12MeshWorkload11add_programERKNS1_19MeshCoordinateRangeEONS0_2v07ProgramE",
    "_ZN2tt8tt_metal11distributed19EnqueueMeshWorkloadERNS1_16MeshCommandQueueERNS1_12MeshWorkloadEb",
    "_ZN2tt8tt_metal11distributed18EnqueueRecordEventERNS1_16MeshCommandQueueENS_3stl4SpanIKNS4_10StrongTypeIhNS0_14"
    "SubDeviceIdTagEEELm18446744073709551615EEERKSt8optionalINS1_19MeshCoordinateRangeEE",
    "_ZN2tt8tt_metal11distributed19EnqueueWaitForEventERNS1_16MeshCommandQueueERKNS1_9MeshEventE",
    "_ZN2tt8tt_metal11distributed16EventSynchronizeERKNS1_9MeshEventE",
    "_ZN2tt8tt_metal11distributed17BeginTraceCaptureEPNS1_10MeshDeviceEh",
    "_ZN2tt8tt_metal11distributed15EndTraceCaptureEPNS1_10MeshDeviceEhRKNS_3stl10StrongTypeIjNS1_14MeshTraceIdTagEEE",
    "_ZN2tt8tt_metal11distributed11ReplayTraceEPNS1_10MeshDeviceEhRKNS_3stl10StrongTypeIjNS1_14MeshTraceIdTagEEEb",
    "_ZN2tt8tt_metal11distributed12ReleaseTraceEPNS1_10MeshDeviceERKNS_3stl10StrongTypeIjNS1_14MeshTraceIdTagEEE",
    "_ZN2tt8tt_metal11distributed6FinishERNS1_16MeshCommandQueueENS_3stl4SpanIKNS4_10StrongTypeIhNS0_14SubDeviceId"
    "TagEEELm18446744073709551615EEE",
    "_ZN2tt8tt_metal11distributed16MeshCommandQueue21enqueue_mesh_workloadERNS1_12MeshWorkloadEb",
    "_ZN2tt8tt_metal11distributed16MeshCommandQueue25enqueue_write_mesh_bufferERKSt10shared_ptrINS1_10MeshBufferEEPKvb",
    "_ZN2tt8tt_metal11distributed16MeshCommandQueue24enqueue_read_mesh_bufferEPvRKSt10shared_ptrINS1_10MeshBufferEEb",
    "_ZN2tt8tt_metal11distributed16MeshCommandQueue20enqueue_write_shardsERKSt10shared_ptrINS1_10MeshBufferEERKSt6"
    "vectorINS2_17ShardDataTransferESaIS9_EEb",
    "_ZN2tt8tt_metal11distributed16MeshCommandQueue19enqueue_read_shardsERKSt6vectorINS2_17ShardDataTransferESaIS4_EE"
    "RKSt10shared_ptrINS1_10MeshBufferEEb",
    "_ZNK2tt8tt_metal11distributed9MeshEvent2idEv",
    "_ZNK2tt8tt_metal11distributed14MeshCoordinate6coordsEv",
    "_ZNK2tt8tt_metal9ShapeBase4viewEv",
    "_ZNK2tt8tt_metal11distributed10MeshDevice5shapeEv",
    // MeshDevice's sub-device manager calls (virtual; the shim defines them under these names)
    "_ZN2tt8tt_metal11distributed10MeshDevice25create_sub_device_managerENS_3stl4SpanIKNS0_2v09SubDeviceELm"
    "18446744073709551615EEEm",
    "_ZN2tt8tt_metal11distributed10MeshDevice23load_sub_device_managerENS_3stl10StrongTypeImNS0_21SubDeviceManagerIdTagEEE",
    "_ZN2tt8tt_metal11distributed10MeshDevice31clear_loaded_sub_device_managerEv",
    "_ZN2tt8tt_metal11distributed10MeshDevice5closeEv",
    "_ZN2tt8tt_metal11distributed10MeshDevice25remove_sub_device_managerENS_3stl10StrongTypeImNS0_21SubDeviceManagerIdTagEEE",
    // SubDevice (sub_device.hpp)
    "_ZN2tt8tt_metal2v09SubDeviceC1ENS_3stl4SpanIK12CoreRangeSetLm18446744073709551615EEE",
    "_ZNK2tt8tt_metal2v09SubDevice5coresENS0_23HalProgrammableCoreTypeE",
    "_ZNK2tt8tt_metal2v09SubDevice5coresEv",
    // MeshCoordinate(tt::stl::Span<const uint32_t>): Span<const unsigned, dynamic_extent = 2^64 - 1>
    "_ZN2tt8tt_metal11distributed14MeshCoordinateC1ENS_3stl4SpanIKjLm18446744073709551615EEE",
    // Shape, SystemMesh (shape.hpp, system_mesh.hpp)
    "_ZNK2tt8tt_metal5Shape6volumeEv",
    "_ZNK2tt8tt_metal5Shape4rankEv",
    "_ZN2tt8tt_metal11distributed10SystemMesh8instanceEv",
    "_ZNK2tt8tt_metal11distributed10SystemMesh9get_shapeEv",
    // Memory reports: DumpDeviceMemoryState(const IDevice*, const std::string&); functions returning a std::string
    // (or a container of them) carry its abi tag on their name, as the return type is not mangled.
    "_ZN2tt8tt_metal6detail21DumpDeviceMemoryStateEPKNS0_2v07IDeviceERKNSt7__cxx1112basic_stringIcSt11char_traitsIcE"
    "SaIcEEE",
    "_ZN2tt5utils15get_reports_dirB5cxx11Ev",
    "_ZNK2tt8tt_metal9Allocator22get_memory_block_tableB5cxx11ERKNS0_10BufferTypeE",
    "_ZN2tt8tt_metal28LaunchMessageRingBufferState14inc_mcast_wptrEj",
    "_ZN2tt8tt_metal22getDeviceProfilerStateEv",
    // RunTimeOptions (rtoptions.hpp; tt::llrt, no inline namespace)
    "_ZN2tt4llrt14RunTimeOptionsC1Ev",
    "_ZN2tt4llrt14RunTimeOptions12get_root_dirB5cxx11Ev",
    "_ZN2tt4llrt24RunTimeDebugFeatureNamesE",
    // ND sharding, graph tracking, the core descriptor, data formats, compilation reports, UMD coordinates and
    // sub-device managers (Span<const SubDevice> as Finish's Span above; IDevice and SubDevice live in v0).
    "_ZN2tt8tt_metal16DistributionSpec16from_shard_shapeERKNS0_5ShapeES4_m",
    "_ZNK2tt8tt_metal16DistributionSpec28compute_metadata_for_targetsENS1_11MappingModeE",
    "_ZN2tt8tt_metal12GraphTracker14push_processorERKSt10shared_ptrINS0_15IGraphProcessorEE",
    "_ZN2tt8tt_metal12GraphTracker17track_allocate_cbERK12CoreRangeSetmmbPKNS0_2v07IDeviceE",
    "_ZN2tt26get_core_descriptor_configEihRKNS_8tt_metal18DispatchCoreConfigE",
    "_ZN2tt15is_exp_b_formatENS_10DataFormatE",
    "_ZN2tt8tt_metal6detail24EnableCompilationReportsEv",
    "_ZNK2tt3umd8cxy_pair3strB5cxx11Ev",
    "_Z28get_core_coord_from_relativeRK17RelativeCoreCoordRKN2tt3umd7xy_pairE",
    "_ZN2tt8tt_metal23SubDeviceManagerTracker25create_sub_device_managerENS_3stl4SpanIKNS0_2v09SubDeviceELm"
    "18446744073709551615EEEm",
    "_ZNK2tt8tt_metal16SubDeviceManager26get_sub_device_stall_groupEv",
    // CoreRange / CoreRangeSet's set algebra (merge<CoreRangeSet> is a member template: its return type is encoded),
    // the free operator== and swap, a hash specialization's operator() and the core lists.
    "_ZeqRK12CoreRangeSetS1_",
    "_Z4swapR12CoreRangeSetS0_",
    "_ZNK12CoreRangeSet8subtractERKS_",
    "_ZNK12CoreRangeSet5mergeIS_EES_RKT_",
    "_ZNK9CoreRange12intersectionERKS_",
    "_ZN9CoreRange12CoreIteratorppEv",
    "_ZNKSt4hashI9CoreRangeEclERKS0_",
    "_Z23grid_to_cores_with_noopjjjjb",
};

TEST(MangledNames, EmulatorExportsTheSymbolsOfARealV056Build) {
    void* self = dlopen("libtt_metal.so", RTLD_NOW | RTLD_NOLOAD);
    ASSERT_NE(self, nullptr) << "the test must be linked against libtt_metal.so";
    int missing = 0;
    for (const char* sym : kExpectedSymbols) {
        if (!dlsym(self, sym)) {
            ADD_FAILURE() << "libtt_metal.so does not export " << sym;
            missing++;
        }
    }
    EXPECT_EQ(missing, 0);
    EXPECT_GE(sizeof(kExpectedSymbols) / sizeof(kExpectedSymbols[0]), 20u);
}

TEST(MangledNames, InlineNamespaceAppearsExactlyWhereV056HasIt) {
    void* self = dlopen("libtt_metal.so", RTLD_NOW | RTLD_NOLOAD);
    ASSERT_NE(self, nullptr);
    // host_api without `v0` is the v0.57+ spelling.
    EXPECT_EQ(dlsym(self, "_ZN2tt8tt_metal13CreateProgramEv"), nullptr);
    // detail:: inside v0 is what a `namespace detail` opened within the inline namespace would produce.
    EXPECT_EQ(dlsym(self, "_ZN2tt8tt_metal2v06detail13LaunchProgramEPNS1_7IDeviceERNS1_7ProgramEb"), nullptr);
}

}  // namespace
