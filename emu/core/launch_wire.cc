#include "launch_wire.h"

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <type_traits>

namespace ttemu {
namespace {

class Writer {
public:
    template <typename T>
    void Put(T v) {
        static_assert(std::is_trivially_copyable_v<T>);
        out_.append(reinterpret_cast<const char*>(&v), sizeof v);
    }
    void Str(const std::string& s) {
        Put<std::uint64_t>(s.size());
        out_ += s;
    }
    void Words(const std::vector<std::uint32_t>& w) {
        Put<std::uint64_t>(w.size());
        out_.append(reinterpret_cast<const char*>(w.data()), w.size() * 4);
    }
    std::string Take() { return std::move(out_); }

private:
    std::string out_;
};

class Reader {
public:
    explicit Reader(const std::string& in) : in_(in) {}
    template <typename T>
    T Get() {
        T v;
        std::memcpy(&v, Take(sizeof v), sizeof v);
        return v;
    }
    std::uint64_t Count(std::uint64_t each) {
        const auto n = Get<std::uint64_t>();
        if (each && n > (in_.size() - at_) / each) throw std::runtime_error("launch plan: a count past its bytes");
        return n;
    }
    std::string Str() {
        const std::uint64_t n = Count(1);
        return std::string(Take(n), n);
    }
    std::vector<std::uint32_t> Words() {
        const std::uint64_t n = Count(4);
        std::vector<std::uint32_t> w(n);
        if (n) std::memcpy(w.data(), Take(n * 4), n * 4);
        return w;
    }
    bool Done() const { return at_ == in_.size(); }

private:
    const char* Take(std::uint64_t n) {
        if (n > in_.size() - at_) throw std::runtime_error("launch plan: truncated");
        const char* p = in_.data() + at_;
        at_ += n;
        return p;
    }
    const std::string& in_;
    std::size_t at_ = 0;
};

}  // namespace

std::string EncodePlan(const LaunchPlan& plan) {
    Writer w;
    w.Put(reinterpret_cast<std::uintptr_t>(plan.chip));
    w.Put(plan.program_id);
    w.Put<std::uint64_t>(plan.cores.size());
    for (const auto& c : plan.cores) {
        w.Put(c.core.x), w.Put(c.core.y);
        w.Put<std::uint64_t>(c.kernels.size());
        for (const auto& k : c.kernels) {
            w.Put<std::uint64_t>(k.binary->objects.size());
            for (const auto& o : k.binary->objects) w.Str(o);
            w.Str(k.binary->name);
            w.Str(k.name);
            w.Put(k.slot), w.Put(k.noc);
            w.Words(k.args);
            w.Words(k.common_args);
        }
        w.Put<std::uint64_t>(c.cbs.size());
        for (const auto& cb : c.cbs) w.Put(cb);
        w.Put<std::uint64_t>(c.remote_cbs.size());
        for (const auto& cb : c.remote_cbs) w.Put(cb);
        w.Put<std::uint64_t>(c.semaphores.size());
        for (const auto& s : c.semaphores) w.Put(s.first), w.Put(s.second);
    }
    return w.Take();
}

LaunchPlan DecodePlan(const std::string& bytes, std::map<std::string, std::shared_ptr<CompiledKernel>>& kernels) {
    Reader r(bytes);
    LaunchPlan plan;
    plan.chip = reinterpret_cast<Chip*>(r.Get<std::uintptr_t>());
    plan.program_id = r.Get<std::uint64_t>();
    plan.cores.resize(r.Count(8));
    for (auto& c : plan.cores) {
        c.core.x = r.Get<std::uint32_t>(), c.core.y = r.Get<std::uint32_t>();
        c.kernels.resize(r.Count(8));
        for (auto& k : c.kernels) {
            std::vector<std::string> objects(r.Count(8));
            std::string key;
            for (auto& o : objects) key += (o = r.Str()) + '\n';
            std::string binary_name = r.Str();
            auto& binary = kernels[key];
            if (!binary) {
                binary = std::make_shared<CompiledKernel>();
                binary->name = std::move(binary_name);
                binary->objects = std::move(objects);
            }
            k.binary = binary;
            k.name = r.Str();
            k.slot = r.Get<Slot>();
            k.noc = r.Get<std::uint8_t>();
            k.args = r.Words();
            k.common_args = r.Words();
        }
        c.cbs.resize(r.Count(sizeof(CbLaunch)));
        for (auto& cb : c.cbs) cb = r.Get<CbLaunch>();
        c.remote_cbs.resize(r.Count(sizeof(RemoteCbLaunch)));
        for (auto& cb : c.remote_cbs) cb = r.Get<RemoteCbLaunch>();
        c.semaphores.resize(r.Count(8));
        for (auto& s : c.semaphores) s.first = r.Get<std::uint32_t>(), s.second = r.Get<std::uint32_t>();
    }
    if (!r.Done()) throw std::runtime_error("launch plan: bytes after its end");
    return plan;
}

}  // namespace ttemu
