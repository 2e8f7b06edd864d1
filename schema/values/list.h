// A list of values (a vector of cores, of devices, of word lists, …): the elements are values themselves.
#pragma once

#include "schema/values/common.h"

namespace ltcap::values {

// The list's elements, to be written one by one (m.Element(list, i)).
inline wire::ListRef WriteList(wire::Message& m, V v, std::size_t n) {
    return m.InitStructList<L::Value>(v, L::Value::f_list, n, L::Value::kSize);
}

inline capnp::List<schema::Value>::Reader ReadList(Value v) {
    if (!v.isList()) Unexpected("a list", v);
    return v.getList();
}

// Printed by print.h (its elements may be any value).

}  // namespace ltcap::values
