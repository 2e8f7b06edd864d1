// The version of the ltcap tools: written into every log's header by the shim, printed by `ltcap --version`.
// Raise it with every release and with every log format change (docs/log-format.md lists which wrote what).
#pragma once

namespace ltcap {
constexpr const char* kToolVersion = "0.7.0";
}  // namespace ltcap
