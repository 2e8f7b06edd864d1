"""tt_metal_program: an example program (NAME/NAME.cpp + NAME/kernels/*) and a test that runs it."""

def tt_metal_program(name, extra_srcs = [], args = []):
    native.cc_binary(
        name = name,
        srcs = [name + "/" + name + ".cpp"] + extra_srcs,
        data = native.glob([name + "/kernels/**"]),
        deps = ["//third_party/tt_metal"],
        visibility = ["//visibility:public"],
    )
    native.filegroup(
        name = name + "_kernels",
        srcs = native.glob([name + "/kernels/**"]),
        visibility = ["//visibility:public"],
    )
    native.sh_test(
        name = name + "_test",
        srcs = ["run_program_test.sh"],
        args = ["$(location :" + name + ")"] + args,
        data = [":" + name],
    )
