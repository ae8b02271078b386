// exactdp/numeric/errors.hpp: the library's error kinds and the state budget.
//
// Bad input throws std::invalid_argument; "no answer exists" (division by zero
// mod P, an infinite expectation) throws std::domain_error; a table that would
// exceed the state budget throws exactdp::resource_error before anything is
// allocated. Status: tests/numeric/test_policies.cpp ("budgets refuse before
// allocating") and the budget tests of every family.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace exactdp {

/// Thrown when a computation would need more memory than the state budget.
/// The message says how many states, how many bytes and the limit.
class resource_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The state budget: the most bytes of tables one computation may allocate.
/// Default 2 GiB; the tool's --max-memory changes it. Not thread-safe to change
/// while another thread computes.
inline std::uint64_t& state_budget_bytes() {
  static std::uint64_t bytes = std::uint64_t{2} << 30;
  return bytes;
}

namespace detail {
inline std::string human_bytes(long double bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int u = 0;
  while (bytes >= 1024 && u < 6) {
    bytes /= 1024;
    ++u;
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3Lg %s", bytes, units[u]);
  return buf;
}
}  // namespace detail

/// Checks, before allocation, that `states` entries of `bytes_per_state` bytes
/// fit the state budget. `what` names the table in the message, and `unit`
/// what it counts ("states", "bytes of text"). Arguments may
/// be any size: the product is computed without overflow.
/// Throws resource_error: "<what> needs N states × B bytes = X, above the state
/// budget of Y (raise it with exactdp::state_budget_bytes())" (the tool
/// names its --max-memory option instead). Cost: O(1).
inline void check_state_budget(const std::string& what, long double states, std::size_t bytes_per_state,
                               const char* unit = "states") {
  const long double bytes = states * static_cast<long double>(bytes_per_state);
  if (bytes > static_cast<long double>(state_budget_bytes())) {
    char count[64];
    std::snprintf(count, sizeof count, "%.4Lg", states);
    throw resource_error(what + " needs " + count + " " + unit + " x " + std::to_string(bytes_per_state) +
                         " bytes = " + detail::human_bytes(bytes) + ", above the state budget of " +
                         detail::human_bytes(static_cast<long double>(state_budget_bytes())) +
                         " (raise it with exactdp::state_budget_bytes())");
  }
}

/// The work budget: the most elementary steps (word operations, estimated
/// before starting) one computation may take, so that no input hangs the
/// caller. Default 4·10^10 (about a minute); the tool's --max-work changes it.
inline long double& work_budget_steps() {
  static long double steps = 4e10L;
  return steps;
}

/// Checks, before starting, that an estimated `steps` word operations fit the
/// work budget. Throws resource_error: "<what> needs about N steps, above the
/// work budget of M (raise it with exactdp::work_budget_steps())" (the tool
/// names its --max-work option instead). Cost: O(1).
inline void check_work_budget(const std::string& what, long double steps) {
  if (steps > work_budget_steps()) {
    char need[64], limit[64];
    std::snprintf(need, sizeof need, "%.3Lg", steps);
    std::snprintf(limit, sizeof limit, "%.3Lg", work_budget_steps());
    throw resource_error(what + " needs about " + need + " elementary steps, above the work budget of " + limit +
                         " (raise it with exactdp::work_budget_steps())");
  }
}

}  // namespace exactdp
