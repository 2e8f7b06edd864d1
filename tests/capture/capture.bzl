"""capture_test: an example program captured under libltcap.so by capture_program_test.sh."""

def capture_test(program, calls, extra_data = []):
    target = "//tests/v0.56.0/" + program
    native.sh_test(
        name = program + "_capture_test",
        srcs = ["capture_program_test.sh"],
        args = [
            "$(location " + target + ")",
            "$(location //profiles/v0.56.0:libltcap.so)",
            "$(location //player:ltdump)",
        ] + calls,
        data = [
            target,
            target + ":kernels",
            "//tests/v0.56.0/shared_kernels",
            "//profiles/v0.56.0:libltcap.so",
            "//player:ltdump",
        ] + extra_data,
    )
