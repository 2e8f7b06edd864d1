// Kernels are owned by their program; applications only hold them as std::shared_ptr<Kernel>
// (Program::get_kernel, SetRuntimeArgs overloads 3 and 4). The stand-in keeps the class opaque.
#pragma once

#include <string>

namespace tt::tt_metal {
inline namespace v0 {
class Kernel {
public:
    virtual ~Kernel() = default;
    virtual std::string name() const = 0;
};
}  // namespace v0
}  // namespace tt::tt_metal
