"""The compiler options of the capture shim's sources, for every profile's shim (one engine: the same call path)."""

SHIM_COPTS = [
    "-fvisibility=hidden",
    "-fvisibility-inlines-hidden",
    "-ftls-model=initial-exec",
    # GCC's SLP vectorizer spilled each encoder's two-register result as two 8-byte stores and reloaded it as one
    # 16-byte load: a failed store forward on every argument (docs/performance.md, "Capture"; commit 04fa3b3).
    "-fno-tree-slp-vectorize",
    # The per-call path (issue 35): -O3 inlines the encoders and the session's bookkeeping into each interposer, and
    # -fno-plt calls libc and libstdc++ through the GOT (the shim is linked -z now), not a PLT stub: together 4-8 ns
    # of the ~105 a recorded call added (docs/performance.md, "Capture"; commit 89a3fde).
    "-O3",
    "-fno-plt",
    # Bazel's default toolchain adds -fstack-protector and -fno-omit-frame-pointer: the canary checks and the frame
    # pointer cost the recorded call 5-13 ns (docs/performance.md). Unwinding (exceptions rethrown through the shim,
    # the program's backtraces) reads .eh_frame, not frame pointers.
    "-fno-stack-protector",
    "-fomit-frame-pointer",
    # GCC 12 at -O3 warns of overlapping memcpy inside std::string's operator+ (GCC bug 105329, a false positive).
    "-Wno-restrict",
]
