// tt::stl::Indestructible<T>: a T built in place whose destructor never runs, for process-wide singletons that
// must outlive every static destructor (SystemMesh::instance()).
//   static tt::stl::Indestructible<Registry> registry;  registry.get().add(...);
#pragma once

#include <cstddef>
#include <new>
#include <utility>

namespace tt::stl {

template <typename T>
class Indestructible {
public:
    template <typename... Args>
    explicit Indestructible(Args&&... args) {
        ::new (static_cast<void*>(bytes_)) T(std::forward<Args>(args)...);
    }
    Indestructible(const Indestructible&) = delete;
    Indestructible& operator=(const Indestructible&) = delete;
    ~Indestructible() = default;  // leaves the T alone on purpose

    T& get() { return *std::launder(reinterpret_cast<T*>(bytes_)); }
    const T& get() const { return *std::launder(reinterpret_cast<const T*>(bytes_)); }

private:
    alignas(T) std::byte bytes_[sizeof(T)];
};

}  // namespace tt::stl
