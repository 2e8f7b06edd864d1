"""sanitized_binary: a binary and everything it links rebuilt with AddressSanitizer and UBSan (a configuration
transition), so the hostile-log tests can run the real ltplay and ltdump under them in the same build."""

def _asan_transition_impl(settings, attr):
    flags = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-fno-sanitize-recover=undefined"]
    return {
        "//command_line_option:copt": settings["//command_line_option:copt"] + flags,
        "//command_line_option:linkopt": settings["//command_line_option:linkopt"] + flags,
    }

_asan_transition = transition(
    implementation = _asan_transition_impl,
    inputs = ["//command_line_option:copt", "//command_line_option:linkopt"],
    outputs = ["//command_line_option:copt", "//command_line_option:linkopt"],
)

def _sanitized_binary_impl(ctx):
    binary = ctx.attr.binary[0]
    src = binary[DefaultInfo].files_to_run.executable
    out = ctx.actions.declare_file(ctx.label.name)

    # A symlink: the binary finds its shared libraries relative to where it really is ($ORIGIN), in the sanitized
    # configuration's output tree.
    ctx.actions.symlink(output = out, target_file = src, is_executable = True)

    # Its built runfiles under asan/, so they never take the place of the plain build's files of the same name (a
    # test may use both); its source files (kernels, a TT_METAL_HOME tree) where they are, the same in both builds.
    files = [src] + binary[DefaultInfo].default_runfiles.files.to_list()
    runfiles = ctx.runfiles(
        files = [out] + [f for f in files if f.is_source],
        symlinks = {"asan/" + f.short_path: f for f in files if not f.is_source},
    )
    return [DefaultInfo(executable = out, files = depset([out]), runfiles = runfiles)]

sanitized_binary = rule(
    implementation = _sanitized_binary_impl,
    attrs = {
        "binary": attr.label(cfg = _asan_transition, executable = True, mandatory = True),
        "_allowlist_function_transition": attr.label(default = "@bazel_tools//tools/allowlists/function_transition_allowlist"),
    },
    executable = True,
)
