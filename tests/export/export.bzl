"""export_test: an example program captured, written back as C++ (`ltcap export --format cpp`), built with CMake
against its release installed as a package, run, captured again and diffed equal to its first log
(tests/export/export_test.sh)."""

load("//profiles:releases.bzl", "install_data")

# What installing a release needs, laid out as in bazel-bin (scripts/install.sh --from the runfiles root).
INSTALL_DATA = install_data()

PROFILES = {
    "v0.56.0": struct(package = "//tests/v0.56.0/", shared = ["//tests/v0.56.0/shared_kernels"], suffix = ""),
    "v0.67.0": struct(package = "//tests/v0.67.0/", shared = [], suffix = "_v067"),
    "v0.68.0-rc1": struct(package = "//tests/v0.68.0-rc1/", shared = [], suffix = "_v068"),
}

def export_test(program, profile = "v0.56.0", extra_data = [], env = {}, bite = False):
    p = PROFILES[profile]
    target = p.package + program
    native.sh_test(
        name = program + p.suffix + "_export_test",
        size = "medium",
        srcs = ["export_test.sh"],
        args = (["--bite"] if bite else []) + [profile, "$(location " + target + ")"],
        data = [target, target + ":kernels"] + p.shared + extra_data + INSTALL_DATA,
        env = env,
    )
