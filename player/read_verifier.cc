#include "player/read_verifier.h"

#include <algorithm>

#include "common/write_fully.h"
#include "schema/log_error.h"

namespace ltcap {

void ReadVerifier::Recorded(schema::ReadData::Reader r) {
    const std::uint64_t size = r.getData().getSize();
    if (r.getOffset() > ~std::uint64_t{0} - size)
        throw LogError("the read data of call #" + std::to_string(r.getSeq()) + " ends past 2^64");
    std::uint64_t& end = recorded_[r.getSeq()];
    end = std::max(end, r.getOffset() + size);
    if (settings_.compare.atol > 0 || settings_.compare.rtol > 0)
        (ToleranceApplies(TypeOf(r).type, settings_.compare) ? float_pieces_ : exact_pieces_)++;
}

ReadTypes::Resolved ReadVerifier::TypeOf(schema::ReadData::Reader r) const {
    static const Programs no_programs;
    static const ReadTypes none(no_programs);
    return (types_ ? *types_ : none).Resolve(r.getSeq(), r.getData().getElementType(), settings_.compare.dtype);
}

std::vector<std::uint8_t>& ReadVerifier::Target(std::uint64_t seq, const std::string& what, std::uint64_t size,
                                                Drain drain) {
    CheckSize(seq, what, size);
    Read& r = reads_[seq];
    Complete(r);  // the same call replayed again (a loop, a trace) while its last destination was in flight
    r.what = what;
    r.bytes.assign(size, 0);
    r.pieces.clear();
    r.verified = 0;
    r.differs = SizeDiffers(seq, what, size);
    r.drain = std::move(drain);
    bytes_read_ += size;
    return r.bytes;
}

// A read the capture recorded more or fewer bytes of than the replayed call read: its bytes cannot be compared, and
// the read differs whatever they hold. The replay decides its read's size from the call's description and the
// device's objects (a buffer's size, a mesh's shards), never from the recorded data, so this is the replay's verdict
// (a mismatch, counted once per read), not a sign of a bad log that --check could have given.
bool ReadVerifier::SizeDiffers(std::uint64_t seq, const std::string& what, std::uint64_t size) {
    const auto it = recorded_.find(seq);
    if (it == recorded_.end() || it->second == size) return false;
    TellSizeMismatch(seq, what, size, std::to_string(it->second));
    return true;
}

void ReadVerifier::TellSizeMismatch(std::uint64_t seq, const std::string& what, std::uint64_t size,
                                    const std::string& recorded) {
    if (!settings_.verify || !settings_.calls.Contains(seq)) return;
    checked_++;
    mismatches_++;
    say_(0, settings_.differs + " in call #" + std::to_string(seq) + " (" + what + "): the replay read " + std::to_string(size) +
                " bytes, the capture recorded " + recorded);
}

void ReadVerifier::Complete(Read& read) {
    if (!read.drain) return;
    Drain drain = std::move(read.drain);
    read.drain = nullptr;
    try {
        drain();
    } catch (...) {
        Abandon(read);
        throw;
    }
}

// The device may still write the destination: its memory moves to a vector nobody frees (the same pages).
void ReadVerifier::Abandon(Read& read) {
    new std::vector<std::uint8_t>(std::move(read.bytes));
    read.bytes.clear();
    read.drain = nullptr;
}

void ReadVerifier::CompleteAll() {
    for (auto& [seq, read] : reads_) Complete(read);
}

ReadVerifier::~ReadVerifier() {
    for (auto& [seq, read] : reads_)
        if (read.drain) Abandon(read);
}

void ReadVerifier::CheckSize(std::uint64_t seq, const std::string& what, std::uint64_t size) const {
    if (!recorded_.count(seq) && size > kMaxUnrecordedRead) {
        throw LogError("the replayed " + what + " would read " + std::to_string(size) + " bytes, and the capture recorded "
                       "none of them to check (more than ltplay allocates for an unrecorded read)");
    }
}

void ReadVerifier::Expect(std::uint64_t seq, const std::string& what, std::vector<std::uint8_t> bytes) {
    bytes_read_ += bytes.size();
    const bool differs = SizeDiffers(seq, what, bytes.size());
    Read& read = reads_[seq] = {what, std::move(bytes)};
    read.differs = differs;
}

void ReadVerifier::Verify(schema::ReadData::Reader r, Payloads& payloads) {
    auto it = reads_.find(r.getSeq());
    if (it == reads_.end()) return;  // a read the replay did not make (it failed, or --no-verify)
    Complete(it->second);  // the capture had the bytes by now; the replayed device must have them too
    if (it->second.differs) return;  // its size told already (SizeDiffers): no piece of it compares
    const auto ref = r.getData();
    // The piece [offset, offset + size) of what the call read; the whole read, usually.
    Read read;
    std::string piece;  // the piece's name, if the call gave it one
    if (const auto name = piece_names_.find({r.getSeq(), r.getOffset()}); name != piece_names_.end()) {
        piece = std::move(name->second);
        piece_names_.erase(name);
    }
    if (r.getOffset() == 0 && ref.getSize() == it->second.bytes.size() && it->second.pieces.empty()) {
        read = std::move(it->second);
        reads_.erase(it);
        if (!piece.empty()) read.what += ", " + piece;
    } else {
        Read& whole = it->second;
        if (r.getOffset() > whole.bytes.size() || ref.getSize() > whole.bytes.size() - r.getOffset()) {
            // Data the replay's read has no bytes for: recorded for a larger read (SizeDiffers, when the size came
            // before the call, as it does unless the data followed far behind it).
            whole.differs = true;
            TellSizeMismatch(r.getSeq(), whole.what, whole.bytes.size(),
                             "bytes from " + std::to_string(r.getOffset()) + " to " +
                                 std::to_string(r.getOffset() + ref.getSize()));
            return;
        }
        // Each byte is checked once: a piece overlapping one checked before would let another go unchecked.
        if (!whole.pieces.Take(r.getOffset(), ref.getSize()))
            throw LogError("the read data of call #" + std::to_string(r.getSeq()) + " at offset " +
                           std::to_string(r.getOffset()) + " (" + std::to_string(ref.getSize()) +
                           " bytes) covers bytes an earlier piece of the read covered");
        read.what = whole.what + ", " + (piece.empty() ? "bytes from " + std::to_string(r.getOffset()) : piece);
        read.bytes.assign(whole.bytes.begin() + r.getOffset(), whole.bytes.begin() + r.getOffset() + ref.getSize());
        whole.verified += ref.getSize();
        if (whole.verified >= whole.bytes.size()) reads_.erase(it);
    }
    if (settings_.deliver) settings_.deliver(r.getSeq(), r.getOffset(), read.bytes.data(), read.bytes.size());
    if (!settings_.verify || !settings_.calls.Contains(r.getSeq())) return;
    const std::uint8_t* golden = payloads.Data(ref, ref.getSize());
    checked_++;
    bytes_checked_ += ref.getSize();
    const ReadTypes::Resolved typed = TypeOf(r);
    const Comparison c = CompareRead(read.bytes, golden, ref.getSize(), typed.type, settings_.compare);
    checked_as_[c.type]++;
    if (c.type == Dtype::bytes && typed.type == Dtype::bytes) bytes_because_[typed.why]++;
    if (c.tolerated) tolerated_++;
    if (c.Equal()) return;
    mismatches_++;
    const std::string call = "call #" + std::to_string(r.getSeq());
    const auto lines = DescribeMismatch(c);
    // Why the bytes were read as this type, unless the program said so itself.
    const std::string as = typed.why.empty() || c.type != typed.type ? "" : " [as " + typed.why + "]";
    say_(0, settings_.differs + " in " + call + " (" + read.what + "): " + lines.front() + as);
    for (std::size_t i = 1; i < lines.size(); i++) say_(0, "  " + lines[i]);
    if (!settings_.dump_dir.empty()) {
        // A piece of a read past its start has a file of its own (the read's others are not overwritten).
        const std::string base = settings_.dump_dir + "/call" + std::to_string(r.getSeq()) +
                                 (r.getOffset() ? ".at" + std::to_string(r.getOffset()) : "");
        std::string error;
        if (WriteFile(base + ".replay.bin", read.bytes.data(), read.bytes.size(), error) &&
            WriteFile(base + ".capture.bin", golden, ref.getSize(), error))
            say_(1, "  both reads written to " + base + ".{replay,capture}.bin");
        else
            say_(0, "  " + error);
    }
}

void ReadVerifier::EndLoop() {
    CompleteAll();
    for (const auto& [seq, read] : reads_)
        if (settings_.verify && settings_.calls.Contains(seq) && recorded_.count(seq) && !read.differs) unverified_++;
    reads_.clear();
    piece_names_.clear();
}

}  // namespace ltcap
