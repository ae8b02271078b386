// Progress on a terminal (progress.hpp).
#include "progress.hpp"

#include <unistd.h>

#include <cstdio>

#include "exactdp/io/shown_text.hpp"

namespace exactdp::tool {

thread_local progress_line* progress_line::current_ = nullptr;

// A model's names in `what` are escaped: the line goes to a terminal.
progress_line::progress_line(std::string what) : what_(shown_text(what)), outer_(current_) {
  current_ = this;
  if (isatty(STDERR_FILENO)) thread_ = std::thread([this] { show(); });
}

progress_line::~progress_line() {
  current_ = outer_;
  if (!thread_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  stop_.notify_one();
  thread_.join();
}

void progress_line::report(std::size_t done, std::size_t total) {
  if (!current_) return;
  current_->done_.store(done, std::memory_order_relaxed);
  current_->total_.store(total, std::memory_order_relaxed);
}

void progress_line::show() {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  std::unique_lock<std::mutex> lock(mutex_);
  if (stop_.wait_for(lock, std::chrono::seconds(1), [this] { return stopping_; })) return;
  do {
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(clock::now() - start).count();
    const std::size_t total = total_.load(std::memory_order_relaxed);
    if (total > 0)
      std::fprintf(stderr, "\rexactdp: %s... %lld s (%zu of %zu)   ", what_.c_str(), static_cast<long long>(seconds),
                   done_.load(std::memory_order_relaxed), total);
    else
      std::fprintf(stderr, "\rexactdp: %s... %lld s   ", what_.c_str(), static_cast<long long>(seconds));
    std::fflush(stderr);
    shown_ = true;
  } while (!stop_.wait_for(lock, std::chrono::milliseconds(200), [this] { return stopping_; }));
  std::fprintf(stderr, "\r%*s\r", 79, "");
  std::fflush(stderr);
}

}  // namespace exactdp::tool
