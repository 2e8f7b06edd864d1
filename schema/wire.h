// A dependency-free writer of Cap'n Proto messages (standard framing, one segment, unpacked).
//
// libltcap.so runs inside other people's programs, so it cannot carry libcapnp/libkj (Debian ships no PIC
// archives of them, and a shared copy could clash with a program's own). It writes the wire format itself;
// field positions come from the schema compiler (trace_layout.h is generated from `capnp compile -ocapnp`),
// and the tests read everything back with the official libcapnp reader.
//   wire::Message m;
//   auto entry = m.InitRoot(layout::Entry::kSize);
//   auto call = m.InitStruct<layout::Entry>(entry, layout::Entry::f_call, layout::Call::kSize);
//   m.Set<layout::Call>(call, layout::Call::f_seq, 7);
//   m.AppendTo(out);
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace ltcap::wire {

enum class FieldKind : std::uint8_t { kData, kPointer, kVoid };

struct StructSize {
    std::uint16_t data_words;
    std::uint16_t ptr_words;
};

struct Field {
    FieldKind kind;
    std::uint32_t offset;  // bit offset in the data section, or pointer index
    std::uint32_t bits;    // width of a data field
    std::int32_t union_tag;  // value of the enclosing union's tag when this member is set, -1 if not in a union
};

struct StructRef {
    std::uint32_t at = 0;  // word index of the data section in the segment
    StructSize size{0, 0};
};

struct ListRef {
    std::uint32_t first = 0;  // word index of element 0 (struct lists) or of the pointer array
    StructSize element{0, 0};
};

class Message {
public:
    Message() { words_.assign(kInitialWords, 0); }  // word 0: the root pointer

    // Empties the message for reuse, keeping its memory (a hot call path builds one message per call).
    [[gnu::always_inline]] void Clear() {
        std::memset(words_.data(), 0, size_ * 8);
        size_ = 1;
        tail_ = nullptr;
        tail_bytes_ = 0;
    }

    [[gnu::always_inline]] StructRef InitRoot(StructSize size) {
        const StructRef s = Alloc(size);
        PutStructPointer(0, s);
        return s;
    }

    // Sets a union member's tag (when the field is one) and a data field of up to 64 bits.
    template <typename Layout>
    void Set(StructRef s, const Field& f, std::uint64_t value) {
        SetTag<Layout>(s, f);
        if (f.kind == FieldKind::kData) WriteBits(s.at * 64 + f.offset, f.bits, value);
    }
    template <typename Layout>
    void SetDouble(StructRef s, const Field& f, double value) {
        std::uint64_t bits;
        std::memcpy(&bits, &value, 8);
        Set<Layout>(s, f, bits);
    }

    template <typename Layout>
    [[gnu::always_inline]] StructRef InitStruct(StructRef parent, const Field& f, StructSize size) {
        SetTag<Layout>(parent, f);
        const StructRef s = Alloc(size);
        PutStructPointer(Slot(parent, f), s);
        return s;
    }

    template <typename Layout>
    void SetText(StructRef parent, const Field& f, std::string_view text) {
        SetTag<Layout>(parent, f);
        PutBytes(Slot(parent, f), text.data(), text.size(), /*nul=*/true);
    }

    template <typename Layout>
    void SetBytes(StructRef parent, const Field& f, const void* data, std::size_t size) {
        SetTag<Layout>(parent, f);
        PutBytes(Slot(parent, f), data, size, /*nul=*/false);
    }

    // A Data field whose bytes are appended after the segment at AppendTo time, without copying them here.
    // Must be the last thing set in the message; `data` must stay valid until AppendTo.
    template <typename Layout>
    void SetBytesExternal(StructRef parent, const Field& f, const void* data, std::size_t size) {
        SetTag<Layout>(parent, f);
        tail_slot_ = Slot(parent, f);
        tail_ = data;
        tail_bytes_ = size;
    }

    template <typename Layout>
    void SetU32List(StructRef parent, const Field& f, const std::uint32_t* values, std::size_t n) {
        SetTag<Layout>(parent, f);
        const std::uint32_t at = AllocWords((n * 4 + 7) / 8);
        if (n) std::memcpy(&words_[at], values, n * 4);
        PutListPointer(Slot(parent, f), at, 4, n);
    }

    template <typename Layout>
    void SetU64List(StructRef parent, const Field& f, const std::uint64_t* values, std::size_t n) {
        SetTag<Layout>(parent, f);
        const std::uint32_t at = AllocWords(n);
        if (n) std::memcpy(&words_[at], values, n * 8);
        PutListPointer(Slot(parent, f), at, 5, n);
    }

    template <typename Layout>
    void SetU8List(StructRef parent, const Field& f, const std::uint8_t* values, std::size_t n) {
        SetBytes<Layout>(parent, f, values, n);
    }

    template <typename Layout>
    [[gnu::always_inline]] ListRef InitStructList(StructRef parent, const Field& f, std::size_t n, StructSize element) {
        SetTag<Layout>(parent, f);
        const std::uint32_t per = element.data_words + element.ptr_words;
        const std::uint32_t tag = AllocWords(1 + n * per);
        words_[tag] = (std::uint64_t(n) << 2) | (std::uint64_t(element.data_words) << 32) |
                      (std::uint64_t(element.ptr_words) << 48);
        PutListPointer(Slot(parent, f), tag, 7, n * per);
        return {tag + 1, element};
    }

    StructRef Element(const ListRef& list, std::size_t i) const {
        return {static_cast<std::uint32_t>(list.first + i * (list.element.data_words + list.element.ptr_words)),
                list.element};
    }

    template <typename Layout>
    ListRef InitTextList(StructRef parent, const Field& f, std::size_t n) {
        SetTag<Layout>(parent, f);
        const std::uint32_t at = AllocWords(n);
        PutListPointer(Slot(parent, f), at, 6, n);
        return {at, {0, 1}};
    }
    void SetTextElement(const ListRef& list, std::size_t i, std::string_view text) {
        PutBytes(list.first + static_cast<std::uint32_t>(i), text.data(), text.size(), true);
    }

    // Bytes this message takes in the log (framing included).
    std::size_t SerializedSize() const { return 8 + size_ * 8 + (tail_bytes_ + 7) / 8 * 8; }

    // Appends the framed message (segment table, segment) to `out`.
    void AppendTo(std::string& out) {
        const std::size_t tail_words = (tail_bytes_ + 7) / 8;
        if (tail_) PutListPointer(tail_slot_, static_cast<std::uint32_t>(size_), 2, tail_bytes_);
        const std::uint32_t table[2] = {0, static_cast<std::uint32_t>(size_ + tail_words)};
        out.reserve(out.size() + SerializedSize());
        // append, not resize + copy: a large payload is written once, not zero-filled first
        out.append(reinterpret_cast<const char*>(table), 8);
        out.append(reinterpret_cast<const char*>(words_.data()), size_ * 8);
        if (tail_) {
            out.append(static_cast<const char*>(tail_), tail_bytes_);
            out.append(tail_words * 8 - tail_bytes_, '\0');
        }
    }

    // The framed message written at `out` (SerializedSize() bytes), but for its external Data field's bytes
    // (SetBytesExternal, any `data`), whose place is returned, to be filled before the message is read: a payload
    // read from a device straight into its log message. Only the padding after them is written.
    std::uint8_t* WriteLeavingTail(char* out) {
        const std::size_t tail_words = (tail_bytes_ + 7) / 8;
        PutListPointer(tail_slot_, static_cast<std::uint32_t>(size_), 2, tail_bytes_);
        const std::uint32_t table[2] = {0, static_cast<std::uint32_t>(size_ + tail_words)};
        std::memcpy(out, table, 8);
        std::memcpy(out + 8, words_.data(), size_ * 8);
        char* tail = out + 8 + size_ * 8;
        std::memset(tail + tail_bytes_, 0, tail_words * 8 - tail_bytes_);
        return reinterpret_cast<std::uint8_t*>(tail);
    }

private:
    template <typename Layout>
    void SetTag(StructRef s, const Field& f) {
        if constexpr (requires { Layout::kTagBit; }) {
            if (f.union_tag >= 0) WriteBits(s.at * 64 + Layout::kTagBit, 16, static_cast<std::uint64_t>(f.union_tag));
        }
    }

    static std::uint32_t Slot(StructRef s, const Field& f) { return s.at + s.size.data_words + f.offset; }

    // Words past size_ are kept zero, so allocating is a bump of size_.
    std::uint32_t AllocWords(std::size_t n) {
        const std::uint32_t at = static_cast<std::uint32_t>(size_);
        if (size_ + n > words_.size()) [[unlikely]] words_.resize(std::max(words_.size() * 2, size_ + n), 0);
        size_ += n;
        return at;
    }

    StructRef Alloc(StructSize size) { return {AllocWords(size.data_words + size.ptr_words), size}; }

    void WriteBits(std::uint64_t bit, std::uint32_t width, std::uint64_t value) {
        std::uint64_t& w = words_[bit / 64];
        const std::uint32_t shift = bit % 64;
        if (width == 1) {
            w = (w & ~(1ull << shift)) | ((value & 1) << shift);
            return;
        }
        const std::uint64_t mask = width == 64 ? ~0ull : ((1ull << width) - 1);
        w = (w & ~(mask << shift)) | ((value & mask) << shift);
    }

    static std::uint64_t Offset(std::uint32_t slot, std::uint32_t target) {
        const std::int64_t off = std::int64_t(target) - std::int64_t(slot) - 1;
        return (static_cast<std::uint64_t>(off) << 2) & 0xffffffffull;
    }

    void PutStructPointer(std::uint32_t slot, StructRef s) {
        words_[slot] = Offset(slot, s.at) | (std::uint64_t(s.size.data_words) << 32) |
                       (std::uint64_t(s.size.ptr_words) << 48);
    }

    void PutListPointer(std::uint32_t slot, std::uint32_t target, std::uint32_t element_code, std::uint64_t count) {
        words_[slot] = Offset(slot, target) | 1 | (std::uint64_t(element_code) << 32) | (count << 35);
    }

    void PutBytes(std::uint32_t slot, const void* data, std::size_t n, bool nul) {
        const std::size_t total = n + (nul ? 1 : 0);
        const std::uint32_t at = AllocWords((total + 7) / 8);
        if (n) std::memcpy(reinterpret_cast<char*>(&words_[at]), data, n);
        PutListPointer(slot, at, 2, total);
    }

    static constexpr std::size_t kInitialWords = 64;
    std::vector<std::uint64_t> words_;  // the segment: its first size_ words; the rest zero
    std::size_t size_ = 1;
    const void* tail_ = nullptr;
    std::size_t tail_bytes_ = 0;
    std::uint32_t tail_slot_ = 0;
};

}  // namespace ltcap::wire
