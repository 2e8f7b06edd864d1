# The tt-metal releases ltcap speaks, oldest first. Each is one folder, profiles/<name>/, holding all of that
# release: its facts (api/release.h: the kRelease<tag> row of the release table), its description (api/api_list.h:
# the LTCAP_<tag>_*_LIST lists), its stand-in, shim and player. Everything that knows every release — the release
# table (api/release_table.h), the rules of every profile's calls, install.sh's list (//profiles:releases.sh),
# //api:features_test — is generated from this list; adding a release is its folder and one row here.
#   name      the release, as its folder and a log's header name it
#   tag       its macros' infix (LTCAP_<tag>_API_LIST, kRelease<tag>)
#   shim      its capture shim and player (ltcap_profile(); release.h's row gets them, and the name, as
#             LTCAP_<tag>_SHIM, _PLAYER, _RELEASE)
#   player
#   runtime   its embeddable runtime, libltcap_run*.so (runtime/ltcap_run.h)
#   library   its emulated libtt_metal.so, a target of its folder (installed as PREFIX/lib/libtt_metal.so)
#   headers   the folders whose header trees an install of the release puts under PREFIX/include
#   cmake     the folder of its CMake package files (PREFIX/lib/cmake/tt-metalium/), "" for none
RELEASES = [
    struct(
        name = "v0.56.0",
        tag = "V056",
        shim = "libltcap.so",
        player = "ltplay",
        runtime = "libltcap_run.so",
        library = "libtt_metal.so",
        headers = ["profiles/v0.56.0/include", "stand_ins/tracy/include"],
        cmake = "",
    ),
    struct(
        name = "v0.67.0",
        tag = "V067",
        shim = "libltcap_v067.so",
        player = "ltplay_v067",
        runtime = "libltcap_run_v067.so",
        library = "lib.runfiles/libtt_metal.so",
        headers = ["profiles/v0.67.0/include", "profiles/v0.67.0/release/include"],
        cmake = "profiles/v0.67.0/package",
    ),
    struct(
        name = "v0.68.0-rc1",
        tag = "V068",
        shim = "libltcap_v068.so",
        player = "ltplay_v068",
        runtime = "libltcap_run_v068.so",
        library = "lib.runfiles/libtt_metal.so",
        headers = ["profiles/v0.67.0/include", "profiles/v0.68.0-rc1/include", "profiles/v0.68.0-rc1/release/include"],
        cmake = "profiles/v0.67.0/package",  # one package for the mesh-only releases: its version is the prefix's
    ),
]

def release_named(name):
    for r in RELEASES:
        if r.name == name:
            return r
    fail("%s is not in profiles/releases.bzl" % name)

def _release_table_impl(ctx):
    lines = [
        "// Generated from profiles/releases.bzl (//api:release_table_h): every release's facts and description,",
        "// oldest first. LTCAP_RELEASES(X) expands X(tag) once per release, in this order.",
        "#pragma once",
        "",
    ]
    for r in RELEASES:
        lines += [
            '#define LTCAP_%s_RELEASE "%s"' % (r.tag, r.name),
            '#define LTCAP_%s_SHIM "%s"' % (r.tag, r.shim),
            '#define LTCAP_%s_PLAYER "%s"' % (r.tag, r.player),
            '#define LTCAP_%s_RUNTIME "%s"' % (r.tag, r.runtime),
            '#include "profiles/%s/api/release.h"' % r.name,
        ]
    lines += ["", "#define LTCAP_RELEASES(X) " + " ".join(["X(%s)" % r.tag for r in RELEASES]), ""]
    ctx.actions.write(ctx.outputs.out, "\n".join(lines))

# The header naming every release (api/release_table.h).
release_table = rule(
    implementation = _release_table_impl,
    attrs = {"out": attr.output(mandatory = True)},
)

# The labels of one target every release's folder has in a subpackage (":list" of profiles/<release>/api, ...).
def each_release(package, target):
    return ["//profiles/%s/%s:%s" % (r.name, package, target) for r in RELEASES]

def _releases_sh_impl(ctx):
    lines = [
        "# Generated from profiles/releases.bzl (//profiles:releases.sh), for scripts/install.sh: the releases,",
        "# oldest first, and each one's files (paths under bazel-bin, or under the source tree for headers).",
        "releases=(%s)" % " ".join([r.name for r in RELEASES]),
        "declare -A release_shim release_player release_runtime release_library release_headers release_cmake",
    ]
    for r in RELEASES:
        lines += [
            "release_shim[%s]=profiles/%s/%s" % (r.name, r.name, r.shim),
            "release_player[%s]=profiles/%s/%s" % (r.name, r.name, r.player),
            "release_runtime[%s]=profiles/%s/%s" % (r.name, r.name, r.runtime),
            "release_library[%s]=profiles/%s/%s" % (r.name, r.name, r.library),
            "release_headers[%s]='%s'" % (r.name, " ".join(r.headers)),
            "release_cmake[%s]='%s'" % (r.name, r.cmake),
        ]
    ctx.actions.write(ctx.outputs.out, "\n".join(lines) + "\n")

# The releases for scripts/install.sh (releases.sh, sourced).
releases_sh = rule(
    implementation = _releases_sh_impl,
    attrs = {"out": attr.output(mandatory = True)},
)

# What an install of every release needs built: each one's shim, player, runtime and emulated library.
def release_install_targets():
    out = []
    for r in RELEASES:
        out += ["//profiles/%s:%s" % (r.name, t) for t in [r.shim, r.player, r.runtime, r.library]]
    return out

# Everything scripts/install.sh --from a test's runfiles needs: the front end and its tools, every release's shim,
# player, runtime and emulated library, every release's headers and CMake package, and the shared files.
def install_data():
    return release_install_targets() + ["//profiles/%s:headers_files" % r.name for r in RELEASES] + [
        "//cli:ltcap",
        "//docs:architecture.md",
        "//docs:capture.md",
        "//docs:ltcap.md",
        "//docs:ltcap-replay.md",
        "//emu/shared:headers_files",
        "//player:ltdump",
        "//profiles:releases.sh",
        "//profiles/v0.67.0:package_files",
        "//runtime:ltcap_run.h",
        "//schema:trace.capnp",
        "//scripts:install.sh",
        "//scripts:ltcap-completion.bash",
        "//scripts:make_man.sh",
        "//stand_ins/magic_enum:headers_files",
        "//stand_ins/tracy:headers_files",
    ]
