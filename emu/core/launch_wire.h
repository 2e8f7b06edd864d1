// A LaunchPlan as bytes, for the persistent confined worker (confine.h) that runs launches: the worker is a fork of
// this process made after every device it serves, so a plan's chip pointer is valid there; kernels travel as the
// paths of their shared objects, loaded by the worker the first time a plan names them.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "launch.h"

namespace ttemu {

std::string EncodePlan(const LaunchPlan& plan);

// The plan again. Kernels are looked up in `kernels` by their objects (and added, not loaded, when new). Throws
// std::runtime_error on bytes that are not a whole plan.
LaunchPlan DecodePlan(const std::string& bytes, std::map<std::string, std::shared_ptr<CompiledKernel>>& kernels);

}  // namespace ttemu
