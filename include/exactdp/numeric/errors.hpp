// exactdp/numeric/errors.hpp: the library's error kinds, the budgets and the
// interrupt hook.
//
// Bad input throws std::invalid_argument; "no answer exists" (division by zero
// mod P, an infinite expectation) throws std::domain_error (no_residue_error
// for the first); a table that would
// exceed the state budget, or work that would exceed the work budget, throws
// exactdp::resource_error before anything is allocated or started; an int64
// game value that would leave the int64 range throws std::overflow_error; a
// computation stopped by its thread's interrupt checker throws what the
// checker throws (exactdp::interrupted_error by convention).
// Status: tests/numeric/test_policies.cpp ("budgets refuse before
// allocating"), the budget tests of every family, tests/threads/.
//
// Threads: the budgets and the interrupt checker belong to the calling
// thread (thread_local). A thread starts with the process-wide default
// budgets (set_default_budgets) and changes its own with budget_scope;
// nothing one thread sets is seen by another.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace exactdp {

/// Thrown when a computation would need more memory than the state budget,
/// or more steps than the work budget. The message says how much and the limit.
class resource_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Thrown when a value has no residue modulo the prime P: a division by a
/// multiple of P (no inverse of 0 mod P), or a fraction whose reduced
/// denominator P divides. A std::domain_error ("no answer exists"), so code
/// that catches those catches it too; front ends tell it apart to say that
/// the residue may still be taken from the exact value (api/answer.hpp).
class no_residue_error : public std::domain_error {
 public:
  using std::domain_error::domain_error;
};

/// Thrown by a computation whose value is +infinity: an expected reward
/// until a target that a play misses with positive probability, which
/// PRISM and Storm print as Infinity. The message says why (which state can
/// be entered and never left). api::compute_answer makes it the answer
/// Infinity (api::answer::infinite), not a failure; a caller without it
/// still sees a std::domain_error ("no finite value").
class infinite_value_error : public std::domain_error {
 public:
  using std::domain_error::domain_error;
};

/// Throws `err` again with `context` before its message ("the payoff of state
/// s: " + what), keeping its kind: no_residue_error and infinite_value_error
/// stay what they are, any other domain error becomes a std::domain_error. The one rule for adding where a
/// domain error happened. Example: catch (const std::domain_error& e) {
/// throw_domain_error_in("the reward of s: ", e); }
[[noreturn]] inline void throw_domain_error_in(const std::string& context, const std::domain_error& err) {
  if (dynamic_cast<const no_residue_error*>(&err) != nullptr) throw no_residue_error(context + err.what());
  if (dynamic_cast<const infinite_value_error*>(&err) != nullptr) throw infinite_value_error(context + err.what());
  throw std::domain_error(context + err.what());
}

/// Thrown, by convention, by an interrupt checker (interrupt_scope) to stop a
/// long computation, for example when the user presses Ctrl-C. The library
/// never throws it itself; it lets the checker's exception propagate.
class interrupted_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The one wording of a modulus outside 2 < P < limit, in the library and in
/// every front end (the tool's --modulus, Python's modulus=): `text` is the
/// modulus as given (a front end's value may not fit 64 bits, or be no
/// number), `limit` is 2^62 or, for a solver that computes in 32-bit
/// residues, 2^31 (which the message says). Cost: linear in the text.
/// Example: modulus_range_error("2").what() is "the modulus must be a prime P with 2 < P < 2^62 = 4611686018427387904,
/// not '2'".
std::invalid_argument modulus_range_error(std::string_view text, std::uint64_t limit = std::uint64_t{1} << 62);

/// The two limits of one computation: the most bytes of tables it may
/// allocate (state budget) and the most elementary steps (word operations,
/// estimated before starting) it may take (work budget). Defaults 2 GiB and
/// 4·10^10 steps (about a minute).
struct budgets {
  std::uint64_t state_bytes = std::uint64_t{2} << 30;
  long double work_steps = 4e10L;
};

namespace detail {

inline std::mutex& default_budgets_mutex() {
  static std::mutex m;
  return m;
}
inline budgets& default_budgets_storage() {
  static budgets b;
  return b;
}

/// The calling thread's budgets, taken from the defaults when the thread
/// first uses them.
inline budgets& thread_budgets() {
  thread_local budgets b = [] {
    const std::lock_guard lock(default_budgets_mutex());
    return default_budgets_storage();
  }();
  return b;
}

inline void check_work_steps(long double steps) {
  if (!(steps >= 0) || std::isinf(steps))
    throw std::invalid_argument("a work budget must be a finite number of steps >= 0");
}

}  // namespace detail

/// The process-wide default budgets, which every thread starts from.
/// Thread-safe. Cost: O(1) (one mutex).
/// Example: default_budgets().state_bytes == 2 << 30 unless set_default_budgets changed it.
inline budgets default_budgets() {
  const std::lock_guard lock(detail::default_budgets_mutex());
  return detail::default_budgets_storage();
}

/// Sets the process-wide default budgets. A thread takes the defaults when
/// it first checks or reads a budget, so set them before starting the
/// threads that should use them (a thread that has already computed keeps
/// its own); the calling thread's own limits are changed only if it has not
/// used them yet. Thread-safe. Throws std::invalid_argument when
/// work_steps is negative, infinite or NaN. Cost: O(1).
/// Example: set_default_budgets({.state_bytes = 1 << 30}) makes default_budgets().state_bytes 2^30.
inline void set_default_budgets(const budgets& b) {
  detail::check_work_steps(b.work_steps);
  const std::lock_guard lock(detail::default_budgets_mutex());
  detail::default_budgets_storage() = b;
}

/// The calling thread's budgets. Cost: O(1).
/// Example: current_budgets().work_steps == 4e10 on a thread that kept the defaults.
inline budgets current_budgets() { return detail::thread_budgets(); }

/// The calling thread's state budget in bytes. Assigning through the
/// reference changes it for this thread only and until changed back; prefer
/// budget_scope, which restores it. The tool's --max-memory sets it.
/// Example: state_budget_bytes() == current_budgets().state_bytes.
inline std::uint64_t& state_budget_bytes() { return detail::thread_budgets().state_bytes; }

/// The calling thread's work budget in elementary steps. Assigning through
/// the reference changes it for this thread only; prefer budget_scope. The
/// tool's --max-work sets it.
/// Example: work_budget_steps() == current_budgets().work_steps.
inline long double& work_budget_steps() { return detail::thread_budgets().work_steps; }

/// budget_scope's argument: each limit given replaces the thread's, a limit
/// left out is kept. Example: `budget_scope s({.work_steps = 1e6L});`.
struct budget_limits {
  std::optional<std::uint64_t> state_bytes = std::nullopt;
  std::optional<long double> work_steps = std::nullopt;
};

/// Sets the calling thread's budgets for the lifetime of the scope and
/// restores the previous ones when it ends (also on an exception). Other
/// threads are not affected. Throws std::invalid_argument when work_steps is
/// negative, infinite or NaN. Cost: O(1).
/// Status: tested in tests/threads/test_threads.cpp (two threads with
/// different budgets, one refused and one not, under ThreadSanitizer).
class budget_scope {
 public:
  explicit budget_scope(const budget_limits& limits) : saved_(detail::thread_budgets()) {
    if (limits.work_steps) detail::check_work_steps(*limits.work_steps);
    if (limits.state_bytes) state_budget_bytes() = *limits.state_bytes;
    if (limits.work_steps) work_budget_steps() = *limits.work_steps;
  }
  ~budget_scope() { detail::thread_budgets() = saved_; }
  budget_scope(const budget_scope&) = delete;
  budget_scope& operator=(const budget_scope&) = delete;

 private:
  budgets saved_;
};

namespace detail {
inline std::string human_bytes(long double bytes, int digits = 3) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int u = 0;
  while (bytes >= 1024 && u < 6) {
    bytes /= 1024;
    ++u;
  }
  // Up to 1023 units: at least the integer digits, so that 1023.9 bytes read
  // "1024 B", not "1.02e+03 B".
  const int whole = bytes >= 1000 ? 4 : bytes >= 100 ? 3 : bytes >= 10 ? 2 : 1;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*Lg %s", std::max(digits, whole), bytes, units[u]);
  return buf;
}

// A need and a limit as words, with as many digits as tell them apart (a
// need just above the limit must not read "needs 2 GiB, above 2 GiB").
template <class Words>
std::pair<std::string, std::string> distinct_words(long double need, long double limit, Words words) {
  for (const int digits : {3, 6, 10, 19}) {
    std::pair<std::string, std::string> w{words(need, digits), words(limit, digits)};
    if (w.first != w.second || digits == 19) return w;
  }
  return {};
}

inline std::string count_words(long double count, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*Lg", digits, count);
  return buf;
}

/// What the calling thread holds beside its computation (budget_hold): the
/// bytes, and their names for messages ("the chain model").
struct held_memory {
  long double bytes = 0;
  std::string words;
};
inline held_memory& thread_held() {
  thread_local held_memory h;
  return h;
}
}  // namespace detail

/// Counts `bytes` that the calling thread holds while it computes (a model
/// read from a file, kept for its names while its chain is solved) in every
/// state budget check of the scope: a check passes when its need and the
/// bytes held fit the budget together, and a refusal names both. `words`
/// names what is held ("the chain model d3200.tra"). Scopes nest: their
/// bytes add up; each restores the previous hold when it ends. Other threads
/// are not affected. Cost: O(1).
/// Example: under `budget_hold h("the model", 1.5e9);`, check_state_budget("a table", 1e9, 1, "bytes")
/// throws resource_error with the default state budget of 2 GiB.
class budget_hold {
 public:
  budget_hold(const std::string& words, long double bytes) : saved_(detail::thread_held()) {
    detail::held_memory& h = detail::thread_held();
    h.bytes += bytes;
    h.words = h.words.empty() ? words : h.words + " and " + words;
  }
  ~budget_hold() { detail::thread_held() = std::move(saved_); }
  budget_hold(const budget_hold&) = delete;
  budget_hold& operator=(const budget_hold&) = delete;

 private:
  detail::held_memory saved_;
};

/// Checks, before allocation, that `states` entries of `bytes_per_state` bytes
/// fit the calling thread's state budget, with what it holds (budget_hold). `what` names the table in the
/// message, and `unit` what it counts ("states", "bytes of text"). Arguments
/// may be any size: the product is computed without overflow.
/// Throws resource_error: "<what> needs N states × B bytes = X, above the state
/// budget of Y (raise it with exactdp::state_budget_bytes())", or "<what>
/// needs X, above ..." for a count of bytes (B = 1, unit "bytes"); under a
/// budget_hold, "<what> needs X, and with <held> held beside it (H) Z, above
/// ..."; the tool names its --max-memory option instead. Cost: O(1).
/// Example: check_state_budget("a table", 1e30, 8) throws resource_error.
inline void check_state_budget(const std::string& what, long double states, std::size_t bytes_per_state,
                               const char* unit = "states") {
  const long double bytes = states * static_cast<long double>(bytes_per_state);
  const detail::held_memory& held = detail::thread_held();
  const long double total = bytes + held.bytes;
  const std::uint64_t limit = state_budget_bytes();
  if (total > static_cast<long double>(limit)) {
    // "needs 2e+06 states x 96 bytes = 183 MiB", or "needs 183 MiB" for a size in bytes.
    auto [need, have] = detail::distinct_words(total, static_cast<long double>(limit), [](long double b, int digits) {
      return detail::human_bytes(b, digits);
    });
    if (held.bytes > 0)
      need = detail::human_bytes(bytes) + ", and with " + held.words + " held beside it (" +
             detail::human_bytes(held.bytes) + ") " + need;
    if (bytes_per_state != 1 || std::string_view(unit) != "bytes")
      need = detail::count_words(states, 4) + " " + unit + " x " + std::to_string(bytes_per_state) + " bytes = " + need;
    throw resource_error(what + " needs " + need + ", above the state budget of " + have +
                         " (raise it with exactdp::state_budget_bytes())");
  }
}

/// Checks, before starting, that an estimated `steps` word operations fit the
/// calling thread's work budget. Throws resource_error: "<what> needs about N
/// steps, above the work budget of M (raise it with
/// exactdp::work_budget_steps())" (the tool names its --max-work option
/// instead). Cost: O(1).
/// Example: check_work_budget("a table", 1e30) throws resource_error.
inline void check_work_budget(const std::string& what, long double steps) {
  const long double limit = work_budget_steps();
  if (steps > limit) {
    const auto [need, have] = detail::distinct_words(steps, limit, detail::count_words);
    throw resource_error(what + " needs about " + need + " elementary steps, above the work budget of " + have +
                         " (raise it with exactdp::work_budget_steps())");
  }
}

namespace detail {
/// The calling thread's interrupt checker, or null (constant-initialized:
/// reading it is one thread-local load, with no guard).
inline constinit thread_local const std::function<void()>* interrupt_checker = nullptr;
}  // namespace detail

/// Calls the calling thread's interrupt checker, if one is set
/// (interrupt_scope); the checker stops the computation by throwing. The
/// library calls it at coarse points of long computations (once per layer,
/// row, component or iteration; every 4096 nodes or values in searches and
/// Grundy tables). Cost: one thread-local pointer test when no checker is
/// set; otherwise the checker's cost.
/// Example: poll_interrupt() returns at once outside an interrupt_scope.
inline void poll_interrupt() {
  if (const std::function<void()>* check = detail::interrupt_checker) [[unlikely]]
    (*check)();
}

/// poll_interrupt() on every 4096th call with the same counter: for loops
/// whose steps are too short to poll on each one. Cost: an increment and a test.
/// Example: with counter 0, poll_interrupt_every_4096(counter) makes it 1 and does not poll.
inline void poll_interrupt_every_4096(std::uint64_t& counter) {
  if ((++counter & 4095) == 0) [[unlikely]]
    poll_interrupt();
}

/// Sets the calling thread's interrupt checker for the lifetime of the scope
/// and restores the previous one afterwards (scopes nest; the innermost
/// checker is the one called). The checker is called from the computing
/// thread at the points where poll_interrupt() is called; to stop the
/// computation it throws (exactdp::interrupted_error by convention), and the
/// exception propagates out of the library call, which leaves no partial
/// result behind. A checker that returns lets the computation go on. Other
/// threads are not affected. Cost: O(1).
/// Status: tested in tests/threads/test_threads.cpp (a checker that throws
/// after N polls stops the knight walk, a Markov chain, a game search and an
/// octal Grundy table; no checker gives the same answers).
class interrupt_scope {
 public:
  explicit interrupt_scope(std::function<void()> check) : check_(std::move(check)), saved_(detail::interrupt_checker) {
    if (!check_) throw std::invalid_argument("interrupt_scope needs a callable checker");
    detail::interrupt_checker = &check_;
  }
  ~interrupt_scope() { detail::interrupt_checker = saved_; }
  interrupt_scope(const interrupt_scope&) = delete;
  interrupt_scope& operator=(const interrupt_scope&) = delete;

 private:
  std::function<void()> check_;
  const std::function<void()>* saved_;
};

}  // namespace exactdp
