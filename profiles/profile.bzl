"""One tt-metal release's tools, stamped by one call in its folder's BUILD.bazel.

    ltcap_profile(
        name = "v0.67.0",                          # the release: its row of profiles/releases.bzl
        forwarders = ["interpose/tt_symbols.cc"],  # its forwarders to tt-metal's own members (its mangled names)
    )

gives, in the release's package, what every release has (named as its row of releases.bzl says): :capture (the
capture's one set of sources, //interpose, compiled against the release's description and headers), the shim,
:replay_engine (the player's per-call sources, //player, against the same) and the player. The release's folder
supplies :headers (its stand-in's host headers), :tt_metal (its emulated library to link) and api:description (its
description over those headers).
"""

load("//interpose:copts.bzl", "SHIM_COPTS")
load("//profiles:releases.bzl", "release_named")

def ltcap_profile(name, forwarders):
    description = "//profiles/%s/api:description" % name
    shim = release_named(name).shim
    player = release_named(name).player

    native.cc_library(
        name = "capture",
        srcs = forwarders + ["//interpose:capture_parts"],
        copts = SHIM_COPTS,
        deps = [
            "//interpose:capture_deps",
            description,
            ":headers",
        ],
    )

    native.cc_binary(
        name = shim,
        srcs = [
            "//interpose:destructor_hooks.cc",
            "//interpose:dlclose.cc",
            "//interpose:exec.cc",
            "//interpose:interpose.cc",
            "//interpose:process_exit.cc",
            "//interpose:tensor_accessor_hooks.cc",
        ],
        additional_linker_inputs = ["//interpose:exports.lds"],
        copts = SHIM_COPTS,
        linkopts = [
            "-Wl,--version-script=$(location //interpose:exports.lds)",
            "-Wl,-soname," + shim,
            "-ldl",
            "-lpthread",
        ],
        linkshared = True,
        visibility = ["//visibility:public"],
        deps = [":capture"],
    )

    native.cc_library(
        name = "replay_engine",
        srcs = ["//player:player_srcs"],
        linkopts = ["-ldl"],
        deps = [
            "//player:replay_units",
            description,
            ":tt_metal",
        ],
    )

    # The embeddable runtime (runtime/ltcap_run.h): the replay engine behind a C ABI, exporting only ltcap_run_*.
    native.cc_binary(
        name = release_named(name).runtime,
        srcs = ["//runtime:ltcap_run.cc", "//runtime:ltcap_run.h"],
        additional_linker_inputs = ["//runtime:exports.lds"],
        linkopts = [
            "-Wl,-rpath,$$ORIGIN",
            "-Wl,--version-script=$(location //runtime:exports.lds)",
            "-Wl,-soname," + release_named(name).runtime,
            # Debian's libcapnp.a and libkj.a are not position-independent: a shared library takes their shared
            # builds, named ahead of the archives the replay engine's deps add (docs/runtime.md: what it links).
            "-l:libcapnp-0.9.2.so",
            "-l:libkj-0.9.2.so",
        ],
        linkshared = True,
        visibility = ["//visibility:public"],
        deps = [":replay_engine"],
    )

    # Installed (scripts/install.sh), the player finds libtt_metal.so on LD_LIBRARY_PATH first, then in PREFIX/lib.
    native.cc_binary(
        name = player,
        srcs = ["//player:ltplay.cc"],
        additional_linker_inputs = ["//player:exports.lds"],
        linkopts = [
            "-Wl,-rpath,$$ORIGIN/../lib",
            "-Wl,--version-script=$(location //player:exports.lds)",
        ],
        visibility = ["//visibility:public"],
        deps = [
            ":replay_engine",
            "//capture_ctl:settings",
            "//common:output_dir",
            "//common:same_file",
            "//common:terminal_text",
            "//common:usage",
            "//common:version",
        ],
    )

def embedded_kernel_headers(srcs, check, visibility = None):
    """A release's kernel tree embedded in its library, and ttemu_kernel_check over it.

    `srcs` are laid out by their path after the first "include/", a later file over an earlier one at the same path
    (so a release's files go over the tree it builds on). Gives :embed_kernel_headers (the generated source),
    :embedded_files (the library with the tree and the home stand-ins; `visibility`) and the binary `check`
    (scripts/upstream_kernels.sh runs it).
    """
    native.genrule(
        name = "embed_kernel_headers",
        srcs = srcs,
        outs = ["kernel_headers_embedded.cc"],
        cmd = "$(location //emu:embed_files.sh) $@ kKernelHeaders include/ $(SRCS)",
        tools = ["//emu:embed_files.sh"],
    )
    native.cc_library(
        name = "embedded_files",
        srcs = ["kernel_headers_embedded.cc"],
        alwayslink = True,
        visibility = visibility,
        deps = [
            "//emu:home_files",
            "//emu/core:kernel_build",
        ],
    )
    native.cc_binary(
        name = check,
        srcs = ["//emu:tools/kernel_check.cc"],
        visibility = ["//visibility:public"],
        deps = [
            ":embedded_files",
            "//emu/core:kernel_build",
        ],
    )
