// The replay's objects of one kind, keyed by the global id the log gave each one (the profile's tables of every kind
// are in objects.h). Looking up an id the log never made is the log's fault: UnknownObject, a LogError.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "schema/log_error.h"

namespace ltcap {

template <typename T>
class ObjectTable {
public:
    explicit ObjectTable(const char* kind) : kind_(kind) {}
    void Put(std::uint64_t id, T value) { objects_.insert_or_assign(id, std::move(value)); }
    T& Get(std::uint64_t id) {
        auto it = objects_.find(id);
        if (it == objects_.end())
            throw UnknownObject(std::string("refers to ") + kind_ + " #" + std::to_string(id) + ", which the log never created");
        return it->second;
    }
    bool Has(std::uint64_t id) const { return objects_.count(id) != 0; }
    void Erase(std::uint64_t id) { objects_.erase(id); }
    std::map<std::uint64_t, T>& all() { return objects_; }

private:
    const char* kind_;
    std::map<std::uint64_t, T> objects_;
};

}  // namespace ltcap
