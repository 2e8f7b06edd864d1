"""tt_metal_program: an example tt-metal program (NAME.cpp + kernels/ in its own package) and a test running it."""

def tt_metal_program(name, kernels = [], env = {}):
    native.cc_binary(
        name = name,
        srcs = [name + ".cpp"],
        data = native.glob(["kernels/**"]) + ["//tests/programs/shared_kernels"] + kernels,
        deps = [
            "//tests/programs/common:binary_tiles",
            "//third_party/tt_metal",
        ],
        visibility = ["//visibility:public"],
    )
    native.filegroup(
        name = "kernels",
        srcs = native.glob(["kernels/**"]),
        visibility = ["//visibility:public"],
    )
    native.sh_test(
        name = name + "_test",
        srcs = ["//tests/programs:run_program_test.sh"],
        args = ["$(location :" + name + ")"],
        data = [":" + name, ":kernels", "//tests/programs/shared_kernels"] + kernels,
        env = env,
    )
