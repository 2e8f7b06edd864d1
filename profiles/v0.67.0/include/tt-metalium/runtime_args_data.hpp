// A view of one kernel's runtime arguments on one core, as GetRuntimeArgs returns it: the words live in the
// program, so editing them through the view changes what the next launch passes. Field layout as tt-metal's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iostream>
#include <stdexcept>
#include <string>

#include <tt_stl/assert.hpp>

namespace tt::tt_metal {

struct RuntimeArgsData {
    std::uint32_t* rt_args_data;
    std::size_t rt_args_count;

    bool in_bounds(std::size_t index) const noexcept {
        if (index < rt_args_count) return true;
        std::cerr << "TT_FATAL: Index " << index << " is larger than runtime args size " << rt_args_count << std::endl;
        return false;
    }
    std::uint32_t& operator[](std::size_t index) noexcept {
        TT_ASSERT(in_bounds(index));
        return rt_args_data[index];
    }
    const std::uint32_t& operator[](std::size_t index) const noexcept {
        TT_ASSERT(in_bounds(index));
        return rt_args_data[index];
    }
    std::uint32_t& at(std::size_t index) {
        check(index);
        return rt_args_data[index];
    }
    const std::uint32_t& at(std::size_t index) const {
        check(index);
        return rt_args_data[index];
    }
    std::uint32_t* data() noexcept { return rt_args_data; }
    const std::uint32_t* data() const noexcept { return rt_args_data; }
    std::size_t size() const noexcept { return rt_args_count; }

private:
    void check(std::size_t index) const {
        if (!in_bounds(index))
            throw std::out_of_range("Index " + std::to_string(index) + " is larger than runtime args size " +
                                    std::to_string(rt_args_count));
    }
};

}  // namespace tt::tt_metal
