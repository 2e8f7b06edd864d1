# Turns the annotated schema printed by `capnp compile -ocapnp trace.capnp` into a C++ header of struct sizes,
# field positions and enums (trace_layout.h) for the dependency-free writer in wire.h. POSIX awk (mawk).

function num_after(s, key,    i, rest) {
    i = index(s, key)
    if (i == 0) return -1
    rest = substr(s, i + length(key))
    match(rest, /^[0-9]+/)
    return substr(rest, 1, RLENGTH) + 0
}

BEGIN {
    print "// Generated from schema/trace.capnp by schema/gen_layout.awk (via capnp compile -ocapnp). Do not edit."
    print "#pragma once"
    print ""
    print "#include <cstdint>"
    print ""
    print "#include \"schema/wire.h\""
    print ""
    print "namespace ltcap::layout {"
    in_struct = 0; in_enum = 0
}

/^struct [A-Za-z0-9_]+ @0x/ {
    name = $2
    bytes = num_after($0, "# ")
    ptrs = num_after($0, "bytes, ")
    printf "struct %s {\n    static constexpr wire::StructSize kSize{%d, %d};\n", name, bytes / 8, ptrs
    in_struct = 1
    next
}

in_struct && /union \{  # tag bits \[/ {
    printf "    static constexpr std::uint32_t kTagBit = %d;\n", num_after($0, "tag bits [")
    next
}

in_struct && /^[ ]+[A-Za-z0-9_]+ @[0-9]+ :/ {
    field = $1
    tag = num_after($0, "union tag = ")
    if (index($0, "# ptr[") > 0) {
        printf "    static constexpr wire::Field f_%s{wire::FieldKind::kPointer, %d, 0, %d};\n", field, num_after($0, "# ptr["), tag
    } else {
        lo = num_after($0, "# bits[")
        hi = num_after($0, ", ")
        kind = (hi == lo) ? "kVoid" : "kData"
        printf "    static constexpr wire::Field f_%s{wire::FieldKind::%s, %d, %d, %d};\n", field, kind, lo, hi - lo, tag
    }
    next
}

/^enum [A-Za-z0-9_]+ @0x/ {
    enum_name = $2
    printf "enum class %s : std::uint16_t {\n", enum_name
    in_enum = 1
    names = ""
    next
}

in_enum && /^[ ]+[A-Za-z0-9_]+ @[0-9]+;/ {
    value = $2
    sub(/^@/, "", value); sub(/;$/, "", value)
    printf "    %s = %s,\n", $1, value
    names = names "\"" $1 "\", "
    next
}

/^}/ {
    if (in_struct) print "};"
    if (in_enum) printf "};\ninline constexpr const char* k%sNames[] = {%s};\n", enum_name, names
    in_struct = 0; in_enum = 0
    next
}

END {
    print "}  // namespace ltcap::layout"
}
