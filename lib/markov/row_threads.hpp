// lib/markov/row_threads.hpp (private to the library): the one place that
// splits the rows of a step over threads. A team of threads is made once
// (per exact solve) and then runs many short steps: each step's rows
// [begin, end) are cut into one block of consecutive rows per thread, the
// calling thread taking the first. The blocks are fixed by the rows and the
// team's size, and a step writes only its own rows, so that the results do
// not depend on the number of threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace exactdp::detail {

/// A team of `threads` threads (the caller and threads - 1 workers, started
/// by the constructor and joined by the destructor) that runs a function on
/// blocks of rows. Workers do not poll for interrupts (the interrupt checker
/// is the calling thread's): the caller polls between steps.
class row_threads {
 public:
  /// threads >= 1; min_rows >= 1: no block has fewer rows than min_rows,
  /// except the only one (so small steps use fewer threads).
  row_threads(std::size_t threads, std::size_t min_rows) : min_rows_(std::max<std::size_t>(min_rows, 1)) {
    errors_.resize(std::max<std::size_t>(threads, 1));
    for (std::size_t w = 1; w < errors_.size(); ++w) workers_.emplace_back([this, w] { work(w); });
  }
  ~row_threads() {
    {
      const std::lock_guard lock(mutex_);
      stop_.store(true, std::memory_order_release);
    }
    start_.notify_all();
    for (auto& t : workers_) t.join();
  }
  row_threads(const row_threads&) = delete;
  row_threads& operator=(const row_threads&) = delete;

  std::size_t size() const { return errors_.size(); }

  /// Calls part(from, to) on consecutive blocks covering [begin, end), one
  /// per thread at most, and returns once every block is done. An exception
  /// thrown by a part is rethrown here after all parts have ended (the
  /// first block's first). Cost: the parts, plus one wake-up of each worker.
  void for_rows(std::size_t begin, std::size_t end, const std::function<void(std::size_t, std::size_t)>& part) {
    if (end <= begin) return;
    const std::size_t blocks = std::clamp<std::size_t>((end - begin) / min_rows_, 1, size());
    if (blocks == 1) {
      part(begin, end);
      return;
    }
    part_ = &part;
    begin_ = begin;
    end_ = end;
    blocks_ = blocks;
    running_.store(workers_.size(), std::memory_order_relaxed);  // every worker answers every step
    {
      const std::lock_guard lock(mutex_);  // a worker that blocks checks step_ under it
      step_.fetch_add(1, std::memory_order_release);
    }
    start_.notify_all();
    run(0);
    if (!spin([this] { return running_.load(std::memory_order_acquire) == 0; })) {
      std::unique_lock lock(mutex_);
      done_.wait(lock, [this] { return running_.load(std::memory_order_acquire) == 0; });
    }
    for (std::size_t b = 0; b < blocks; ++b) {
      if (errors_[b]) {
        const std::exception_ptr e = errors_[b];
        std::fill(errors_.begin(), errors_.end(), nullptr);
        std::rethrow_exception(e);
      }
    }
  }

 private:
  // Block b of the current step, its exception kept for the caller.
  void run(std::size_t b) {
    const std::size_t rows = end_ - begin_;
    try {
      (*part_)(begin_ + rows * b / blocks_, begin_ + rows * (b + 1) / blocks_);
    } catch (...) {
      errors_[b] = std::current_exception();
    }
  }

  // Waits for `ready` by spinning a few microseconds (a lifting's steps
  // follow each other closely); false when it is still not ready, and the
  // caller then blocks on a condition variable.
  template <class Ready>
  static bool spin(Ready ready) {
    for (int k = 0; k < 1024; ++k) {
      if (ready()) return true;
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
    }
    return false;
  }

  void work(std::size_t w) {
    std::uint64_t seen = 0;
    for (;;) {
      const auto started = [&] { return step_.load(std::memory_order_acquire) != seen; };
      if (!spin([&] { return started() || stop_.load(std::memory_order_relaxed); })) {
        std::unique_lock lock(mutex_);
        start_.wait(lock, [&] { return started() || stop_.load(std::memory_order_relaxed); });
      }
      if (stop_.load(std::memory_order_acquire)) return;
      seen = step_.load(std::memory_order_acquire);
      if (w < blocks_) run(w);  // fewer blocks than threads in a small step
      if (running_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        const std::lock_guard lock(mutex_);  // the caller may be about to block
        done_.notify_one();
      }
    }
  }

  std::size_t min_rows_;
  std::vector<std::exception_ptr> errors_;  // one per block
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_, done_;
  // The current step, written by the caller before step_ is raised.
  const std::function<void(std::size_t, std::size_t)>* part_ = nullptr;
  std::size_t begin_ = 0, end_ = 0, blocks_ = 0;
  std::atomic<std::size_t> running_ = 0;  // workers not done with the step
  std::atomic<std::uint64_t> step_ = 0;
  std::atomic<bool> stop_ = false;
};

}  // namespace exactdp::detail
