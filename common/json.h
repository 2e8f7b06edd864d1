// A small streaming JSON writer for the front end's reports: commas and nesting handled, strings escaped, and
// text from a log that is not valid UTF-8 written with U+FFFD in place of each bad byte (a log is untrusted;
// the output must stay valid JSON).
//   JsonWriter j(stdout); j.BeginObject(); j.Key("calls"), j.Number(3); j.EndObject();
#pragma once

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace ltcap {

// `v` — an integer, or a finite double (its shortest text that reads back the same) — appended as to_chars writes it.
template <typename T>
void AppendChars(T v, std::string& out) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, static_cast<std::size_t>(r.ptr - buf));
}

class JsonWriter {
public:
    explicit JsonWriter(std::FILE* out) : out_(out) {}
    void BeginObject() { Open('{'); }
    void EndObject() { Close('}'); }
    void BeginArray() { Open('['); }
    void EndArray() { Close(']'); }
    void Key(const std::string& key) {
        Separate();
        WriteString(key);
        std::fputc(':', out_);
        after_key_ = true;
    }
    void String(const std::string& s) {
        Separate();
        WriteString(s);
    }
    void Number(std::uint64_t n) {
        Separate();
        std::fprintf(out_, "%llu", static_cast<unsigned long long>(n));
    }
    void Number(std::int64_t n) {
        Separate();
        std::fprintf(out_, "%lld", static_cast<long long>(n));
    }
    void Number(std::uint32_t n) { Number(static_cast<std::uint64_t>(n)); }
    void Number(int n) { Number(static_cast<std::int64_t>(n)); }
    // A measured quantity (seconds, ratios): 9 significant digits; NaN and infinities, which JSON lacks, as null.
    void Real(double x) {
        Separate();
        if (x != x || x > 1e308 || x < -1e308) std::fputs("null", out_);
        else std::fprintf(out_, "%.9g", x);
    }
    void Bool(bool b) {
        Separate();
        std::fputs(b ? "true" : "false", out_);
    }
    // Nanoseconds as microseconds with three decimals (trace-event timestamps), exactly.
    void Micros(std::uint64_t ns) {
        Separate();
        std::fprintf(out_, "%llu.%03u", static_cast<unsigned long long>(ns / 1000), static_cast<unsigned>(ns % 1000));
    }

private:
    void Open(char c) {
        Separate();
        std::fputc(c, out_);
        first_.push_back(true);
    }
    void Close(char c) {
        std::fputc(c, out_);
        if (!first_.empty()) first_.pop_back();
    }
    // A comma before every value of a container but the first, none after a key.
    void Separate() {
        if (after_key_) {
            after_key_ = false;
            return;
        }
        if (first_.empty()) return;
        if (!first_.back()) std::fputc(',', out_);
        first_.back() = false;
    }
    void WriteString(const std::string& s) {
        std::fputc('"', out_);
        for (std::size_t i = 0; i < s.size();) {
            const unsigned char c = static_cast<unsigned char>(s[i]);
            if (c < 0x80) {
                if (c == '"' || c == '\\') std::fputc('\\', out_), std::fputc(c, out_);
                else if (c < 0x20 || c == 0x7f) std::fprintf(out_, "\\u%04x", c);
                else std::fputc(c, out_);
                i++;
                continue;
            }
            const std::size_t n = Utf8Length(s, i);
            if (n == 0) {
                std::fputs("\\ufffd", out_);
                i++;
            } else {
                std::fwrite(s.data() + i, 1, n, out_);
                i += n;
            }
        }
        std::fputc('"', out_);
    }
public:
    // Bytes of the well-formed UTF-8 sequence at s[i] (lead byte >= 0x80), or 0.
    static std::size_t Utf8Length(std::string_view s, std::size_t i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        std::size_t n;
        std::uint32_t cp;
        if (c >= 0xc2 && c <= 0xdf) n = 2, cp = c & 0x1f;
        else if (c >= 0xe0 && c <= 0xef) n = 3, cp = c & 0x0f;
        else if (c >= 0xf0 && c <= 0xf4) n = 4, cp = c & 0x07;
        else return 0;
        if (i + n > s.size()) return 0;
        for (std::size_t k = 1; k < n; k++) {
            const unsigned char cc = static_cast<unsigned char>(s[i + k]);
            if ((cc & 0xc0) != 0x80) return 0;
            cp = (cp << 6) | (cc & 0x3f);
        }
        if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
            return 0;
        return n;
    }

private:
    std::FILE* out_;
    std::vector<bool> first_;
    bool after_key_ = false;
};

}  // namespace ltcap
