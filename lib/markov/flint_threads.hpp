// lib/markov/flint_threads.hpp (private to the library: FLINT types): runs
// FLINT's threaded kernels (nmod_mat_mul inside nmod_mat_lu) on
// solve_threads() threads for one scope of the calling thread.
#pragma once

#include <flint/flint.h>
#include <flint/thread_pool.h>

#include <algorithm>
#include <mutex>
#include <thread>

#include "exactdp/markov/solve_threads.hpp"

namespace exactdp::detail {

/// For its lifetime, lets FLINT calls of the calling thread start up to
/// solve_threads() - 1 workers, then restores the thread's former limit.
/// FLINT's pool is made once, with one worker less than the machine's cores
/// (at least one), unless the program made it already; a request above the
/// pool's size gets the pool. Other threads' limits are untouched: FLINT
/// keeps the limit per thread. Cost: nothing after the first scope.
class flint_threads_scope {
 public:
  flint_threads_scope() : saved_(flint_get_num_threads() - 1) {
    static std::once_flag made;
    std::call_once(made, [] {
      if (global_thread_pool_initialized) return;
      const unsigned cores = std::max(2U, std::thread::hardware_concurrency());
      const int mine = flint_get_num_threads();  // flint_set_num_threads also sets this thread's limit
      flint_set_num_threads(static_cast<int>(cores));
      flint_reset_num_workers(mine - 1);
    });
    const auto pool = static_cast<std::size_t>(thread_pool_get_size(global_thread_pool));
    flint_reset_num_workers(static_cast<int>(std::min(solve_threads() - 1, pool)));
  }
  ~flint_threads_scope() { flint_reset_num_workers(saved_); }
  flint_threads_scope(const flint_threads_scope&) = delete;
  flint_threads_scope& operator=(const flint_threads_scope&) = delete;

 private:
  int saved_;
};

}  // namespace exactdp::detail
