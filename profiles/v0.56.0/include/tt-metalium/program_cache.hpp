// A device's cache of built programs keyed by a hash (ttnn's operations fill it): each entry holds the Program
// and the operation's shared variables inline. Header-only; the emulated device keeps no cache of its own, so
// IDevice::enable_program_cache only flips the flag.
//   cache.insert(hash, CachedProgramFactory{CachedProgram<Vars>{std::move(program), Vars{...}}, 0});
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <utility>

#include <tt-metalium/program_impl.hpp>
#include <tt-metalium/unique_any.hpp>

namespace tt::tt_metal::program_cache::detail {

template <typename shared_variables_t>
struct CachedProgram {
    tt::tt_metal::Program program;
    shared_variables_t shared_variables;

    CachedProgram(tt::tt_metal::Program&& program, shared_variables_t&& shared_variables)
        : program{std::move(program)}, shared_variables{std::forward<shared_variables_t>(shared_variables)} {}
};

struct CachedProgramFactory {
    static constexpr auto MAX_SIZE = 4096;
    static constexpr auto ALIGNMENT = 32;

    tt::stl::unique_any<MAX_SIZE, ALIGNMENT> cached_program;
    std::size_t program_factory_index;

    template <typename shared_variables_t>
    CachedProgramFactory(CachedProgram<shared_variables_t>&& cached_program, std::size_t program_factory_index)
        : cached_program{std::move(cached_program)}, program_factory_index{program_factory_index} {}
};

struct ProgramCache {
    bool contains(std::uint64_t program_hash) { return cache_.count(program_hash) > 0; }
    CachedProgramFactory& get(std::uint64_t program_hash) { return cache_.at(program_hash); }
    void insert(std::uint64_t program_hash, CachedProgramFactory&& program) {
        cache_.insert({program_hash, std::move(program)});
    }
    void enable() { is_enabled_ = true; }
    void disable() { is_enabled_ = false; }
    bool is_enabled() { return is_enabled_; }
    void clear() { cache_.clear(); }
    std::size_t num_entries() const { return cache_.size(); }

private:
    bool is_enabled_ = false;
    std::unordered_map<std::uint64_t, CachedProgramFactory> cache_{};
};

}  // namespace tt::tt_metal::program_cache::detail
