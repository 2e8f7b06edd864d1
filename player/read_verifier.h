// Read verification: where each replayed read put its bytes, compared with what the capture recorded for the same
// call once the log's readData entries for it come by. The index pass tells it how many bytes the capture recorded
// per read (Recorded), so a replayed read's size is checked before anything is allocated. A read recorded in pieces
// (one readData per destination, at offsets) is compared piece by piece, each named for mismatch reports. Each piece
// is compared as --dtype says, else as the type the program read into, else as what the log says the buffer holds
// (ReadTypes, handed in), else as bytes.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "player/call_range.h"
#include "player/compare.h"
#include "player/payloads.h"
#include "player/read_pieces.h"
#include "player/read_types.h"
#include "schema/trace.capnp.h"

namespace ltcap {

class ReadVerifier {
public:
    struct Settings {
        bool verify = true;    // off: reads are made, nothing is compared (--no-verify)
        CallRange calls;       // only the reads of these calls are compared (--calls)
        CompareOptions compare;
        std::string dump_dir;  // both sides of each mismatching read are written here (--dump-mismatches)
        // Handed each piece of a read the log recorded, as the replay read it, before it is compared (the runtime's
        // outputs): the call, the piece's offset in what the call read, its bytes.
        std::function<void(std::uint64_t seq, std::uint64_t offset, const std::uint8_t* bytes, std::uint64_t size)>
            deliver;
        // How a read that differs from the capture's is announced: "CHANGED" when the replay was edited, the
        // difference then being the edit's effect.
        std::string differs = "MISMATCH";
    };
    // say(level, line): 0 always, 1 normal, 2 verbose.
    using Say = std::function<void(int level, const std::string& line)>;
    // `types`: what untyped reads hold (may be null: bytes); it must outlive the verifier.
    ReadVerifier(Settings settings, Say say, const ReadTypes* types = nullptr)
        : settings_(std::move(settings)), say_(std::move(say)), types_(types) {}

    // The most a read the capture did not record may allocate.
    static constexpr std::uint64_t kMaxUnrecordedRead = 1ull << 30;

    // Index pass: a readData entry — the call it belongs to read at least up to its end (a LogError past 2^64).
    void Recorded(schema::ReadData::Reader r);
    // What makes the device finish a read still in flight (finishing the queue it was enqueued on).
    using Drain = std::function<void()>;
    // A zeroed destination of `size` bytes for the read call `seq` (`what` names it: "buffer#3"), kept until its
    // data is verified. Its size is checked first (CheckSize); a size other than the recorded one is a mismatch. A
    // read the device may still be writing when the call returns (a non-blocking enqueue) comes with its `drain`: the
    // destination is neither compared nor freed before it has run — whatever the log's flags say and wherever it was
    // cut.
    std::vector<std::uint8_t>& Target(std::uint64_t seq, const std::string& what, std::uint64_t size, Drain drain = {});
    // Runs the drain of every read still in flight, so no device writes into a destination after this. For the
    // replay before a call that closes devices or releases objects, and at the end of a loop. A drain that throws
    // leaves its destination to the process (never freed) and the exception goes on.
    void CompleteAll();
    // A read the capture did not record must stay under kMaxUnrecordedRead — else a LogError. (A recorded read of
    // another size than the capture's is a mismatch, told once when its destination is made: Target, Expect.)
    void CheckSize(std::uint64_t seq, const std::string& what, std::uint64_t size) const;
    // Bytes a read delivered in a destination of the call's own making.
    void Expect(std::uint64_t seq, const std::string& what, std::vector<std::uint8_t> bytes);
    // Names the piece of read `seq` that starts at `offset` ("shard (1, 3)").
    void NamePiece(std::uint64_t seq, std::uint64_t offset, std::string name) { piece_names_[{seq, offset}] = std::move(name); }
    // A readData entry of the log met during the replay: its piece of the read compared with the replay's bytes.
    void Verify(schema::ReadData::Reader r, Payloads& payloads);
    // The end of one replay loop, the devices still open: reads made but whose data never came (a cut log, --calls
    // stopping first) are completed (CompleteAll), counted as not verified, and forgotten.
    void EndLoop();
    // Destinations still in flight are left to the process, never freed (the devices may still write them).
    ~ReadVerifier();
    ReadVerifier(const ReadVerifier&) = delete;
    ReadVerifier& operator=(const ReadVerifier&) = delete;

    std::uint64_t checked() const { return checked_; }
    std::uint64_t mismatches() const { return mismatches_; }
    std::uint64_t tolerated() const { return tolerated_; }    // matched only within --atol/--rtol
    std::uint64_t unverified() const { return unverified_; }  // recorded reads in range whose data came too late
    std::uint64_t bytes_read() const { return bytes_read_; }
    std::uint64_t bytes_checked() const { return bytes_checked_; }  // of the reads checked
    bool recorded_any() const { return !recorded_.empty(); }         // the log has read data at all
    // With --atol/--rtol: the log's read pieces the tolerance applies to (floats), and those compared exactly.
    std::uint64_t float_pieces() const { return float_pieces_; }
    std::uint64_t exact_pieces() const { return exact_pieces_; }
    // Reads checked, by the type they were compared as.
    const std::map<Dtype, std::uint64_t>& checked_as() const { return checked_as_; }
    // Reads compared as bytes, by why (ReadTypes::Resolved::why).
    const std::map<std::string, std::uint64_t>& bytes_because() const { return bytes_because_; }
    // What a piece of read data is compared as, and why (ReadTypes::Resolve).
    ReadTypes::Resolved TypeOf(schema::ReadData::Reader r) const;

private:
    Settings settings_;
    Say say_;
    const ReadTypes* types_;
    std::map<Dtype, std::uint64_t> checked_as_;
    std::map<std::string, std::uint64_t> bytes_because_;
    std::map<std::uint64_t, std::uint64_t> recorded_;  // seq → bytes of its readData entries
    struct Read {
        std::string what;
        std::vector<std::uint8_t> bytes;
        ReadPieces pieces;                              // the pieces checked so far
        std::uint64_t verified = 0;                     // their bytes
        bool differs = false;                           // its size is not the recorded one (a mismatch, told)
        Drain drain;                                    // set while the device may still write `bytes`
    };
    bool SizeDiffers(std::uint64_t seq, const std::string& what, std::uint64_t size);
    // One mismatch for a read of `size` bytes whose recorded data (`recorded`: "8", "bytes from 4 to 12") differs.
    void TellSizeMismatch(std::uint64_t seq, const std::string& what, std::uint64_t size, const std::string& recorded);
    static void Complete(Read& read);
    static void Abandon(Read& read);
    std::map<std::uint64_t, Read> reads_;  // seq → where the replayed read put its bytes
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::string> piece_names_;
    std::uint64_t checked_ = 0, mismatches_ = 0, tolerated_ = 0, unverified_ = 0, bytes_read_ = 0, bytes_checked_ = 0;
    std::uint64_t float_pieces_ = 0, exact_pieces_ = 0;
};

}  // namespace ltcap
