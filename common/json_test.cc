// The JSON writer: separators, nesting, escapes, and text that is not UTF-8.
#include "common/json.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace ltcap {
namespace {

std::string Write(void (*fill)(JsonWriter&)) {
    char* buf = nullptr;
    std::size_t size = 0;
    std::FILE* f = open_memstream(&buf, &size);
    {
        JsonWriter j(f);
        fill(j);
    }
    std::fclose(f);
    std::string out(buf, size);
    std::free(buf);
    return out;
}

TEST(JsonWriter, SeparatesAndNests) {
    EXPECT_EQ(Write([](JsonWriter& j) {
                  j.BeginObject();
                  j.Key("a"), j.Number(std::uint64_t{1});
                  j.Key("b"), j.BeginArray();
                  j.Bool(true), j.Number(std::int64_t{-2});
                  j.BeginObject(), j.EndObject();
                  j.EndArray();
                  j.Key("c"), j.String("x");
                  j.EndObject();
              }),
              R"({"a":1,"b":[true,-2,{}],"c":"x"})");
}

TEST(JsonWriter, RealsAndWhatJsonCannotHold) {
    EXPECT_EQ(Write([](JsonWriter& j) {
                  j.BeginArray();
                  j.Real(0.125), j.Real(1.0 / 3), j.Real(0.0 / 0.0), j.Real(-1e309);
                  j.EndArray();
              }),
              "[0.125,0.333333333,null,null]");
}

TEST(JsonWriter, EscapesControlCharactersAndReplacesBadUtf8) {
    EXPECT_EQ(Write([](JsonWriter& j) { j.String("q\"\\\n\x01"); }), R"("q\"\\\u000a\u0001")");
    EXPECT_EQ(Write([](JsonWriter& j) { j.String("\xc3\xa9"); }), "\"\xc3\xa9\"");                 // é stays
    EXPECT_EQ(Write([](JsonWriter& j) { j.String("a\xff" "b\xc3"); }), R"("a\ufffdb\ufffd")");       // bad, cut
    EXPECT_EQ(Write([](JsonWriter& j) { j.String("\xed\xa0\x80"); }), R"("\ufffd\ufffd\ufffd")");  // surrogate
    EXPECT_EQ(Write([](JsonWriter& j) { j.String("\xe0\x80\xaf"); }), R"("\ufffd\ufffd\ufffd")");  // overlong
}

}  // namespace
}  // namespace ltcap
