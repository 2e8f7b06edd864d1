// tt::stl::unique_any<SIZE, ALIGN>: one move-only object of any type that fits SIZE bytes, stored inline (no heap).
// The caller remembers the type: get<T>() does not check it.
//   tt::stl::unique_any<64, 8> any{std::string("x")};  any.get<std::string>() += "y";
#pragma once

#include <any>
#include <array>
#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

#include <tt-metalium/concepts.hpp>

namespace tt::stl {

template <auto MAX_STORAGE_SIZE, auto ALIGNMENT>
struct unique_any final {
    using storage_t = std::array<std::byte, MAX_STORAGE_SIZE>;

    template <typename Type, typename BaseType = std::decay_t<Type>>
    unique_any(Type&& object)
        : pointer{new (&type_erased_storage) BaseType{std::move(object)}},
          delete_storage{[](storage_t& self) { reinterpret_cast<BaseType*>(&self)->~BaseType(); }},
          move_storage{[](storage_t& self, void* other) -> void* {
              if constexpr (std::is_move_constructible_v<BaseType>) {
                  return new (&self) BaseType{std::move(*reinterpret_cast<BaseType*>(other))};
              } else {
                  static_assert(concepts::always_false_v<BaseType>, "unique_any needs a movable type");
              }
          }} {
        static_assert(sizeof(BaseType) <= MAX_STORAGE_SIZE, "the object does not fit the storage");
        static_assert(ALIGNMENT % alignof(BaseType) == 0, "the storage is not aligned for the object");
    }

    unique_any(const unique_any&) = delete;
    unique_any& operator=(const unique_any&) = delete;

    unique_any(unique_any&& other)
        : pointer{other.pointer ? other.move_storage(type_erased_storage, other.pointer) : nullptr},
          delete_storage{other.delete_storage},
          move_storage{other.move_storage} {}

    unique_any& operator=(unique_any&& other) {
        if (other.pointer != pointer) {
            destruct();
            if (other.pointer) pointer = other.move_storage(type_erased_storage, other.pointer);
            delete_storage = other.delete_storage;
            move_storage = other.move_storage;
            other.pointer = nullptr;
        }
        return *this;
    }

    ~unique_any() { destruct(); }

    void destruct() noexcept {
        if (pointer) delete_storage(type_erased_storage);
        pointer = nullptr;
    }

    template <typename T>
    T& get() {
        return *reinterpret_cast<T*>(&type_erased_storage);
    }
    template <typename T>
    const T& get() const {
        return *reinterpret_cast<const T*>(&type_erased_storage);
    }

private:
    alignas(ALIGNMENT) void* pointer = nullptr;
    alignas(ALIGNMENT) storage_t type_erased_storage;
    void (*delete_storage)(storage_t&) = nullptr;
    void* (*move_storage)(storage_t& storage, void*) = nullptr;
};

}  // namespace tt::stl
