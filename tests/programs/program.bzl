"""tt_metal_program: an example tt-metal program (NAME.cpp + kernels/ in its own package) and a test running it.

The program builds against one tt-metal profile's stand-in (`tt_metal`: the v0.56.0 one by default), with that
profile's helper libraries and shared kernels (`deps`, `shared_data`)."""

V056_DEPS = ["//tests/programs/common:binary_tiles"]
V056_SHARED = ["//tests/programs/shared_kernels"]

def tt_metal_program(
        name,
        kernels = [],
        env = {},
        tt_metal = "//profiles/v0.56.0:tt_metal",
        deps = V056_DEPS,
        shared_data = V056_SHARED):
    native.cc_binary(
        name = name,
        srcs = [name + ".cpp"],
        data = native.glob(["kernels/**"]) + shared_data + kernels,
        deps = deps + [tt_metal],
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
        data = [":" + name, ":kernels"] + shared_data + kernels,
        env = env,
    )
