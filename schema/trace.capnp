# The ltcap log format.
#
# A log is a stream of self-delimiting Cap'n Proto messages (standard framing, unpacked), each with root
# `Entry`, so `capnp decode schema/trace.capnp Entry < trace.capnp` prints it. The first entry is a `header`;
# a cleanly closed log ends with an `end` entry. A log without `end` was cut off (crash, kill -9): every
# complete message before the cut is valid and readers report the log as incomplete.
#
# Object identity: every tt-metal object a call creates or uses (device, command queue, buffer, program,
# kernel, circular buffer, semaphore, metal trace, event) gets a 64-bit global id, unique within the log
# across all kinds; 0 means "none". The log never stores a raw pointer as an identity.
#
# Evolution: fields are only ever added with new ordinals; readers refuse a header whose formatVersion is
# newer than they know. Version table:
#   1  2026-11  first format
#   2  2026-11  capture windows: Header.window/startsMidRun/parentPid, Call.synthesized/backtrace, the
#               `modules` and `snapshot` entries
#   3  2026-11  Call.endNs: a void call that returned normally ends inside its Call entry (no Return entry)
#   4  2026-11  a Kernel object argument (setRuntimeArgsKernel*) has the id of its program's kernel; before, an id
#               of its own that no call made, so those calls could not replay. lightMetalCompareToGolden's
#               golden_data holds the bytes (before: the program's pointer)
#   5  2026-11  Buffer::create (bufferCreate, bufferCreateAtAddress): buffers a framework allocates directly have
#               a creation record; the shardSpec value
#   6  2026-11  the mesh API (tt::tt_metal::distributed, api 88–114): mesh object kinds, the meshRange,
#               meshDeviceConfig, meshBufferConfig and shardTransfer values, BufferConfig.bottomUp
#   7  2026-11  a mesh's sub-device managers (api 118–121): the subDeviceManager object kind; a SubDevice is a
#               list of `cores`, one per programmable core type; MeshDevice::close() (api 122)
#   8  2026-11  tt::DevicePool::initialize (api 123): a void call with a result, the devices it opened
#   9  2026-11  SourceFile.fromHome: a kernel source's file placed in TT_METAL_HOME (found through tt-metal's
#               kernel include roots, or the kernel itself lying there) rather than beside the kernel file
#  10  2026-11  the tt-metal v0.67.0 profile (Header.ttMetalVersion "v0.67.0"): its calls whose declaration differs
#               from every v0.56.0 one (api 124–136); a call both releases declare alike keeps its one value;
#               KernelConfig.namedCompileArgs
#  11  2026-12  KernelSource.unreadable: a kernel file the capture could not read has an entry of its own saying
#               why (before: the kernel's source was id 0, with no reason)
#  12  2026-12  ObjectRef.devices: a mesh a call made lists its devices' ids, so a single-device call on a device
#               reached through a mesh replays (before: such a device was named by an id no call made)
#  13  2026-12  ObjectRef.devices is ObjectRef.members: a mesh buffer a call made lists its devices' buffers' ids
#               too (get_device_buffer(coord), in row-major coordinate order), so a single-device call on such a
#               buffer replays
#  14  2026-12  the kernelBinary entry: what the device's kernel build made for a kernel (its build folder in the
#               JIT cache), so a replay can install it instead of compiling
#  15  2026-12  End.signal: a log ended by the capture's emergency flush says which fatal signal ended the process
#  16  2026-12  End.exited, End.exitStatus, End.uncaught: a log closed as the process exits gives its exit status;
#               a process ended by an exception nobody caught names it
#  17  2026-12  the launchOutputs entry: what each launch left in the device's buffers, as the captured run read them
#               back (LTCAP_LAUNCH_OUTPUTS=1), for `ltcap bisect` against the captured run
#  18  2026-12  KernelConfig.tensorAccessors: which compile-time args a TensorAccessorArgs appended, for which buffer,
#               so a replay on a release that lays those words out otherwise recomputes them
@0xadfed664487212e6;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("ltcap::schema");

const formatVersion :UInt32 = 18;

struct Entry {
  union {
    header @0 :Header;            # first entry of every log
    call @1 :Call;                # a call, written before it is forwarded to tt-metal
    return @2 :Return;            # how the call with the same seq ended (unless the Call has endNs)
    blob @3 :Blob;                # payload bytes, written before the first entry that refers to them
    kernelSource @4 :KernelSource;  # a kernel's source text, written before the CreateKernel call using it
    readData @5 :ReadData;        # the bytes a read delivered, once final (golden data for replay)
    end @6 :End;                  # last entry of a cleanly closed log
    modules @7 :ModuleMap;        # the process's loaded modules, before the first call whose backtrace needs them
    snapshot @8 :Snapshot;        # a log that starts mid-run: ends the synthesized records that recreate the state
    kernelBinary @9 :KernelBinary;  # a kernel's build, after the call that built (or found) it (format 14)
    launchOutputs @10 :LaunchOutputs;  # after a launch, the buffers as it left them (LTCAP_LAUNCH_OUTPUTS, format 17)
  }
}

# What one launch left in the device's memory, as the captured run read it back once the launch was done (its
# device synchronized): every live allocated buffer and mesh buffer of the process, each whole — a mesh buffer's
# shards one after another in row-major coordinate order, as a replay reads one back (ltplay --launch-outputs).
# Written right after the launch's call ends, by a capture with LTCAP_LAUNCH_OUTPUTS=1; not for the launches made
# while a trace is captured (they are its recipe, not runs). The bytes are blobs like any payload: a buffer the
# launch did not change costs a reference to the earlier blob.
struct LaunchOutputs {
  seq @0 :UInt64;                 # the launch's call
  buffers @1 :List(LaunchBuffer);
}

struct LaunchBuffer {
  buffer @0 :UInt64;              # the buffer's (or mesh buffer's) object id
  pageSize @1 :UInt64;            # its page size (the unit a replay's launch record digests)
  data @2 :DataRef;               # its bytes after the launch
}

struct Header {
  formatVersion @0 :UInt32;       # the writer's formatVersion (see the constant above)
  toolVersion @1 :Text;           # ltcap version that wrote the log
  ttMetalVersion @2 :Text;        # tt-metal API the calls follow, e.g. "v0.56.0"
  host @3 :Text;                  # host name of the capturing machine
  processName @4 :Text;           # basename of the traced executable
  commandLine @5 :List(Text);     # argv of the traced process
  pid @6 :UInt32;                 # process id of the traced process
  startTimeUnixNs @7 :UInt64;     # wall-clock time the capture started (ns since the Unix epoch)
  environment @8 :List(EnvVar);   # the variables that affect tt-metal or ltcap (TT_METAL_*, LTCAP_*, ARCH_NAME)
  window @9 :UInt32;              # 1, 2, …: which capture window of the process this log holds; 0 = the whole run
  startsMidRun @10 :Bool;         # objects existed when the log opened: it starts with synthesized records that
                                  # recreate them (Call.synthesized), closed by a `snapshot` entry
  parentPid @11 :UInt32;          # a forked child's log: the parent's pid (the child inherited its objects); else 0
  kernelBuilds @12 :Bool;         # the capture records kernel builds: each launch is followed by kernelBinary entries
                                  # for the builds it made or found that the log does not hold yet (format 14)
}

struct EnvVar {
  name @0 :Text;
  value @1 :Text;
}

struct Call {
  seq @0 :UInt64;                 # 1, 2, 3, …: the order in which calls reached tt-metal, over all threads
  thread @1 :UInt32;              # small per-log thread number, 1 = first thread that made a call
  function @2 :Api;               # which API function (overloads are distinct values)
  beginNs @3 :UInt64;             # monotonic ns since the capture started, just before forwarding
  args @4 :List(Value);           # the arguments, in declaration order (see Value for each type's form)
  argsChanged @5 :List(ArgsSnapshot);  # launches only (EnqueueProgram, LaunchProgram): runtime args the
                                       # program edited in place (through GetRuntimeArgs references) since
                                       # they were last recorded; a player applies them before the call
  synthesized @6 :Bool;           # written by ltcap to recreate state at a mid-run start, not made by the program
                                  # at this point: a call it made earlier (same seq), or a write of buffer
                                  # contents read back from the device when the log opened
  backtrace @7 :List(UInt64);     # LTCAP_BACKTRACE: return addresses, innermost first (the program's caller of
                                  # the API function first); symbolized against the last `modules` entry
  endNs @8 :UInt64;               # nonzero: tt-metal returned normally at this time (monotonic ns since the
                                  # capture started), the result is none, and no Return entry follows. ltcap
                                  # sets it in place while the entry is still in memory; 0: a Return entry with
                                  # this seq tells how the call ended, or none does (it never returned)
}

struct Return {
  seq @0 :UInt64;                 # the Call this completes
  endNs @1 :UInt64;               # monotonic ns since the capture started, after tt-metal returned or threw
  result @2 :Value;               # the return value (unset, reading as none, for void); created objects appear as
                                  # object refs
  threw @3 :Bool;                 # tt-metal threw; the exception was rethrown unchanged to the program
  exception @4 :Text;             # what() of the exception when threw is set
}

struct Blob {
  id @0 :UInt64;                  # blob id, referred to by DataRef.blob; equal content is stored once
  totalSize @1 :UInt64;           # size of the whole blob in bytes
  offset @2 :UInt64;              # where this chunk starts; large blobs come as several chunks in order
  data @3 :Data;                  # the chunk's bytes
}

struct KernelSource {
  id @0 :UInt64;                  # referred to by KernelConfig.source
  path @1 :Text;                  # the file name as the program gave it ("" for CreateKernelFromString)
  files @2 :List(SourceFile);     # the kernel file first, then every file it includes with quotes; empty exactly
                                  # when `unreadable` is set
  unreadable @3 :Text;            # why the capture could not read the kernel file the program named (not found
                                  # where the release looks, or not readable): the log holds no source for it, and a
                                  # replay that must compile it cannot (format 11). Empty: the files are here
}

struct SourceFile {
  path @0 :Text;                  # relative to the kernel file's directory (the kernel file itself: its base name);
                                  # with fromHome: relative to TT_METAL_HOME. Never absolute, never climbing out of
                                  # TT_METAL_HOME; a replay writes the files where these paths say
  content @1 :Text;
  fromHome @2 :Bool;              # the file lies in TT_METAL_HOME, whose kernel include roots (the home, home/ttnn,
                                  # home/tt_metal) the kernel's quoted includes reach it through, or the kernel
                                  # file itself lies there; a replay recreates these files in a home of its own and
                                  # compiles with that home's include roots (format 9)
}

# One build of one kernel as the device's kernel build left it in its JIT cache (docs/replay.md, "Kernel builds and
# tt-metal's JIT cache"): every file of the build's folder, each in a blob (equal content stored once). A replay for
# the same target writes them to the same place under a cache of its own, so the kernel build finds the build up
# to date and compiles nothing.
struct KernelBinary {
  id @0 :UInt64;                  # unique within the log; equal builds (same folder, same files) are stored once
  kernelName @1 :Text;            # the kernel's name, as its build folder names it
  folder @2 :Text;                # the build's folder relative to the cache root, '/'-separated, never absolute,
                                  # never climbing ("abi7/wormhole_b0/kernels/reader/<hash>")
  target @3 :BuildTarget;         # what it was built for; a replay uses it only for the same target
  files @4 :List(BinaryFile);     # every file of the folder, in path order
}

struct BuildTarget {
  device @0 :Text;                # whose kernel build made it: "emulator" (the emulated tt-metal) or "tt-metal"
  ttMetalVersion @1 :Text;        # the tt-metal release of the library that built it (Header.ttMetalVersion)
  arch @2 :Text;                  # the architecture ("wormhole_b0")
  kernelAbi @3 :UInt32;           # the emulator's kernel ABI version (0 for tt-metal's builds)
}

struct BinaryFile {
  path @0 :Text;                  # relative to the build's folder, '/'-separated, never absolute, never climbing
  data @1 :DataRef;               # its bytes
  executable @2 :Bool;            # the file's owner may execute it
}

struct ReadData {
  seq @0 :UInt64;                 # the read call (EnqueueReadBuffer, …) the data belongs to
  data @1 :DataRef;               # the bytes it delivered
  offset @2 :UInt64;              # where they start in what the call read: a call reading several destinations
                                  # (enqueue_read_shards) has one readData per destination, in order (format 6)
}

struct End {
  lastSeq @0 :UInt64;             # seq of the last call in the log
  endNs @1 :UInt64;               # monotonic ns since the capture started
  signal @2 :UInt32;              # the fatal signal the process died of (SIGABRT: 6), the log ended by the capture's
                                  # emergency flush as the process went down; 0: it ended normally (format 15)
  exited @3 :Bool;                # the log was closed because the process was exiting (exit(), or main returned):
                                  # exitStatus is its status. False: the log ended otherwise (a capture window
                                  # closed, a signal, exec), or a log older than format 16
  exitStatus @4 :Int32;           # with `exited`: the status the process passed to exit() or main returned (the
                                  # low 8 bits are what its parent sees)
  uncaught @5 :Text;              # the exception nobody caught, which ended the process through std::terminate:
                                  # its type, then what() for a std::exception ("std::runtime_error: TT_FATAL ...",
                                  # at most 4096 bytes); empty: none (format 16)
}

struct ModuleMap {
  modules @0 :List(Module);
}

struct Module {
  path @0 :Text;                  # the ELF file as the loader opened it ("" for the main program: see Header)
  loadBias @1 :UInt64;            # added to the file's addresses when loaded (dlpi_addr)
  start @2 :UInt64;               # the loaded segments span [start, end) in the process
  end @3 :UInt64;
}

struct Snapshot {
  records @0 :UInt32;             # synthesized calls before this entry that recreate objects
  buffers @1 :UInt32;             # buffers whose contents were read back from the device
  bufferBytes @2 :UInt64;         # their total size
  durationNs @3 :UInt64;          # how long taking the snapshot held the program up
}

struct ArgsSnapshot {
  kernel @0 :UInt64;              # kernel object id
  common @1 :Bool;                # the kernel's common args (then x and y are unused)
  x @2 :UInt32;                   # logical core of the unique args
  y @3 :UInt32;
  words @4 :List(UInt32);         # the args now
}

enum ObjectKind {
  none @0;
  device @1;
  commandQueue @2;
  buffer @3;
  program @4;
  kernel @5;
  circularBuffer @6;
  semaphore @7;
  trace @8;
  event @9;
  globalSemaphore @10;
  meshDevice @11;                 # raw: the mesh id (IDevice::id)
  meshCommandQueue @12;           # raw: the queue's index; parent: its mesh device
  meshBuffer @13;                 # raw: its address (the same on every device); parent: its mesh device
  meshWorkload @14;               # a MeshWorkload, known by where the program keeps it (docs/mesh.md)
  meshEvent @15;                  # raw: the event id; parent: the mesh device it was recorded on
  meshTrace @16;                  # raw: the MeshTraceId; parent: its mesh device
  subDeviceManager @17;           # raw: the SubDeviceManagerId; parent: the mesh device that made it
  globalCircularBuffer @18;       # raw: its configuration's address (the same on every core); parent: its device
  metalEnv @19;                   # a MetalEnv (v0.68.0-rc1), known by where the program keeps it; raw: 0. The program
                                  # constructs it (no API call): a replay makes one on first use
}

struct ObjectRef {
  kind @0 :ObjectKind;
  id @1 :UInt64;                  # global id (0 = null)
  raw @2 :UInt64;                 # the value tt-metal uses for it where that is a number the program sees:
                                  # kernel handle, semaphore id, trace id, device id, command queue index,
                                  # buffer address; 0 otherwise
  parent @3 :UInt64;              # the object it belongs to: a command queue's or trace's device, a kernel's,
                                  # circular buffer's or semaphore's program, a buffer's device; 0 if none
  members @4 :List(UInt64);       # what a mesh object a call made (a result) is made of, each made with it:
                                  # a mesh device's devices, in the order its get_devices() gives them (format
                                  # 12); a mesh buffer's buffers on its devices, get_device_buffer(coord) for
                                  # every coordinate of its mesh in row-major order (format 13). A later call
                                  # naming one of those IDevice*s or Buffer*s names it by that id, as a device or
                                  # a buffer. Empty for every other reference
}

# One argument or result. The union member used for each parameter type:
#   bool → bool; integers, enums → uint or int; float → float; std::string → text;
#   IDevice*, CommandQueue&, Buffer&/shared_ptr<Buffer>, Program&, KernelHandle, CBHandle, Event,
#     trace ids → object; Span<const uint32_t>, vector<uint32_t> → words;
#   CoreCoord/CoreRange/CoreRangeSet (and their variants) → cores; kernel configs → kernelConfig;
#   buffer configs → bufferConfig; CircularBufferConfig → cbConfig; BufferRegion → region;
#   HostDataType and Span<const uint8_t> → data; void* / uint8_t* read destinations → hostPointer;
#   vectors of the above → list; a kernel's file name or source text → kernelSource; the mesh types: see
#   MeshRange below.
struct Value {
  union {
    none @0 :Void;
    bool @1 :Bool;
    int @2 :Int64;
    uint @3 :UInt64;
    float @4 :Float64;
    text @5 :Text;
    object @6 :ObjectRef;
    words @7 :List(UInt32);
    cores @8 :CoreSpec;
    kernelConfig @9 :KernelConfig;
    bufferConfig @10 :BufferConfig;
    cbConfig @11 :CbConfig;
    region @12 :Region;
    data @13 :DataRef;
    hostPointer @14 :UInt64;      # address in the traced process: identifies the destination, not data
    list @15 :List(Value);
    kernelSource @16 :UInt64;     # id of a KernelSource entry (CreateKernel's file, CreateKernelFromString's text);
                                  # 0: the shim could not read the file (tt-metal fails when it compiles the kernel)
    shardSpec @17 :ShardSpec;     # a ShardSpecBuffer (Buffer::create's shard_parameter)
    meshRange @18 :MeshRange;     # a MeshCoordinateRange
    meshDeviceConfig @19 :MeshDeviceConfig;
    meshBufferConfig @20 :MeshBufferConfig;  # a MeshBufferConfig (replicated or sharded)
    shardTransfer @21 :ShardTransfer;        # one MeshCommandQueue::ShardDataTransfer (elements of a list)
  }
}

# Mesh values (format 6). A MeshCoordinate or MeshShape is `words` (one per dimension); a DeviceLocalBufferConfig
# is a `bufferConfig` with device 0 and size 0; MeshDevice*, MeshCommandQueue&, shared_ptr<MeshBuffer>,
# MeshWorkload&, MeshEvent and MeshTraceId are objects of the mesh kinds.
struct MeshRange {
  start @0 :List(UInt32);         # first coordinate, one value per dimension
  end @1 :List(UInt32);           # last coordinate (inclusive)
}

struct MeshDeviceConfig {
  shape @0 :List(UInt32);         # mesh_shape, one value per dimension
  hasOffset @1 :Bool;             # offset is set
  offset @2 :List(UInt32);        # offset's coordinate
  physicalDeviceIds @3 :List(UInt32);  # physical_device_ids (chip ids), usually empty
}

struct MeshBufferConfig {
  sharded @0 :Bool;               # a ShardedBufferConfig; else a ReplicatedBufferConfig
  size @1 :UInt64;                # ReplicatedBufferConfig.size or ShardedBufferConfig.global_size, in bytes
  globalHeight @2 :UInt64;        # sharded: global_buffer_shape (datums)
  globalWidth @3 :UInt64;
  shardHeight @4 :UInt64;         # sharded: shard_shape (0 replicates along that mesh dimension)
  shardWidth @5 :UInt64;
  orientation @6 :UInt8;          # sharded: ShardOrientation
}

struct ShardTransfer {
  coord @0 :List(UInt32);         # shard_coord: the device
  data @1 :DataRef;               # a write's bytes (the shard's size, or the region's)
  hostPointer @2 :UInt64;         # a read's destination in the traced process (identifies it; the bytes come
                                  # as readData of the call, the shards one after another in list order)
  hasRegion @3 :Bool;             # region is set
  region @4 :Region;              # the part of the shard
}

enum CoreForm {
  coord @0;                       # a CoreCoord (one range of one core)
  range @1;                       # a CoreRange (one range)
  rangeSet @2;                    # a CoreRangeSet
}

struct CoreSpec {
  form @0 :CoreForm;              # which alternative the program passed
  ranges @1 :List(CoreRange);
}

struct CoreRange {
  startX @0 :UInt32;
  startY @1 :UInt32;
  endX @2 :UInt32;
  endY @3 :UInt32;
}

enum KernelKind {
  dataMovement @0;
  compute @1;
  ethernet @2;
}

struct KernelConfig {
  kind @0 :KernelKind;
  processor @1 :UInt8;            # DataMovementProcessor (data movement, ethernet)
  noc @2 :UInt8;                  # NOC
  nocMode @3 :UInt8;              # NOC_MODE
  ethMode @4 :UInt8;              # Eth (ethernet)
  mathFidelity @5 :UInt8;         # MathFidelity (compute)
  fp32DestAccEn @6 :Bool;
  dstFullSyncEn @7 :Bool;
  bfp8PackPrecise @8 :Bool;
  mathApproxMode @9 :Bool;
  optLevel @10 :UInt8;            # KernelBuildOptLevel
  unpackToDestMode @11 :List(UInt8);
  compileArgs @12 :List(UInt32);
  defines @13 :List(Define);
  namedCompileArgs @14 :List(NamedArg);  # v0.67.0: get_named_compile_time_arg_val's names and values
  tensorAccessors @15 :List(TensorAccessorUse);  # format 18: the compileArgs a TensorAccessorArgs put there
}

# Words of a kernel's compile-time args that TensorAccessorArgs::append_to put there (v0.67.0 and later): a kernel reads
# them back with its TensorAccessorArgs<offset>(), whose layout is the release's. The capture sees the host object made
# for a buffer and its words appended to a vector, and recognizes that vector's words in the CreateKernel config; a
# replay on a release with another layout makes the same object for its own buffer and puts its words in their place.
struct TensorAccessorUse {
  offset @0 :UInt32;              # where its words start in compileArgs
  count @1 :UInt32;               # how many words it put there
  buffer @2 :UInt64;              # the buffer it describes (0: none — a default-made one — or `known` is false)
  meshBuffer @3 :Bool;            # `buffer` is a MeshBuffer, TensorAccessorArgs(const MeshBuffer&); else a Buffer
  argsConfig @4 :UInt32;          # the tensor_accessor::ArgsConfig the program asked for (its Runtime* choices)
  known @5 :Bool;                 # the capture saw the object made; false: words of an object it did not (a copy),
                                  # whose buffer it does not know
}

struct NamedArg {
  name @0 :Text;
  value @1 :UInt32;
}

struct Define {
  name @0 :Text;
  value @1 :Text;
}

struct ShardSpec {
  grid @0 :List(CoreRange);
  shapeHeight @1 :UInt32;         # shard shape in elements
  shapeWidth @2 :UInt32;
  orientation @3 :UInt8;          # ShardOrientation
  mode @4 :UInt8;                 # ShardMode
  pageHeight @5 :UInt32;          # page shape in elements
  pageWidth @6 :UInt32;
  tensorPagesHeight @7 :UInt32;   # tensor2d_shape_in_pages
  tensorPagesWidth @8 :UInt32;
}

struct BufferConfig {
  device @0 :UInt64;              # device object id
  size @1 :UInt64;
  pageSize @2 :UInt64;
  bufferType @3 :UInt8;           # BufferType
  layout @4 :UInt8;               # TensorMemoryLayout
  sharded @5 :Bool;               # a ShardedBufferConfig (shard is set)
  shard @6 :ShardSpec;
  bottomUp @7 :UInt8;             # DeviceLocalBufferConfig.bottom_up: 0 = not set, 1 = false, 2 = true
  distribution @8 :Distribution;  # v0.67.0: set when sharding_args holds an N-D BufferDistributionSpec
}

# An N-D BufferDistributionSpec (v0.67.0), in pages: the tensor's and a shard's shapes as the spec holds them (one
# value per dimension, the same number of each) and the cores the shards go to, in order (shard k on core k mod n).
struct Distribution {
  tensorPages @0 :List(UInt32);
  shardPages @1 :List(UInt32);
  cores @2 :List(CoreRange);      # each range one core
}

struct CbIndex {
  index @0 :UInt8;                # CB index 0–31
  dataFormat @1 :UInt8;           # tt::DataFormat
  pageSize @2 :UInt32;            # 0 when not set
  remote @3 :Bool;                # a remote index (remote_index(): a circular buffer over a global one)
}

struct CbConfig {
  totalSize @0 :UInt32;
  indices @1 :List(CbIndex);      # every configured index, ascending
  globalBuffer @2 :UInt64;        # buffer object id of a dynamic CB's backing buffer, 0 for a static CB
}

struct Region {
  offset @0 :UInt64;
  size @1 :UInt64;
}

enum ElementType {
  uint8 @0;                       # HostDataType alternatives 0–5: shared_ptr<vector<T>>
  uint16 @1;
  int32 @2;
  uint32 @3;
  float32 @4;
  bfloat16 @5;
  rawPointer @6;                  # alternative 6: const void*
  bytes @7;                       # Span<const uint8_t> and other untyped bytes
}

struct DataRef {
  blob @0 :UInt64;                # Blob id holding the bytes
  size @1 :UInt64;                # bytes (the true size the call used)
  elementType @2 :ElementType;
}

# A function's parameter names, in order, as tt-metal v0.56.0 declares them (ltdump prints `name=value`; the
# build checks there is one per argument of the function's entry in interpose/api_list.h). A parameter of a
# tt-metal enum type is written `name:Type` (its value is stored as a number; ltdump prints the enumerator's name,
# schema/values/tt_enums.h); the build checks every enum parameter says its type.
annotation params(enumerant) :List(Text);

# Every interposed function, one value per overload. Adding a function: a value here (with its parameter names)
# and an entry in interpose/api_list.h.
enum Api {
  getNumAvailableDevices @0;
  isGalaxyCluster @1;
  getNumPcieDevices @2;
  getPcieDeviceId @3 $params(["device_id"]);
  createDevice @4 $params(["device_id", "num_hw_cqs", "l1_small_size", "trace_region_size", "dispatch_core_config", "l1_bank_remap"]);
  createDeviceMinimal @5 $params(["device_id", "num_hw_cqs", "dispatch_core_config"]);
  closeDevice @6 $params(["device"]);
  createProgram @7;
  createKernel @8 $params(["program", "file_name", "core_spec", "config"]);
  createKernelFromString @9 $params(["program", "kernel_src_code", "core_spec", "config"]);
  createCircularBuffer @10 $params(["program", "core_spec", "config"]);
  getCircularBufferConfig @11 $params(["program", "cb_handle"]);
  updateCircularBufferTotalSize @12 $params(["program", "cb_handle", "total_size"]);
  updateCircularBufferPageSize @13 $params(["program", "cb_handle", "buffer_index", "page_size"]);
  updateDynamicCircularBufferAddress @14 $params(["program", "cb_handle", "buffer"]);
  updateDynamicCircularBufferAddressAndTotalSize @15 $params(["program", "cb_handle", "buffer", "total_size"]);
  createSemaphore @16 $params(["program", "core_spec", "initial_value", "core_type:CoreType"]);
  createGlobalSemaphore @17 $params(["device", "cores", "initial_value", "buffer_type:BufferType"]);
  createGlobalSemaphoreMove @18 $params(["device", "cores", "initial_value", "buffer_type:BufferType"]);
  createBufferInterleaved @19 $params(["config"]);
  createBufferInterleavedAtAddress @20 $params(["config", "address"]);
  createBufferInterleavedSubDevice @21 $params(["config", "sub_device_id"]);
  createBufferSharded @22 $params(["config"]);
  createBufferShardedAtAddress @23 $params(["config", "address"]);
  createBufferShardedSubDevice @24 $params(["config", "sub_device_id"]);
  deallocateBuffer @25 $params(["buffer"]);
  assignGlobalBufferToProgram @26 $params(["buffer", "program"]);
  setRuntimeArgs @27 $params(["program", "kernel", "core_spec", "runtime_args"]);
  setRuntimeArgsPerCore @28 $params(["program", "kernel", "core_spec", "runtime_args"]);
  setRuntimeArgsKernel @29 $params(["device", "kernel", "core_spec", "runtime_args"]);
  setRuntimeArgsKernelPerCore @30 $params(["device", "kernel", "core_spec", "runtime_args"]);
  setCommonRuntimeArgs @31 $params(["program", "kernel_id", "runtime_args"]);
  getRuntimeArgs @32 $params(["program", "kernel_id", "logical_core"]);
  getRuntimeArgsAll @33 $params(["program", "kernel_id"]);
  getCommonRuntimeArgs @34 $params(["program", "kernel_id"]);
  enqueueReadBuffer @35 $params(["cq", "buffer", "dst", "blocking"]);
  enqueueReadSubBuffer @36 $params(["cq", "buffer", "dst", "region", "blocking"]);
  enqueueWriteBuffer @37 $params(["cq", "buffer", "src", "blocking"]);
  enqueueWriteSubBuffer @38 $params(["cq", "buffer", "src", "region", "blocking"]);
  enqueueProgram @39 $params(["cq", "program", "blocking"]);
  finish @40 $params(["cq", "sub_device_ids"]);
  beginTraceCapture @41 $params(["device", "cq_id"]);
  endTraceCapture @42 $params(["device", "cq_id", "tid"]);
  replayTrace @43 $params(["device", "cq_id", "tid", "blocking"]);
  releaseTrace @44 $params(["device", "tid"]);
  enqueueTrace @45 $params(["cq", "trace_id", "blocking"]);
  lightMetalBeginCapture @46;
  lightMetalEndCapture @47;
  loadTrace @48 $params(["device", "cq_id", "trace_id", "trace_desc"]);
  dumpDeviceProfileResults @49 $params(["device", "program"]);
  enqueueRecordEvent @50 $params(["cq", "event", "sub_device_ids"]);
  enqueueWaitForEvent @51 $params(["cq", "event"]);
  eventSynchronize @52 $params(["event"]);
  eventQuery @53 $params(["event"]);
  synchronize @54 $params(["device", "cq_id", "sub_device_ids"]);
  detailCreateDevices @55 $params(["device_ids", "num_hw_cqs", "l1_small_size", "trace_region_size", "dispatch_core_config", "l1_bank_remap"]);
  detailCloseDevices @56 $params(["devices"]);
  detailWriteToBuffer @57 $params(["buffer", "host_buffer"]);
  detailReadFromBuffer @58 $params(["buffer", "host_buffer", "shard_order"]);
  detailReadShard @59 $params(["buffer", "host_buffer", "core_id"]);
  detailLaunchProgram @60 $params(["device", "program", "wait_until_cores_done"]);
  detailLaunchProgramShared @61 $params(["device", "program", "wait_until_cores_done"]);
  detailWaitProgramDone @62 $params(["device", "program"]);
  detailCompileProgram @63 $params(["device", "program", "fd_bootloader_mode"]);
  detailWriteRuntimeArgsToDevice @64 $params(["device", "program", "fd_bootloader_mode"]);
  detailConfigureDeviceWithProgram @65 $params(["device", "program", "fd_bootloader_mode"]);
  detailWriteToDeviceDramChannel @66 $params(["device", "dram_channel", "address", "host_buffer"]);
  detailReadFromDeviceDramChannel @67 $params(["device", "dram_channel", "address", "size", "host_buffer"]);
  detailWriteToDeviceL1 @68 $params(["device", "logical_core", "address", "host_buffer", "core_type:CoreType"]);
  detailReadFromDeviceL1 @69 $params(["device", "logical_core", "address", "size", "host_buffer", "core_type:CoreType"]);
  detailWriteRegToDevice @70 $params(["device", "logical_core", "address", "regval"]);
  detailReadRegFromDevice @71 $params(["device", "logical_core", "address", "regval"]);
  detailSynchronizeWorkerThreads @72 $params(["workers"]);
  detailDispatchStateCheck @73 $params(["isFastDispatch"]);
  detailInWorkerThread @74;
  detailInitializeFabricConfig @75 $params(["fabric_config:FabricConfig"]);
  detailClearProfilerControlBuffer @76 $params(["device"]);
  detailInitDeviceProfiler @77 $params(["device"]);
  detailProfilerSync @78 $params(["state:ProfilerSyncState"]);
  detailDumpDeviceProfileResultsCores @79 $params(["device", "worker_cores", "state:ProfilerDumpState"]);
  detailDumpDeviceProfileResults @80 $params(["device", "state:ProfilerDumpState"]);
  detailSetDeviceProfilerDir @81 $params(["output_dir"]);
  detailFreshProfilerDeviceLog @82;
  lightMetalCompareToCapture @83 $params(["cq", "buffer", "dst"]);
  lightMetalCompareToGolden @84 $params(["cq", "buffer", "golden_data"]);
  bufferReleased @85 $params(["buffer"]);             # not an API function: the last reference to a buffer went away and tt-metal
                                  # destroyed it (Buffer::~Buffer); args: the buffer. A player releases its copy.
  bufferCreate @86 $params(["device", "size", "page_size", "buffer_type:BufferType", "buffer_layout:TensorMemoryLayout", "shard_parameter", "bottom_up", "sub_device_id"]);
  bufferCreateAtAddress @87 $params(["device", "address", "size", "page_size", "buffer_type:BufferType", "buffer_layout:TensorMemoryLayout", "shard_parameter", "bottom_up", "sub_device_id"]);
  # The mesh API (tt::tt_metal::distributed). Members of a class take the object first, as `this`.
  meshDeviceCreate @88 $params(["config", "l1_small_size", "trace_region_size", "num_command_queues", "dispatch_core_config", "l1_bank_remap"]);
  meshBufferCreate @89 $params(["mesh_buffer_config", "device_local_layout", "mesh_device", "address"]);
  createMeshWorkload @90;
  addProgramToMeshWorkload @91 $params(["mesh_workload", "program", "device_range"]);
  enqueueMeshWorkload @92 $params(["mesh_cq", "mesh_workload", "blocking"]);
  meshEnqueueRecordEvent @93 $params(["mesh_cq", "sub_device_ids", "device_range"]);
  meshEnqueueRecordEventToHost @94 $params(["mesh_cq", "sub_device_ids", "device_range"]);
  meshEnqueueWaitForEvent @95 $params(["mesh_cq", "event"]);
  meshEventSynchronize @96 $params(["event"]);
  meshBeginTraceCapture @97 $params(["device", "cq_id"]);
  meshEndTraceCapture @98 $params(["device", "cq_id", "trace_id"]);
  meshReplayTrace @99 $params(["device", "cq_id", "trace_id", "blocking"]);
  meshReleaseTrace @100 $params(["device", "trace_id"]);
  meshSynchronize @101 $params(["device", "cq_id", "sub_device_ids"]);
  meshFinish @102 $params(["mesh_cq", "sub_device_ids"]);
  meshCqEnqueueMeshWorkload @103 $params(["this", "mesh_workload", "blocking"]);
  meshCqEnqueueWriteShardToSubGrid @104 $params(["this", "buffer", "host_data", "device_range", "blocking", "region"]);
  meshCqEnqueueWriteMeshBuffer @105 $params(["this", "buffer", "host_data", "blocking"]);
  meshCqEnqueueWriteShards @106 $params(["this", "mesh_buffer", "shard_data_transfers", "blocking"]);
  meshCqEnqueueReadMeshBuffer @107 $params(["this", "host_data", "buffer", "blocking"]);
  meshCqEnqueueReadShards @108 $params(["this", "shard_data_transfers", "mesh_buffer", "blocking"]);
  meshCqEnqueueRecordEvent @109 $params(["this", "sub_device_ids", "device_range"]);
  meshCqEnqueueRecordEventToHost @110 $params(["this", "sub_device_ids", "device_range"]);
  meshCqEnqueueWaitForEvent @111 $params(["this", "sync_event"]);
  meshCqFinish @112 $params(["this", "sub_device_ids"]);
  meshCqEnqueueTrace @113 $params(["this", "trace_id", "blocking"]);
  meshWorkloadAddProgram @114 $params(["this", "device_range", "program"]);
  meshBufferDeallocate @115 $params(["this"]);
  meshBufferReleased @116 $params(["buffer"]);        # not an API function: MeshBuffer's destructor ran (the last
                                  # reference went); a player drops its own
  meshDeviceReleased @117 $params(["mesh_device"]);   # not an API function: MeshDevice's destructor ran
  # A mesh's sub-device managers (virtual members of MeshDevice; "this" is the mesh). sub_devices is a list with
  # one list per SubDevice: its `cores`, one per programmable core type (Tensix, active Ethernet, idle Ethernet).
  meshCreateSubDeviceManager @118 $params(["this", "sub_devices", "local_l1_size"]);
  meshLoadSubDeviceManager @119 $params(["this", "sub_device_manager_id"]);
  meshClearLoadedSubDeviceManager @120 $params(["this"]);
  meshRemoveSubDeviceManager @121 $params(["this", "sub_device_manager_id"]);
  meshDeviceClose @122 $params(["this"]);             # MeshDevice::close() called by the program (virtual)
  # tt::DevicePool::initialize: returns nothing; the return's result lists the devices the pool then holds for
  # device_ids, in that order, as detailCreateDevices' does.
  devicePoolInitialize @123 $params(["device_ids", "num_hw_cqs", "l1_small_size", "trace_region_size", "dispatch_core_config", "l1_bank_remap"]);
  # The tt-metal v0.67.0 profile's own calls (profiles/v0.67.0/api/api_list.h); a log's header names its profile.
  createSemaphoreAnyCore @124 $params(["program", "core_spec", "initial_value"]);
  setRuntimeArgsList @125 $params(["program", "kernel", "core_spec", "runtime_args"]);      # initializer_list form
  setCommonRuntimeArgsList @126 $params(["program", "kernel_id", "runtime_args"]);         # initializer_list form
  meshDeviceCreateWorkerL1 @127 $params(["config", "l1_small_size", "trace_region_size", "num_command_queues", "dispatch_core_config", "l1_bank_remap", "worker_l1_size"]);
  meshDeviceCreateUnitMesh @128 $params(["device_id", "l1_small_size", "trace_region_size", "num_command_queues", "dispatch_core_config", "l1_bank_remap", "worker_l1_size"]);
  meshBeginMeshTrace @129 $params(["this", "cq_id"]);
  meshBeginMeshTraceWithId @130 $params(["this", "cq_id", "trace_id"]);
  meshEndMeshTrace @131 $params(["this", "cq_id", "trace_id"]);
  meshReplayMeshTrace @132 $params(["this", "cq_id", "trace_id", "blocking"]);
  meshReleaseMeshTrace @133 $params(["this", "trace_id"]);
  readMeshDeviceProfilerResults @134 $params(["mesh_device", "state:ProfilerReadState", "metadata"]);
  # MeshCommandQueue's DistributedHostBuffer transfers (TTNN's path). host_buffer is a list of shardTransfer
  # values: the write's carry each shard's bytes; the read's name the shards read (their bytes, once final, are the
  # call's read data, shard after shard). shards: the coordinates asked for (a list of single-coordinate ranges) or
  # none (every shard the host buffer holds).
  meshCqEnqueueWrite @135 $params(["this", "mesh_buffer", "host_buffer", "blocking"]);
  meshCqEnqueueRead @136 $params(["this", "mesh_buffer", "host_buffer", "shards", "blocking"]);
  # v0.67.0's single-device calls whose declaration differs from v0.56.0's: CreateDevice with worker_l1_size,
  # detail::ReadFromBuffer without shard_order (the whole buffer, in page order), detail::LaunchProgram with
  # force_slow_dispatch, detail::WaitProgramDone with read_device_profiler_results.
  createDeviceWorkerL1 @137 $params(["device_id", "num_hw_cqs", "l1_small_size", "trace_region_size", "dispatch_core_config", "l1_bank_remap", "worker_l1_size"]);
  detailReadFromBufferWhole @138 $params(["buffer", "host_buffer"]);
  detailLaunchProgramForced @139 $params(["device", "program", "wait_until_cores_done", "force_slow_dispatch"]);
  detailLaunchProgramSharedForced @140 $params(["device", "program", "wait_until_cores_done", "force_slow_dispatch"]);
  detailWaitProgramDoneProfiler @141 $params(["device", "program", "read_device_profiler_results"]);
  # v0.67.0's remaining detail:: calls whose declaration differs from v0.56.0's: CreateDevices with worker_l1_size
  # and its three flags; CompileProgram, WriteRuntimeArgsToDevice and ConfigureDeviceWithProgram with
  # force_slow_dispatch (v0.56.0's third flag was fd_bootloader_mode); the std::span forms of the DRAM-channel and L1
  # reads and writes, and the L1 calls' vector forms, whose core_type is UMD's tt::CoreType (v0.56.0's CoreType is
  # another type, numbered differently) (a read's host_buffer is a list of its destination, a hostPointer, and its size in bytes; the
  # bytes are the call's read data); ReadDeviceProfilerResults (moved to tt_metal_profiler.hpp); and
  # MeshDevice::create_unit_meshes, whose result is a list of mesh devices in the order of device_ids.
  detailCreateDevicesWorkerL1 @142 $params(["device_ids", "num_hw_cqs", "l1_small_size", "trace_region_size", "dispatch_core_config", "l1_bank_remap", "worker_l1_size", "init_profiler", "ignored", "initialize_fabric_and_dispatch_fw"]);
  detailCompileProgramForced @143 $params(["device", "program", "force_slow_dispatch"]);
  detailWriteRuntimeArgsToDeviceForced @144 $params(["device", "program", "force_slow_dispatch"]);
  detailConfigureDeviceWithProgramForced @145 $params(["device", "program", "force_slow_dispatch"]);
  detailWriteToDeviceDramChannelSpan @146 $params(["device", "dram_channel", "address", "host_buffer"]);
  detailReadFromDeviceDramChannelSpan @147 $params(["device", "dram_channel", "address", "host_buffer"]);
  detailWriteToDeviceL1Span @148 $params(["device", "logical_core", "address", "host_buffer", "core_type:TtCoreType"]);
  detailReadFromDeviceL1Span @149 $params(["device", "logical_core", "address", "host_buffer", "core_type:TtCoreType"]);
  detailReadDeviceProfilerResults @150 $params(["device", "state:ProfilerReadState", "metadata"]);
  meshDeviceCreateUnitMeshes @151 $params(["device_ids", "l1_small_size", "trace_region_size", "num_command_queues", "dispatch_core_config", "l1_bank_remap", "worker_l1_size"]);
  detailWriteToDeviceL1Words @152 $params(["device", "logical_core", "address", "host_buffer", "core_type:TtCoreType"]);
  detailReadFromDeviceL1Words @153 $params(["device", "logical_core", "address", "size", "host_buffer", "core_type:TtCoreType"]);
  createGlobalCircularBuffer @154 $params(["device", "sender_receiver_core_mapping", "size", "buffer_type:BufferType"]);
  createCircularBufferGlobal @155 $params(["program", "core_spec", "config", "global_circular_buffer"]);
  updateDynamicCircularBufferAddressGlobal @156 $params(["program", "cb_handle", "global_circular_buffer"]);
  # The tt-metal v0.68.0-rc1 profile's own calls (profiles/v0.68.0-rc1/api/api_list.h): MetalEnv's device makers
  # (`this` is a metalEnv object; results as MeshDevice::create's, create_unit_mesh's and create_unit_meshes'), and a
  # global semaphore at an address the program chose (initial_value none leaves L1 as it is).
  metalEnvCreateMeshDevice @157 $params(["this", "config", "l1_small_size", "trace_region_size", "num_command_queues", "dispatch_core_config", "l1_bank_remap", "worker_l1_size"]);
  metalEnvCreateUnitMeshDevice @158 $params(["this", "device_id", "l1_small_size", "trace_region_size", "num_command_queues", "dispatch_core_config", "l1_bank_remap", "worker_l1_size"]);
  metalEnvCreateUnitMeshes @159 $params(["this", "device_ids", "l1_small_size", "trace_region_size", "num_command_queues", "dispatch_core_config", "l1_bank_remap", "worker_l1_size"]);
  createGlobalSemaphoreAtAddress @160 $params(["device", "cores", "initial_value", "buffer_type:BufferType", "address"]);
}
