"""replay_test: capture an example program, replay its log with ltplay, every read must match.

The program is tests/v0.56.0/NAME (a v0.56.0 program) unless `profile` names another API profile: "v0.67.0" takes
tests/v0.67.0/NAME, captured with that profile's shim and replayed with its player (test NAME_v067_replay_test).

Each has a sanitized twin (NAME[_v067]_asan_replay_test): the program, the shim, the player and the emulated
libtt_metal.so they load all built with AddressSanitizer and UBSan (//tests/sanitize); any report ends the process
and fails the test. The twins of the programs in SANITIZED_IN_CI run with every `bazel test //...`; the others are
tagged manual and extended (each costs a sanitized build of its program, and CI has 90 minutes on two cores):
`scripts/test.sh --extended` runs them too."""

load("//tests/sanitize:sanitized.bzl", "sanitized_binary")

# A report ends the process (abort_on_error, halt_on_error). Leaks are not checked: a replay deliberately leaves a
# destination the device may still write to the process (player/read_verifier.h).
SANITIZER_ASAN_OPTIONS = "detect_leaks=0:abort_on_error=1"
SANITIZER_UBSAN_OPTIONS = "halt_on_error=1:print_stacktrace=1"

# Programs whose sanitized twins run in the default test set: between them threads, metal traces, two queues with
# events and sharded mesh buffers. v0.67.0's twins are all extended: any one of them costs a sanitized build of that
# profile's shim and player (their headers are the heaviest to compile).
SANITIZED_IN_CI = [
    "multithreaded_host",
    "metal_trace",
    "two_queues_events",
    "mesh_sharded",
]

PROFILES = {
    "v0.56.0": struct(
        package = "//tests/v0.56.0/",
        shim = "//profiles/v0.56.0:libltcap.so",
        ltplay = "//profiles/v0.56.0:ltplay",
        shim_asan = "//tests/sanitize:libltcap_asan.so",
        ltplay_asan = "//tests/sanitize:ltplay_asan",
        shared = ["//tests/v0.56.0/shared_kernels"],
        suffix = "",
    ),
    "v0.67.0": struct(
        package = "//tests/v0.67.0/",
        shim = "//profiles/v0.67.0:libltcap_v067.so",
        ltplay = "//profiles/v0.67.0:ltplay_v067",
        shim_asan = "//tests/sanitize:libltcap_v067_asan.so",
        ltplay_asan = "//tests/sanitize:ltplay_v067_asan",
        shared = [],
        suffix = "_v067",
    ),
    # tests/v0.67.0's programs built against v0.68.0-rc1 (NAME_v068), captured and replayed with its shim and player.
    "v0.68.0-rc1": struct(
        package = "//tests/v0.67.0/",
        binary = "_v068",
        shim = "//profiles/v0.68.0-rc1:libltcap_v068.so",
        ltplay = "//profiles/v0.68.0-rc1:ltplay_v068",
        shim_asan = None,
        ltplay_asan = None,
        shared = [],
        suffix = "_v068",
    ),
}

def replay_test(program, ltplay_flags = [], extra_data = [], env = {}, profile = "v0.56.0", name = None, package = None):
    """`package`: a package of programs written for `profile` alone (tests/v0.68.0-rc1/), built as they are."""
    p = PROFILES[profile]
    if package:
        target = package + program
    else:
        target = p.package + program + (":" + program + p.binary if hasattr(p, "binary") else "")
    native.sh_test(
        name = name or (program + p.suffix + "_replay_test"),
        srcs = ["replay_test.sh"],
        args = [
            "$(location " + target + ")",
            "$(location " + p.shim + ")",
            "$(location " + p.ltplay + ")",
        ] + ltplay_flags,
        data = [
            target,
            (package or p.package) + program + ":kernels",
            p.shim,
            p.ltplay,
        ] + p.shared + extra_data,
        env = env,
    )

    test = name or (program + p.suffix + "_replay_test")
    if not p.shim_asan:
        return  # no sanitized twins for this release
    asan = test[:-len("_replay_test")] + "_asan_replay_test" if test.endswith("_replay_test") else test + "_asan"
    extended = [] if program + p.suffix in SANITIZED_IN_CI else ["extended", "manual"]
    sanitized_binary(name = asan + "_program", binary = target, tags = extended)  # else //... builds it
    native.sh_test(
        name = asan,
        srcs = ["replay_test.sh"],
        args = [
            "$(location :" + asan + "_program)",
            "$(location " + p.shim_asan + ")",
            "$(location " + p.ltplay_asan + ")",
        ] + ltplay_flags,
        data = [
            ":" + asan + "_program",
            p.package + program + ":kernels",
            p.shim_asan,
            p.ltplay_asan,
        ] + p.shared + extra_data,
        env = dict(env, ASAN_OPTIONS = SANITIZER_ASAN_OPTIONS, UBSAN_OPTIONS = SANITIZER_UBSAN_OPTIONS),
        tags = ["sanitized"] + extended,
    )
