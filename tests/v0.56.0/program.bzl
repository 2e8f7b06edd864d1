"""tt_metal_v056_program: a tt-metal v0.56.0 program of ours (NAME.cpp + kernels/) and a test running it, with the
binary-tile helpers and the shared kernels; `kernels`: other packages' kernels it names too."""

load("//tests:program.bzl", "tt_metal_program")

def tt_metal_v056_program(name, env = {}, kernels = []):
    tt_metal_program(
        name,
        kernels = kernels,
        env = env,
        tt_metal = "//profiles/v0.56.0:tt_metal",
        deps = ["//tests/v0.56.0/common:binary_tiles"],
        shared_data = ["//tests/v0.56.0/shared_kernels"],
    )
