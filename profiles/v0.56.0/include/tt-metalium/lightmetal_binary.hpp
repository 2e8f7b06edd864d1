// The serialized result of a Light Metal capture (tt::tt_metal::LightMetalBinary): entirely inline.
#pragma once

#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace tt::tt_metal {

class LightMetalBinary {
public:
    LightMetalBinary() = default;
    explicit LightMetalBinary(std::vector<std::uint8_t> data) : data_(std::move(data)) {}

    const std::vector<std::uint8_t>& get_data() const { return data_; }
    void set_data(std::vector<std::uint8_t> data) { data_ = std::move(data); }
    std::size_t size() const { return data_.size(); }
    bool is_empty() const { return data_.empty(); }

    void save_to_file(const std::string& filename) const {
        std::ofstream out(filename, std::ios::binary);
        if (!out) throw std::runtime_error("Failed to open file: " + filename);
        out.write(reinterpret_cast<const char*>(data_.data()), static_cast<std::streamsize>(data_.size()));
    }
    static LightMetalBinary load_from_file(const std::string& filename) {
        std::ifstream in(filename, std::ios::binary | std::ios::ate);
        if (!in) throw std::runtime_error("Failed to open file: " + filename);
        std::vector<std::uint8_t> data(static_cast<std::size_t>(in.tellg()));
        in.seekg(0);
        in.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(data.size()));
        return LightMetalBinary(std::move(data));
    }

private:
    std::vector<std::uint8_t> data_;
};

}  // namespace tt::tt_metal
