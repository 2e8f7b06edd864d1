// Included by the wrapper the emulator generates around a compute kernel, just before the kernel's source.
// A compute kernel defines MAIN (kernel_main in namespace NAMESPACE, as v0.56.0 kernels do), a global
// `void kernel_main()` (as v0.67.0 kernels do), or — as some of tt-metal's tests do — one function per TRISC:
// unpack_main, math_main and pack_main. The templates below stand in for whichever it leaves out: the kernel's own
// (non-template) functions win overload resolution over them, and their result type, TtemuAbsent, tells the entry
// (ttemu_split_entry.h, included after the source) which the kernel has.
#pragma once

namespace ttemu_compute {

struct TtemuAbsent {};
template <class = void>
TtemuAbsent kernel_main() { return {}; }
template <class = void>
TtemuAbsent unpack_main() { return {}; }
template <class = void>
TtemuAbsent math_main() { return {}; }
template <class = void>
TtemuAbsent pack_main() { return {}; }

}  // namespace ttemu_compute

template <class = void>
ttemu_compute::TtemuAbsent kernel_main() { return {}; }
