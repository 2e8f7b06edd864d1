"""tt_metal_v067_program: a tt-metal v0.67.0 program of ours (NAME.cpp + kernels/) and a test running it; `kernels`:
other packages' kernels it names too. The same source also builds unchanged against tt-metal v0.68.0-rc1, whose API
is v0.67.0's for what our programs call: NAME_v068, and its test."""

load("//tests:program.bzl", "tt_metal_program")

def tt_metal_v067_program(name, env = {}, kernels = []):
    tt_metal_program(name, kernels = kernels, env = env, tt_metal = "//profiles/v0.67.0:tt_metal", deps = [], shared_data = [])
    native.cc_binary(
        name = name + "_v068",
        srcs = [name + ".cpp"] + native.glob(["*.h"]),
        data = native.glob(["kernels/**"]) + kernels,
        deps = ["//profiles/v0.68.0-rc1:tt_metal"],
        visibility = ["//visibility:public"],
    )
    native.sh_test(
        name = name + "_v068_test",
        srcs = ["//tests:run_program_test.sh"],
        args = ["$(location :" + name + "_v068)"],
        data = [":" + name + "_v068", ":kernels"] + kernels,
        env = env,
    )
