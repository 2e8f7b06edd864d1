// The fmt 11 formatters the emulated library exports (emu/fmt11_formatters.cc), called as fmt 11.1.4's format
// machinery calls them: `this`, the value, and a context whose first word points at fmt's output buffer
// {ptr_, size_, capacity_, grow_}. The buffer here grows a few bytes at a time and, in one case, is a fixed 8-byte
// buffer that only flushes (format_to_n's kind), so the text must go out through grow_ as fmt's buffer::append does.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstring>
#include <type_traits>
#include <string>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace {

struct Buffer {  // fmt::v11::detail::buffer<char>
    char* ptr;
    std::size_t size, capacity;
    void (*grow)(Buffer&, std::size_t);
};
struct Context {  // fmt::v11::context: its appender first
    Buffer* out;
    void* args[3];
};

// Grows by at most 3 bytes a call (fmt's growing buffers may give less than asked).
struct Stingy : Buffer {
    std::string storage = std::string(2, '\0');
    Stingy() : Buffer{nullptr, 0, 2, &Grow} { ptr = storage.data(); }
    static void Grow(Buffer& b, std::size_t want) {
        auto& self = static_cast<Stingy&>(b);
        const std::size_t to = std::min(want, b.capacity + 3);
        self.storage.resize(to);
        b.ptr = self.storage.data();
        b.capacity = to;
    }
    std::string text() const { return std::string(ptr, size); }
};
// A fixed buffer that moves what it holds to `flushed` when full (fmt's iterator_buffer).
struct Flushing : Buffer {
    char data[8];
    std::string flushed;
    Flushing() : Buffer{data, 0, sizeof data, &Grow} {}
    static void Grow(Buffer& b, std::size_t) {
        auto& self = static_cast<Flushing&>(b);
        if (b.size == b.capacity) self.flushed.append(b.ptr, b.size), b.size = 0;
    }
    std::string text() const { return flushed + std::string(ptr, size); }
};

template <typename T>
using Format = Buffer* (*)(const void* self, T value, Context& ctx);

template <typename T>
Format<T> Find(const char* name) {
    void* f = dlsym(RTLD_DEFAULT, name);
    EXPECT_NE(f, nullptr) << name << " is not exported";
    return reinterpret_cast<Format<T>>(f);
}

template <typename B, typename T>
std::string Call(Format<T> format, std::type_identity_t<T> value) {
    B buffer;
    Context ctx{&buffer, {}};
    const char self = 0;
    Buffer* out = format(&self, value, ctx);
    EXPECT_EQ(out, &buffer) << "the returned appender is not the context's";
    return buffer.text();
}

TEST(Fmt11FormattersTest, WriteTheSameTextAsTheirFmt9Twins) {
    const tt::tt_metal::CoreCoord c{1, 2};
    const tt::tt_metal::CoreRange r(tt::tt_metal::CoreCoord{0, 0}, tt::tt_metal::CoreCoord{3, 4});
    const tt::tt_metal::CoreRangeSet s(
        std::vector<tt::tt_metal::CoreRange>{r, tt::tt_metal::CoreRange({5, 5}, {6, 6})});
    const auto coord = Find<const tt::xy_pair&>("_ZNK3fmt3v119formatterIN2tt7xy_pairEcvE6formatERKS3_RNS0_7contextE");
    const auto range =
        Find<const tt::tt_metal::CoreRange&>("_ZNK3fmt3v119formatterIN2tt8tt_metal9CoreRangeEcvE6formatERKS4_RNS0_7contextE");
    const auto set = Find<const tt::tt_metal::CoreRangeSet&>(
        "_ZNK3fmt3v119formatterIN2tt8tt_metal12CoreRangeSetEcvE6formatERKS4_RNS0_7contextE");
    const auto format = Find<tt::DataFormat>("_ZNK3fmt3v119formatterIN2tt10DataFormatEcvE6formatES3_RNS0_7contextE");
    ASSERT_TRUE(coord && range && set && format);
    EXPECT_EQ(Call<Stingy>(coord, c), fmt::format("{}", c));
    EXPECT_EQ(Call<Stingy>(range, r), fmt::format("{}", r));
    EXPECT_EQ(Call<Stingy>(set, s), fmt::format("{}", s));
    EXPECT_EQ(Call<Flushing>(set, s), s.str());
    EXPECT_EQ(Call<Stingy>(format, tt::DataFormat::Float16_b), fmt::format("{}", tt::DataFormat::Float16_b));
    EXPECT_EQ(Call<Flushing>(format, tt::DataFormat::Bfp8_b), "Bfp8_b");
}

}  // namespace
