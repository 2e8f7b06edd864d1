"""Unit tests of the shim's parts that need no tt-metal (log writer, clock, state tracker)."""

def shim_unit_test(name, deps, linkopts = []):
    """A googletest binary `name` built from `name`.cc.

    Linked statically: the libraries' symbols are hidden (they must not leak from libltcap.so), so a test can only
    reach them from inside the same link.
    """
    native.cc_test(
        name = name,
        srcs = [name + ".cc"],
        linkstatic = True,
        linkopts = ["-lgtest", "-lgtest_main", "-lpthread"] + linkopts,
        deps = deps,
    )
