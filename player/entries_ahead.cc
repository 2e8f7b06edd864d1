#include "player/entries_ahead.h"

#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "player/decoded_call.h"

namespace ltcap {
namespace {

constexpr std::size_t kBatch = 2048;             // entries handed over at once
constexpr std::size_t kBatches = 4;              // batches read ahead at most
constexpr std::uint64_t kBytesAhead = 32 << 20;  // and bytes of entries

struct Read {
    std::unique_ptr<capnp::FlatArrayMessageReader> message;
    std::uint64_t number, offset, bytes;  // which entry, where it starts, its size
};

// The reading thread's side: batches of checked entries, and how reading ended.
class Pipe {
public:
    // The reading thread: waits while the reader is as far ahead as allowed; false once the tool has stopped.
    bool Put(std::vector<Read>&& batch, std::uint64_t bytes) {
        std::deque<std::vector<Read>> done;
        {
            std::unique_lock lock(mutex_);
            room_.wait(lock, [&] { return stopped_ || (batches_.size() < kBatches && bytes_ < kBytesAhead); });
            if (stopped_) return false;
            bytes_ += bytes;
            batches_.push_back(std::move(batch));
            ready_.notify_one();
            done.swap(done_);
        }
        return true;  // (the batches the tool is done with are let go here, outside the lock: on the thread that
                      // made them, as the heap likes it — a message freed by another thread costs far more)
    }
    void End(std::exception_ptr error) {
        std::lock_guard lock(mutex_);
        ended_ = true;
        error_ = std::move(error);
        ready_.notify_one();
    }
    // The tool: the next batch (empty at the end, then `error` says how reading ended).
    std::vector<Read> Take(std::exception_ptr& error, std::vector<Read>&& done) {
        std::unique_lock lock(mutex_);
        if (!done.empty()) done_.push_back(std::move(done));
        ready_.wait(lock, [&] { return !batches_.empty() || ended_; });
        if (batches_.empty()) {
            error = error_;
            return {};
        }
        std::vector<Read> batch = std::move(batches_.front());
        batches_.pop_front();
        for (const Read& r : batch) bytes_ -= r.bytes;
        room_.notify_one();
        return batch;
    }
    void Stop() {
        std::lock_guard lock(mutex_);
        stopped_ = true;
        room_.notify_one();
    }

private:
    std::mutex mutex_;
    std::condition_variable ready_, room_;
    std::deque<std::vector<Read>> batches_, done_;  // read ahead; handed back to be let go by the reading thread
    std::uint64_t bytes_ = 0;
    bool ended_ = false, stopped_ = false;
    std::exception_ptr error_;
};

// Reads (and checks, unless the tool's thread does) every entry left, naming an error as NamingTheEntry does.
void ReadAhead(LogReader& log, LogChecker* check, Pipe& pipe) {
    std::exception_ptr error;
    try {
        std::vector<Read> batch;
        std::uint64_t bytes = 0;
        try {
            for (auto message = log.Next(); message; message = log.Next()) {
                if (check) check->Entry(message->getRoot<schema::Entry>());
                batch.push_back({std::move(message), log.entry_number(), log.entry_offset(), log.entry_size()});
                bytes += log.entry_size();
                log.ReleasePassed();
                if (batch.size() == kBatch) {
                    if (!pipe.Put(std::move(batch), bytes)) return pipe.End(nullptr);
                    batch.clear();  // (moved from: empty it for sure)
                    bytes = 0;
                }
            }
        } catch (const kj::Exception& e) {
            if (!batch.empty() && !pipe.Put(std::move(batch), bytes)) return pipe.End(nullptr);
            throw EntryLogError(log.Where() + ": damaged: " + e.getDescription().cStr());
        } catch (const LogError& e) {
            if (!batch.empty() && !pipe.Put(std::move(batch), bytes)) return pipe.End(nullptr);
            throw EntryLogError(log.Where() + ": " + e.what());
        }
        if (!batch.empty() && !pipe.Put(std::move(batch), bytes)) return pipe.End(nullptr);
    } catch (...) {
        error = std::current_exception();
    }
    pipe.End(error);
}

}  // namespace

void ForEachCheckedEntryAhead(LogReader& log, LogChecker& check, const std::function<void(schema::Entry::Reader)>& fn,
                              CheckOn check_on) {
    Pipe pipe;
    const bool reader_checks = check_on == CheckOn::kReadingThread;
    std::thread reader([&] { ReadAhead(log, reader_checks ? &check : nullptr, pipe); });
    // The reading thread is stopped and joined however this ends.
    struct Join {
        Pipe& pipe;
        std::thread& reader;
        ~Join() {
            pipe.Stop();
            reader.join();
        }
    } join{pipe, reader};
    std::vector<Read> batch;
    for (;;) {
        std::exception_ptr error;
        batch = pipe.Take(error, std::move(batch));
        if (batch.empty()) {
            if (error) std::rethrow_exception(error);
            return;
        }
        for (Read& r : batch) {
            try {
                const auto e = r.message->getRoot<schema::Entry>();
                if (!reader_checks) check.Entry(e);
                fn(e);
            } catch (const EntryLogError&) {
                throw;
            } catch (const kj::Exception& e) {
                throw EntryLogError(log.WhereAt(r.number, r.offset) + ": damaged: " + e.getDescription().cStr());
            } catch (const LogError& e) {
                throw EntryLogError(log.WhereAt(r.number, r.offset) + ": " + e.what());
            }
        }
    }
}

void ForEachDecodedEntryAhead(LogReader& log, LogChecker& check, std::initializer_list<EntryConsumer*> consumers,
                              CheckOn check_on) {
    const EntryDecoder decoder(consumers);
    ForEachCheckedEntryAhead(log, check, [&](schema::Entry::Reader e) { decoder.Feed(e); }, check_on);
}

}  // namespace ltcap
