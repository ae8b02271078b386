// The budgets every fuzz target runs under: 256 MiB of state and 10^9 steps
// of work, set before the first input. The library's defaults (2 GiB, 4e10
// steps) are for real problems; under ASan a table near 2 GiB passes the
// fuzzer's 2 GB memory limit, and a minute of work its 10 s limit. The
// paths are the same at any budget: an input that would pass these budgets
// must be refused with resource_error, which is what the fuzzer checks.
#pragma once

#include <cstdint>

#include "exactdp/numeric/errors.hpp"

namespace exactdp::fuzz {

inline const bool budgets_set = [] {
  set_default_budgets({.state_bytes = std::uint64_t{256} << 20, .work_steps = 1e9L});
  return true;
}();

}  // namespace exactdp::fuzz
