// MaybeRemote<T>: a value a process has only for the devices it owns — local (holds T) or remote (a device of
// another host in a distributed run). On one host, as on the emulator, everything is local.
//   MaybeRemote<int>::local(3).value() == 3;   MaybeRemote<int>::remote().value() throws
#pragma once

#include <concepts>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include <tt_stl/assert.hpp>

namespace tt::tt_metal {
class IDevice;
}  // namespace tt::tt_metal

namespace tt::tt_metal::distributed {

template <typename T>
concept MaybeRemoteLike = requires(T t) {
    typename T::value_type;
    { t.is_local() } -> std::convertible_to<bool>;
    { t.value() } -> std::same_as<typename T::value_type&>;
};

struct RemoteDevice {
    friend bool operator==(const RemoteDevice&, const RemoteDevice&) = default;
};

template <typename T>
class MaybeRemote {
public:
    using value_type = T;

    MaybeRemote() = delete;
    [[nodiscard]] static MaybeRemote local(T value) { return MaybeRemote(std::move(value)); }
    [[nodiscard]] static MaybeRemote remote() { return MaybeRemote(RemoteDevice{}); }
    [[nodiscard]] bool is_local() const noexcept { return std::holds_alternative<T>(value_); }
    [[nodiscard]] bool is_remote() const noexcept { return std::holds_alternative<RemoteDevice>(value_); }
    [[nodiscard]] T& value() & { return *operator->(); }
    [[nodiscard]] const T& value() const& { return *operator->(); }
    [[nodiscard]] T& operator*() & { return value(); }
    [[nodiscard]] const T& operator*() const& { return value(); }
    [[nodiscard]] T* operator->() {
        if (auto* p = std::get_if<T>(&value_)) return p;
        throw_remote_access_error();
    }
    [[nodiscard]] const T* operator->() const {
        if (const auto* p = std::get_if<T>(&value_)) return p;
        throw_remote_access_error();
    }
    template <typename LocalFunc, typename RemoteFunc>
    [[nodiscard]] decltype(auto) when(LocalFunc&& on_local, RemoteFunc&& on_remote) const {
        if (is_local()) return std::forward<LocalFunc>(on_local)(value());
        return std::forward<RemoteFunc>(on_remote)();
    }
    template <typename LocalFunc>
    auto if_local(LocalFunc&& on_local) const {
        using R = std::invoke_result_t<LocalFunc, const T&>;
        if constexpr (std::is_void_v<R>) {
            if (is_local()) std::forward<LocalFunc>(on_local)(value());
        } else {
            return is_local() ? std::optional<R>(std::forward<LocalFunc>(on_local)(value())) : std::nullopt;
        }
    }
    template <typename RemoteFunc>
    auto if_remote(RemoteFunc&& on_remote) const {
        using R = std::invoke_result_t<RemoteFunc>;
        if constexpr (std::is_void_v<R>) {
            if (is_remote()) std::forward<RemoteFunc>(on_remote)();
        } else {
            return is_remote() ? std::optional<R>(std::forward<RemoteFunc>(on_remote)()) : std::nullopt;
        }
    }
    [[nodiscard]] bool operator==(const MaybeRemote& other) const = default;
    [[nodiscard]] std::string to_string() const {
        if (is_remote()) return "MaybeRemote{remote}";
        std::ostringstream out;
        if constexpr (requires(std::ostream& os, const T& v) { os << v; }) out << "MaybeRemote{" << value() << "}";
        else out << "MaybeRemote{local}";
        return out.str();
    }

private:
    explicit MaybeRemote(RemoteDevice) : value_(RemoteDevice{}) {}
    explicit MaybeRemote(T value) : value_(std::move(value)) {}
    [[noreturn]] static void throw_remote_access_error() {
        TT_THROW("Attempted to access remote device from process that does not have it!");
    }

    std::variant<RemoteDevice, T> value_;
};

using MaybeRemoteDeviceId = MaybeRemote<int>;
using MaybeRemoteDevice = MaybeRemote<IDevice*>;

// The local values of a container of MaybeRemote, in order (the remote ones left out).
template <typename Container>
    requires MaybeRemoteLike<typename Container::value_type>
[[nodiscard]] auto extract_locals(const Container& container) {
    std::vector<typename Container::value_type::value_type> locals;
    locals.reserve(container.size());
    for (const auto& maybe : container)
        if (maybe.is_local()) locals.push_back(maybe.value());
    return locals;
}

// Each value of a container as a local MaybeRemote.
template <typename Container>
[[nodiscard]] auto wrap_to_maybe_remote(const Container& container) {
    using T = typename Container::value_type;
    std::vector<MaybeRemote<T>> wrapped;
    wrapped.reserve(container.size());
    for (const auto& local : container) wrapped.push_back(MaybeRemote<T>::local(local));
    return wrapped;
}

}  // namespace tt::tt_metal::distributed
