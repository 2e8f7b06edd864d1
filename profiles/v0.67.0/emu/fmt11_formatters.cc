// The fmt formatters tt-metal v0.67.0's public headers declare out of line, under fmt 11's names: v0.67.0 pins fmt
// 11.1.4, so a program built against tt-metal's own headers calls fmt::v11::formatter<CoreCoord>::format and the
// like, where this library (built on Debian's fmt 9) also exports fmt::v9's (core_coord.cc, host_types.cc).
// profiles/v0.67.0/abi/real_library_imports.txt lists the names; //profiles/v0.67.0/abi:library_exports_test checks
// them.
//
// No fmt header is included here: fmt 11's types are declared below as far as these functions touch them, with
// fmt 11.1's layout (include/fmt/base.h at 11.1.4: `context` starts with its `appender`, a pointer to a
// `detail::buffer<char>` of {ptr_, size_, capacity_, grow_}; `grow_` makes room or flushes). The text goes out
// through that buffer as fmt's own `buffer::append` puts it. Nothing here is inline or a vague-linkage symbol, so no
// definition of fmt 11's own can be displaced by one of these. The format specs a program may give ("{:>12}") are
// not applied: the text is written as "{}" writes it.
#include <cstddef>
#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>

#include "profiles/v0.67.0/emu/text_forms.h"

namespace fmt {
inline namespace v11 {
namespace detail {
template <typename T>
class buffer {
public:
    T* ptr_;
    std::size_t size_;
    std::size_t capacity_;
    void (*grow_)(buffer& buf, std::size_t capacity);
};
}  // namespace detail
template <typename T>
class basic_appender {
public:
    detail::buffer<T>* container;
};
using appender = basic_appender<char>;
class context {
public:
    appender out_;  // fmt 11's format args and locale follow; not read here
};
template <typename T, typename Char = char, typename Enable = void>
struct formatter;
template <>
struct formatter<tt::xy_pair> {
    appender format(const tt::xy_pair& c, context& ctx) const;
};
template <>
struct formatter<tt::tt_metal::CoreRange> {
    appender format(const tt::tt_metal::CoreRange& r, context& ctx) const;
};
template <>
struct formatter<tt::tt_metal::CoreRangeSet> {
    appender format(const tt::tt_metal::CoreRangeSet& s, context& ctx) const;
};
template <>
struct formatter<tt::DataFormat> {
    appender format(tt::DataFormat df, context& ctx) const;
};
template <>
struct formatter<tt::tt_fabric::FabricNodeId> {
    appender format(const tt::tt_fabric::FabricNodeId& node_id, context& ctx) const;
};
}  // namespace v11
}  // namespace fmt

namespace {
fmt::appender Put(std::string_view text, fmt::context& ctx) {
    fmt::detail::buffer<char>& b = *ctx.out_.container;
    while (!text.empty()) {
        if (b.size_ + text.size() > b.capacity_) b.grow_(b, b.size_ + text.size());
        const std::size_t n = std::min(text.size(), b.capacity_ - b.size_);
        std::memcpy(b.ptr_ + b.size_, text.data(), n);
        b.size_ += n;
        text.remove_prefix(n);
    }
    return ctx.out_;
}
}  // namespace

fmt::appender fmt::formatter<tt::xy_pair>::format(const tt::xy_pair& c, context& ctx) const {
    return Put(ttemu::v067::Text(c), ctx);
}
fmt::appender fmt::formatter<tt::tt_metal::CoreRange>::format(const tt::tt_metal::CoreRange& r, context& ctx) const {
    return Put(ttemu::v067::Text(r), ctx);
}
fmt::appender fmt::formatter<tt::tt_metal::CoreRangeSet>::format(const tt::tt_metal::CoreRangeSet& s,
                                                                 context& ctx) const {
    return Put(ttemu::v067::Text(s), ctx);
}
fmt::appender fmt::formatter<tt::DataFormat>::format(tt::DataFormat df, context& ctx) const {
    return Put(ttemu::v067::Text(df), ctx);
}
fmt::appender fmt::formatter<tt::tt_fabric::FabricNodeId>::format(const tt::tt_fabric::FabricNodeId& node_id,
                                                                 context& ctx) const {
    return Put(ttemu::v067::Text(node_id), ctx);
}
