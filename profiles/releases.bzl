# The tt-metal releases ltcap speaks, oldest first. Each is one folder, profiles/<name>/, holding all of that
# release: its facts (api/release.h: the kRelease<tag> row of the release table), its description (api/api_list.h:
# the LTCAP_<tag>_*_LIST lists), its stand-in, shim and player. Everything that knows every release — the release
# table (//api:release_table), the rules of every profile's calls, the package checks — is generated from this list;
# adding a release is its folder and one line here.
RELEASES = [
    struct(name = "v0.56.0", tag = "V056"),
    struct(name = "v0.67.0", tag = "V067"),
]

def _release_table_impl(ctx):
    lines = [
        "// Generated from profiles/releases.bzl (//api:release_table): every release's facts and description,",
        "// oldest first. LTCAP_RELEASES(X) expands X(tag) once per release, in this order.",
        "#pragma once",
        "",
    ]
    lines += ['#include "profiles/%s/api/release.h"' % r.name for r in RELEASES]
    lines += ["", "#define LTCAP_RELEASES(X) " + " ".join(["X(%s)" % r.tag for r in RELEASES]), ""]
    ctx.actions.write(ctx.outputs.out, "\n".join(lines))

# The header naming every release (api/release_table.h).
release_table = rule(
    implementation = _release_table_impl,
    attrs = {"out": attr.output(mandatory = True)},
)

# The labels of one target every release's folder has (":list" of profiles/<release>/api, ...).
def each_release(package, target):
    return ["//profiles/%s/%s:%s" % (r.name, package, target) if package else "//profiles/%s:%s" % (r.name, target)
            for r in RELEASES]
