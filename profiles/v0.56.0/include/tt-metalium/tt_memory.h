// A kernel binary as tt-metal loads it (ll_api::memory): 32-bit words and the device spans they go to.
// Declared for code built against tt-metal's loader; the emulated device loads host-compiled kernels instead and
// does not export these members.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ll_api {

class memory {
public:
    typedef std::uint64_t address_t;
    typedef std::uint32_t word_t;
    enum class Loading : std::uint8_t { DISCRETE, CONTIGUOUS, CONTIGUOUS_XIP };

    memory();
    memory(std::string const& path, Loading loading);
    memory(memory const&) = delete;
    memory& operator=(memory const&) = delete;
    memory(memory&&) = default;
    memory& operator=(memory&&) = default;

    const std::vector<word_t>& data() const { return data_; }
    bool operator==(const memory& other) const;
    Loading get_loading() const { return loading_; }
    std::uint32_t get_text_size() const { return text_size_; }
    std::uint32_t get_packed_size() const { return static_cast<std::uint32_t>(data_.size() * sizeof(word_t)); }
    std::uint32_t get_text_addr() const { return text_addr_; }
    void set_text_addr(const std::uint32_t& addr) { text_addr_ = addr; }
    std::size_t size() const { return data_.size(); }
    std::size_t num_spans() const { return link_spans_.size(); }

    void fill_from_mem_template(
        const memory& mem_template,
        const std::function<void(std::vector<std::uint32_t>::iterator, std::uint64_t addr, std::uint32_t len)>& callback);
    void process_spans(const std::function<void(std::vector<std::uint32_t>::const_iterator, std::uint64_t addr,
                                                std::uint32_t len)>& callback) const;
    void process_spans(
        const std::function<void(std::vector<std::uint32_t>::iterator, std::uint64_t addr, std::uint32_t len)>& callback);
    void update_spans(std::function<void(std::uint64_t& addr)>& callback);

private:
    struct span {
        address_t addr;  // byte address on the device
        std::size_t len;
        bool operator==(const span& other) const { return addr == other.addr && len == other.len; }
    };

    std::vector<word_t> data_;
    std::vector<struct span> link_spans_;
    std::uint32_t text_size_ = 0;
    std::uint32_t text_addr_ = 0;
    Loading loading_;
};

}  // namespace ll_api
