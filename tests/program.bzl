"""tt_metal_program: an example tt-metal program (NAME.cpp + kernels/ in its own package) and a test running it.

The program builds against one tt-metal profile's stand-in (`tt_metal`), with that profile's helper libraries and
shared kernels (`deps`, `shared_data`); each release's folder of tests wraps it with its own (tests/<release>/
program.bzl). `kernels`: other packages' kernels the program names too."""

def tt_metal_program(name, tt_metal, deps, shared_data, kernels = [], env = {}):
    native.cc_binary(
        name = name,
        srcs = [name + ".cpp"] + native.glob(["*.h"]),
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
        srcs = ["//tests:run_program_test.sh"],
        args = ["$(location :" + name + ")"],
        data = [":" + name, ":kernels"] + shared_data + kernels,
        env = env,
    )
