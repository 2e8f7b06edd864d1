// tt-metal v0.67.0's experimental Lock (experimental/lock.h): what a scoped_lock() returns; its destructor runs the
// release it was given. The emulated device has no debug tracking of locked regions, so releases do nothing.
#pragma once

namespace experimental {

template <typename F>
class Lock {
public:
    Lock(F release) : release_(release) {}
    ~Lock() { release_(); }
    Lock(const Lock&) = delete;
    Lock(Lock&&) = delete;
    Lock& operator=(const Lock&) = delete;
    Lock& operator=(Lock&&) = delete;

private:
    F release_;
};

}  // namespace experimental
