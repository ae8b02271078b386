// Test support: run the exactdp tool as a process, within time and memory
// limits, and capture what it prints. For crashes, hangs, memory, standard
// input and exit statuses as the shell sees them; the in-process runner
// (run_in_process.hpp) is faster for everything else.
//
// Every test case that runs the tool as a process starts with
// EXACTDP_SKIP_WITHOUT_TOOL(): without the tool (EXACTDP_TOOL_PATH empty) it
// warns and returns, as Catch2 v2 has no SKIP.
#pragma once

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <csignal>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "support/paths.hpp"
#include "support/tool_result.hpp"

namespace exactdp::test {

/// Whether the tool was built with the tests.
inline bool tool_built() { return std::string(EXACTDP_TOOL_PATH).size() > 0; }

#define EXACTDP_SKIP_WITHOUT_TOOL()                                              \
  do {                                                                           \
    if (!::exactdp::test::tool_built()) {                                        \
      WARN("skipped: the exactdp tool was not built (EXACTDP_BUILD_TOOLS=OFF)"); \
      return;                                                                    \
    }                                                                            \
  } while (false)

/// Skips a test of a run that may take most of the work budget: under the
/// sanitizers it would take several minutes and prove nothing more.
#ifdef EXACTDP_SANITIZE
#define EXACTDP_SKIP_UNDER_SANITIZERS()                                         \
  do {                                                                          \
    WARN("skipped under the sanitizers: a run of up to the whole work budget"); \
    return;                                                                     \
  } while (false)
#else
#define EXACTDP_SKIP_UNDER_SANITIZERS() \
  do {                                  \
  } while (false)
#endif

/// Limits for one run of the tool: wall-clock seconds (exceeded: status 124),
/// processor seconds (0: none; exceeded: SIGXCPU, status 152), and address
/// space in MiB (0: none; not applied under AddressSanitizer, which reserves
/// terabytes of address space). Under the sanitizers, which slow the tool
/// down, the time limits are five times longer. The limits guard against
/// hangs and runaway work or allocations; they are not speed tests. A
/// processor limit holds on a loaded machine, where a wall-clock limit must
/// be generous.
struct tool_limits {
  int seconds = 60;
  long memory_mib = 0;
  int cpu_seconds = 0;
};

/// The status of a run ended by its processor limit.
constexpr int cpu_limit_status = 128 + SIGXCPU;

/// Runs `exactdp args...` (the tool built with the tests) within `limits` and
/// returns its exit status and output. `input` goes to stdin. The arguments
/// go to execv as they are: no shell, and no limit on their size but the
/// system's (a single argument of up to 128 KiB, all of them up to ARG_MAX).
inline tool_result run_tool(const std::vector<std::string>& args, const std::string& input = "",
                            tool_limits limits = {}) {
  char dir_template[] = "/tmp/exactdp-test-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const std::string in_path = dir + "/in", out_path = dir + "/out", err_path = dir + "/err";
  std::ofstream(in_path, std::ios::binary) << input;
#ifdef EXACTDP_SANITIZE
  limits.seconds *= 5;
  limits.cpu_seconds *= 5;
#endif
  // timeout(1) ends the tool after the limit (status 124), and kills it 5 s
  // later if it is still there.
  std::vector<std::string> words = {"timeout", "--kill-after=5", std::to_string(limits.seconds), EXACTDP_TOOL_PATH};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  const pid_t child = fork();
  if (child == 0) {
    if (limits.cpu_seconds > 0) {
      const rlimit cpu{static_cast<rlim_t>(limits.cpu_seconds), static_cast<rlim_t>(limits.cpu_seconds) + 5};
      setrlimit(RLIMIT_CPU, &cpu);
    }
#ifndef EXACTDP_SANITIZE
    if (limits.memory_mib > 0) {
      const rlim_t bytes = static_cast<rlim_t>(limits.memory_mib) * 1024 * 1024;
      const rlimit limit{bytes, bytes};
      setrlimit(RLIMIT_AS, &limit);
    }
#endif
    const int in = open(in_path.c_str(), O_RDONLY);
    const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(127);
    execvp("timeout", argv.data());
    _exit(127);
  }
  int raw = 0;
  tool_result r;
  if (child > 0 && waitpid(child, &raw, 0) == child) r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  r.out = read_all(out_path);
  r.err = read_all(err_path);
  std::remove(in_path.c_str());
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  rmdir(dir.c_str());
  return r;
}

}  // namespace exactdp::test
