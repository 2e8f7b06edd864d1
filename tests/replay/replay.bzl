"""replay_test: capture an example program, replay its log with ltplay, every read must match."""

def replay_test(program, ltplay_flags = [], extra_data = [], env = {}):
    target = "//tests/programs/" + program
    native.sh_test(
        name = program + "_replay_test",
        srcs = ["replay_test.sh"],
        args = [
            "$(location " + target + ")",
            "$(location //interpose:libltcap.so)",
            "$(location //player:ltplay)",
        ] + ltplay_flags,
        data = [
            target,
            target + ":kernels",
            "//tests/programs/shared_kernels",
            "//interpose:libltcap.so",
            "//player:ltplay",
        ] + extra_data,
        env = env,
    )
