// exactdp/markov/solve_threads.hpp: how many threads the dense eliminations
// modulo a prime may use: FLINT's nmod_mat_lu, in the residue solve of a
// component (solve_dense_residue, from 1024 states) and in the one
// factorisation of the exact solve's p-adic lifting. A setting of the
// calling thread for a scope (solve_threads_scope), like the modulus of
// DynModInt: nothing global changes, and other threads keep theirs.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <thread>

namespace exactdp {

namespace detail {
/// The calling thread's setting: 0 means the machine's cores.
inline std::size_t& solve_threads_setting() {
  thread_local std::size_t threads = 0;
  return threads;
}
}  // namespace detail

/// The threads a dense elimination modulo a prime started on the calling
/// thread may use: the innermost solve_threads_scope's count, or else the
/// machine's cores (std::thread::hardware_concurrency, 1 when unknown).
/// Results do not depend on it: the factorisation is the same on any
/// number of threads. Cost: O(1).
/// Example: inside solve_threads_scope(2), solve_threads() == 2.
inline std::size_t solve_threads() {
  if (const std::size_t n = detail::solve_threads_setting(); n > 0) return n;
  const unsigned cores = std::thread::hardware_concurrency();
  return cores > 0 ? cores : 1;
}

/// Sets solve_threads() for the calling thread for the lifetime of the
/// scope, and restores the previous setting afterwards. The tool's
/// `--threads N` is one. Throws std::invalid_argument when threads is 0.
/// Requests above the machine's cores get the threads FLINT's pool has (one
/// per core).
/// Status: tests/markov/test_modular.cpp solves the same components on 1
/// and 2 threads and compares the answers.
class solve_threads_scope {
 public:
  explicit solve_threads_scope(std::size_t threads) : saved_(detail::solve_threads_setting()) {
    if (threads == 0) throw std::invalid_argument("the number of threads must be at least 1");
    detail::solve_threads_setting() = threads;
  }
  ~solve_threads_scope() { detail::solve_threads_setting() = saved_; }
  solve_threads_scope(const solve_threads_scope&) = delete;
  solve_threads_scope& operator=(const solve_threads_scope&) = delete;

 private:
  std::size_t saved_;
};

}  // namespace exactdp
