// Test support: the peak memory a piece of work adds to a child process,
// to test the budgets' estimates against what really happens (getrusage
// and /proc/self/status, Linux only).
#pragma once

#include <malloc.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <string>

namespace exactdp::test {

/// VmHWM (the peak resident set) of this process, in KiB; -1 when unknown.
inline long peak_resident_kib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

/// The peak memory (bytes) that work(prepare()) adds to a child process:
/// the child runs prepare() (what the work starts from, not measured),
/// resets its peak (/proc/self/clear_refs) and runs the work; the parent
/// reads the child's peak through wait4's rusage and subtracts the resident
/// size before the work, which the child writes to a pipe. Returns -1 when
/// the work threw. Memory that earlier tests freed stays resident in the
/// allocator's arenas, and a child that reuses it grows nothing: it is
/// given back first (malloc_trim). Pages touched before the work are not
/// counted; callers allow a few MiB for the process's own arenas.
template <class Prepare, class Work>
long double child_peak_bytes(Prepare prepare, Work work) {
  malloc_trim(0);
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    close(fds[0]);
    long words[2] = {-1, -1};
    try {
      auto prepared = prepare();
      {
        std::ofstream clear("/proc/self/clear_refs");
        clear << "5";  // resets the peak resident set to the current one
      }
      const long before = peak_resident_kib();
      bool ok = true;
      try {
        work(prepared);
      } catch (...) {
        ok = false;
      }
      words[0] = ok ? before : -1;
      words[1] = peak_resident_kib();
    } catch (...) {
    }
    (void)!write(fds[1], words, sizeof words);
    _exit(0);
  }
  close(fds[1]);
  long words[2] = {-1, -1};
  const auto got = read(fds[0], words, sizeof words);
  close(fds[0]);
  int status = 0;
  struct rusage usage {};
  REQUIRE(wait4(child, &status, 0, &usage) == child);
  if (got != static_cast<long>(sizeof words) || words[0] < 0) return -1;
  // ru_maxrss (KiB) is the child's peak over its whole life; after the
  // reset the peak is the work's (words[1]), which ru_maxrss bounds.
  const long peak = std::min<long>(words[1], usage.ru_maxrss);
  return 1024.0L * static_cast<long double>(peak - words[0]);
}

}  // namespace exactdp::test
