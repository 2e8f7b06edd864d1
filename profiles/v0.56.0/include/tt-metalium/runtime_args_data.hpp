// A view into the library's storage of one kernel's runtime arguments on one core (16 B). Writes through it
// reach later launches of the program: that is how programs edit arguments in place.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace tt::tt_metal {

struct RuntimeArgsData {
    std::uint32_t* rt_args_data = nullptr;
    std::size_t rt_args_count = 0;

    std::uint32_t& operator[](std::size_t i) { return rt_args_data[i]; }
    const std::uint32_t& operator[](std::size_t i) const { return rt_args_data[i]; }
    std::uint32_t& at(std::size_t i) {
        if (i >= rt_args_count) throw std::out_of_range("RuntimeArgsData: index " + std::to_string(i) + " >= size " +
                                                        std::to_string(rt_args_count));
        return rt_args_data[i];
    }
    const std::uint32_t& at(std::size_t i) const { return const_cast<RuntimeArgsData*>(this)->at(i); }
    std::size_t size() const noexcept { return rt_args_count; }
    std::uint32_t* data() noexcept { return rt_args_data; }
    const std::uint32_t* data() const noexcept { return rt_args_data; }
};

}  // namespace tt::tt_metal
