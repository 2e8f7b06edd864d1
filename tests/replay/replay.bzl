"""replay_test: capture an example program, replay its log with ltplay, every read must match.

The program is tests/programs/NAME (a v0.56.0 program) unless `profile` names another API profile: "v0.67.0" takes
tests/v0.67.0/NAME, captured with that profile's shim and replayed with its player (test NAME_v067_replay_test)."""

PROFILES = {
    "v0.56.0": struct(
        package = "//tests/programs/",
        shim = "//interpose:libltcap.so",
        ltplay = "//player:ltplay",
        shared = ["//tests/programs/shared_kernels"],
        suffix = "",
    ),
    "v0.67.0": struct(
        package = "//tests/v0.67.0/",
        shim = "//profiles/v0.67.0/interpose:libltcap_v067.so",
        ltplay = "//profiles/v0.67.0/player:ltplay_v067",
        shared = [],
        suffix = "_v067",
    ),
}

def replay_test(program, ltplay_flags = [], extra_data = [], env = {}, profile = "v0.56.0", name = None):
    p = PROFILES[profile]
    target = p.package + program
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
            target + ":kernels",
            p.shim,
            p.ltplay,
        ] + p.shared + extra_data,
        env = env,
    )
