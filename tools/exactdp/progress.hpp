// Progress on standard error for long runs, when standard error is a
// terminal: "exactdp: computing the exact value... 12 s (3 of 40)",
// rewritten in place from one second after the run starts, at most five
// times a second, and cleared when the run ends. Any run of any command
// shows it: a run that is estimated to take more than a second is a run
// that takes more than a second.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace exactdp::tool {

class progress_line {
 public:
  /// Starts showing `what` after a second, if standard error is a terminal.
  explicit progress_line(std::string what);
  /// Stops and clears the line.
  ~progress_line();
  progress_line(const progress_line&) = delete;
  progress_line& operator=(const progress_line&) = delete;

  /// Reports how far the innermost running line is (done of total), shown
  /// beside the time; does nothing when no line runs on this thread. Pass it
  /// as the library's progress callback.
  static void report(std::size_t done, std::size_t total);

 private:
  void show();
  std::string what_;
  std::atomic<std::size_t> done_{0}, total_{0};
  std::mutex mutex_;
  std::condition_variable stop_;
  bool stopping_ = false;
  bool shown_ = false;
  std::thread thread_;
  progress_line* outer_ = nullptr;
  static thread_local progress_line* current_;
};

}  // namespace exactdp::tool
