"""tt_metal_v068_program: a tt-metal v0.68.0-rc1 program of ours (NAME.cpp + kernels/), one that calls what only
this release has, and a test running it; `kernels`: other packages' kernels it names too. (tests/v0.67.0's programs
build against v0.68.0-rc1 as well: their NAME_v068 targets.)"""

load("//tests:program.bzl", "tt_metal_program")

def tt_metal_v068_program(name, env = {}, kernels = []):
    tt_metal_program(name, kernels = kernels, env = env, tt_metal = "//profiles/v0.68.0-rc1:tt_metal", deps = [], shared_data = [])
