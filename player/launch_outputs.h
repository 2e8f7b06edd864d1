// What each launch left in the buffers its kernels can write (launch_targets.h), as a replay read them back right
// after it (ltplay --launch-outputs DIR): the record `ltcap bisect` compares launch by launch between two targets.
// DIR/launches.txt, one block per launch, plain words so any tool reads it:
//   launch 3 seq 45 dtype bfloat16 function enqueueProgram program program#15 (reader, eltwise_add, writer)
//   cores (0,0)
//   buffer 6 bytes 131072 page_size 2048 pages 9f3a…,03c1…,…      (each page's XXH3-64, hex)
// and, for the launches of the data range (--launch-data), each buffer's bytes as DIR/launchN.bufferID.bin.
//   LaunchOutputs out(dir, data_range);  out.Write(record);
//   std::vector<LaunchRecord> records = ReadLaunchOutputs(dir + "/launches.txt");
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "common/output_dir.h"
#include "player/call_range.h"

namespace ltcap {

struct LaunchRecord {
    std::uint64_t launch = 0, seq = 0;  // the launch's number (1 on) and call
    std::string dtype = "bytes", function, program, cores;
    struct Buffer {
        std::uint64_t id = 0, bytes = 0, page_size = 0;
        std::vector<std::uint64_t> pages;  // each page's digest
        std::vector<std::uint8_t> data;    // the bytes (only to write them: not read back)
    };
    std::vector<Buffer> buffers;
};

class LaunchOutputs {
public:
    // Creates DIR (std::runtime_error saying why it cannot). The launches whose call is in `data` get data files.
    LaunchOutputs(const std::string& dir, CallRange data);
    ~LaunchOutputs();
    LaunchOutputs(const LaunchOutputs&) = delete;
    LaunchOutputs& operator=(const LaunchOutputs&) = delete;

    // Digests each buffer's pages (a page size of 0: one page) and appends the record; writes the data files when
    // the launch is in the data range. std::runtime_error when a file cannot be written.
    void Write(LaunchRecord& record);

private:
    OutputDir dir_;
    CallRange data_;
    std::FILE* list_ = nullptr;
};

// The digest of `size` bytes (XXH3-64).
std::uint64_t PageDigest(const std::uint8_t* bytes, std::uint64_t size);

// The records of a launches.txt (std::runtime_error naming the line that is not one).
std::vector<LaunchRecord> ReadLaunchOutputs(const std::string& path);

}  // namespace ltcap
