// The multi-host context of a distributed run (tt-metal runs it over MPI). The emulator runs on one host: the world
// context holds one rank (0 of 1), made when the first device opens (as tt-metal's runtime makes it) or when the
// program asks for it. Collectives over one rank give each rank's part back unchanged; point-to-point messages have
// no other rank to go to and throw. The virtual members are declared in tt-metal's order (a program calls them
// through the vtable of a context the library made). UsingDistributedEnvironment() is false.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

#include <tt_stl/span.hpp>
#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal::distributed::multihost {

enum class ReduceOp : std::uint8_t { SUM, MAX, MIN, PROD, LAND, LOR, BAND, BOR };

enum class DType : std::uint8_t {
    INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, UINT64, FLOAT32, FLOAT64, BOOL, BYTE, COMPLEX_FLOAT,
    COMPLEX_DOUBLE,
};

// The DType of an element type (no DType for others: a use of dtype_of_v<T> with one does not compile).
template <typename T, typename = void>
struct dtype_of;
#define TTEMU_DTYPE_OF(T, D) \
    template <>              \
    struct dtype_of<T> {     \
        static constexpr DType value = DType::D; \
    };
TTEMU_DTYPE_OF(std::int8_t, INT8)
TTEMU_DTYPE_OF(std::uint8_t, UINT8)
TTEMU_DTYPE_OF(std::int16_t, INT16)
TTEMU_DTYPE_OF(std::uint16_t, UINT16)
TTEMU_DTYPE_OF(std::int32_t, INT32)
TTEMU_DTYPE_OF(std::uint32_t, UINT32)
TTEMU_DTYPE_OF(std::int64_t, INT64)
TTEMU_DTYPE_OF(std::uint64_t, UINT64)
TTEMU_DTYPE_OF(float, FLOAT32)
TTEMU_DTYPE_OF(double, FLOAT64)
TTEMU_DTYPE_OF(bool, BOOL)
TTEMU_DTYPE_OF(std::complex<float>, COMPLEX_FLOAT)
TTEMU_DTYPE_OF(std::complex<double>, COMPLEX_DOUBLE)
#undef TTEMU_DTYPE_OF
template <typename T>
inline constexpr DType dtype_of_v = dtype_of<T>::value;
template <typename T, typename = void>
struct is_supported_dtype : std::false_type {};
template <typename T>
struct is_supported_dtype<T, std::void_t<decltype(dtype_of_v<T>)>> : std::true_type {};
template <typename T>
inline constexpr bool is_supported_dtype_v = is_supported_dtype<T>::value;

using Rank = tt::stl::StrongType<int, struct RankTag>;
using Tag = tt::stl::StrongType<int, struct TagTag>;
using Color = tt::stl::StrongType<int, struct ColorTag>;
using Key = tt::stl::StrongType<int, struct KeyTag>;
using Size = tt::stl::StrongType<int, struct SizeTag>;
using DistributedContextId = tt::stl::StrongType<int, struct DistributedContextIdTag>;

class DistributedException : public std::exception {
public:
    virtual Rank rank() const noexcept = 0;
    virtual int error_code() const noexcept = 0;
    virtual const std::string& message() const noexcept = 0;
    virtual const std::string& error_string() const noexcept = 0;
    const char* what() const noexcept override { return message().c_str(); }
    ~DistributedException() override = default;
};

struct Status {
    Rank source = Rank(0);
    Tag tag = Tag(0);
    int count = 0;
};

class Request {
public:
    virtual ~Request() = default;
    [[nodiscard]] virtual Status wait() = 0;
    [[nodiscard]] virtual std::optional<Status> test() = 0;
    virtual void cancel() = 0;
    [[nodiscard]] virtual bool active() const = 0;
};

class DistributedContext;
using RequestPtr = std::shared_ptr<Request>;
using ContextPtr = std::shared_ptr<DistributedContext>;

class DistributedContext {
public:
    constexpr static const int SPLIT_COLOR_UNDEFINED = -1;

    // Makes the world context unless there is one (argc and argv are MPI's; nothing reads them on one host).
    static void create(int argc, char** argv);
    // The world context (made now if it was not).
    static const ContextPtr& get_current_world();
    static void set_current_world(const ContextPtr& ctx);
    static bool is_initialized();

    DistributedContextId id() const;

    [[nodiscard]] virtual Rank rank() const = 0;
    [[nodiscard]] virtual Size size() const = 0;
    [[nodiscard]] virtual bool supports_fault_tolerance() const = 0;
    virtual void barrier() const = 0;
    virtual void send(tt::stl::Span<std::byte> buffer, Rank dest, Tag tag) const = 0;
    virtual void ssend(tt::stl::Span<std::byte> buffer, Rank dest, Tag tag) const = 0;
    virtual void recv(tt::stl::Span<std::byte> buffer, Rank source, Tag tag) const = 0;
    [[nodiscard]] virtual RequestPtr isend(tt::stl::Span<std::byte> buffer, Rank dest, Tag tag) const = 0;
    [[nodiscard]] virtual RequestPtr irecv(tt::stl::Span<std::byte> buffer, Rank source, Tag tag) const = 0;
    virtual void broadcast(tt::stl::Span<std::byte> buffer, Rank root) const = 0;
    virtual void gather(tt::stl::Span<std::byte> send_buf, tt::stl::Span<std::byte> recv_buf, Rank root) const = 0;
    virtual void scatter(tt::stl::Span<std::byte> send_buf, tt::stl::Span<std::byte> recv_buf, Rank root) const = 0;
    virtual void all_gather(tt::stl::Span<std::byte> send_buf, tt::stl::Span<std::byte> recv_buf) const = 0;
    virtual void all_to_all(tt::stl::Span<std::byte> send_buf, tt::stl::Span<std::byte> recv_buf) const = 0;
    virtual void all_reduce(tt::stl::Span<std::byte> send_buf, tt::stl::Span<std::byte> recv_buf, ReduceOp op,
                            DType dtype) const = 0;
    virtual void reduce(tt::stl::Span<std::byte> send_buf, tt::stl::Span<std::byte> recv_buf, ReduceOp op,
                        DType dtype, Rank root) const = 0;
    virtual void reduce_scatter(tt::stl::Span<std::byte> send_buf, tt::stl::Span<std::byte> recv_buf, ReduceOp op,
                                DType dtype) const = 0;
    virtual void scan(tt::stl::Span<std::byte> send_buf, tt::stl::Span<std::byte> recv_buf, ReduceOp op,
                      DType dtype) const = 0;

    // Typed forms of the reductions.
    template <class T>
        requires is_supported_dtype_v<T>
    void all_reduce(tt::stl::Span<T> send_buf, tt::stl::Span<T> recv_buf, ReduceOp op) const {
        all_reduce(std::as_writable_bytes(send_buf), std::as_writable_bytes(recv_buf), op, dtype_of_v<T>);
    }
    template <class T>
        requires is_supported_dtype_v<T>
    void reduce(tt::stl::Span<T> send_buf, tt::stl::Span<T> recv_buf, ReduceOp op, Rank root) const {
        reduce(std::as_writable_bytes(send_buf), std::as_writable_bytes(recv_buf), op, dtype_of_v<T>, root);
    }
    template <class T>
        requires is_supported_dtype_v<T>
    void scan(tt::stl::Span<T> send_buf, tt::stl::Span<T> recv_buf, ReduceOp op) const {
        scan(std::as_writable_bytes(send_buf), std::as_writable_bytes(recv_buf), op, dtype_of_v<T>);
    }
    template <class T>
        requires is_supported_dtype_v<T>
    void reduce_scatter(tt::stl::Span<T> send_buf, tt::stl::Span<T> recv_buf, ReduceOp op) const {
        reduce_scatter(std::as_writable_bytes(send_buf), std::as_writable_bytes(recv_buf), op, dtype_of_v<T>);
    }

    [[nodiscard]] virtual ContextPtr duplicate() const = 0;
    [[nodiscard]] virtual ContextPtr split(Color color, Key key) const = 0;
    [[nodiscard]] virtual ContextPtr create_sub_context(tt::stl::Span<int> ranks) const = 0;
    virtual void translate_ranks_to_other_ctx(tt::stl::Span<int> ranks, const ContextPtr& other_ctx,
                                              tt::stl::Span<int> translated_ranks) const = 0;
    virtual void abort(int error_code) const = 0;
    virtual void revoke_and_shrink() = 0;
    [[nodiscard]] virtual bool is_revoked() = 0;
    virtual std::size_t snoop_incoming_msg_size(Rank source, Tag tag) const = 0;

    virtual ~DistributedContext() = default;

protected:
    static DistributedContextId generate_unique_id();
    DistributedContextId id_{0};
};

}  // namespace tt::tt_metal::distributed::multihost
