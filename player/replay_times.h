// How long a replay took: each loop (warm-up loops apart), with --stats each function's calls, and with --profile
// each program's launches (named as Programs::Label names them).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ltcap {

class ReplayTimes {
public:
    struct Loop {
        double seconds;
        std::uint64_t mismatches;
        bool warmup;
    };
    struct Function {
        std::uint64_t count = 0;
        double seconds = 0;
    };
    struct Summary {
        double total = 0, min = 0, median = 0, mean = 0, max = 0;  // of the measured loops (not the warm-up)
    };
    void AddLoop(double seconds, std::uint64_t mismatches, bool warmup) { loops_.push_back({seconds, mismatches, warmup}); }
    void AddCall(const std::string& function, double seconds) {
        Function& f = functions_[function];
        f.count++;
        f.seconds += seconds;
    }
    // A launch of `program` (its label) took `seconds`, its queue finished (--profile).
    void AddLaunch(const std::string& program, double seconds) {
        Function& p = programs_[program];
        p.count++;
        p.seconds += seconds;
    }
    void CountWritten(std::uint64_t bytes) { bytes_written_ += bytes; }

    Summary Loops() const;
    const std::vector<Loop>& loops() const { return loops_; }
    const std::map<std::string, Function>& functions() const { return functions_; }
    const std::map<std::string, Function>& programs() const { return programs_; }
    std::uint64_t bytes_written() const { return bytes_written_; }

private:
    std::vector<Loop> loops_;
    std::map<std::string, Function> functions_, programs_;
    std::uint64_t bytes_written_ = 0;
};

}  // namespace ltcap
