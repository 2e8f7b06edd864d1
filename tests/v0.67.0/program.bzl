"""tt_metal_v067_program: a tt-metal v0.67.0 program of ours (NAME.cpp + kernels/) and a test running it; `kernels`:
other packages' kernels it names too."""

load("//tests:program.bzl", "tt_metal_program")

def tt_metal_v067_program(name, env = {}, kernels = []):
    tt_metal_program(name, kernels = kernels, env = env, tt_metal = "//profiles/v0.67.0:tt_metal", deps = [], shared_data = [])
