// read_text: regular files, standard-input-like streams (a FIFO), and every
// refusal (missing file, directory, above the state budget).
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>

#include "exactdp/io/read_text.hpp"
#include "exactdp/numeric/errors.hpp"
#include "support/temp_file.hpp"

using Catch::Contains;
using exactdp::read_text;

namespace {

// A text of n bytes that is not periodic in 64 KiB blocks.
std::string sample_text(std::size_t n) {
  std::string s(n, ' ');
  for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<char>('a' + (i * 7 + i / 65536) % 26);
  return s;
}

// Restores the state budget when a test ends, however it ends.
struct budget_restore {
  std::uint64_t saved = exactdp::state_budget_bytes();
  ~budget_restore() { exactdp::state_budget_bytes() = saved; }
};

}  // namespace

TEST_CASE("read_text reads a regular file whole", "[io][read_text]") {
  const std::string text = sample_text(200'000);
  const exactdp::test::temp_file f("read_text.txt", text);
  CHECK(read_text(f.path(), "the model") == text);
  const exactdp::test::temp_file empty("read_text_empty.txt", "");
  CHECK(read_text(empty.path(), "the model").empty());
}

TEST_CASE("read_text reads a FIFO as a stream, like standard input", "[io][read_text]") {
  const std::string path = "/tmp/exactdp-test-" + std::to_string(::getpid()) + "-fifo";
  std::remove(path.c_str());
  REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
  const std::string text = sample_text(300'000);  // more than four 64 KiB blocks
  std::thread writer([&] { std::ofstream(path, std::ios::binary) << text; });
  std::string read;
  try {
    read = read_text(path, "the model");
  } catch (...) {
    writer.join();
    std::remove(path.c_str());
    throw;
  }
  writer.join();
  std::remove(path.c_str());
  CHECK(read == text);
}

TEST_CASE("read_text refuses what it cannot read, naming it", "[io][read_text]") {
  CHECK_THROWS_WITH(read_text("/nonexistent/exactdp/model.json", "the chain model"),
                    Contains("cannot read the chain model file '/nonexistent/exactdp/model.json'"));
  CHECK_THROWS_AS(read_text("/nonexistent/exactdp/model.json", "the chain model"), std::invalid_argument);
  CHECK_THROWS_WITH(read_text("/tmp", "the chain model"),
                    Contains("cannot read the chain model file '/tmp': it is a directory"));
}

TEST_CASE("read_text refuses input above the state budget, sized or streamed", "[io][read_text]") {
  const budget_restore restore;
  const std::string text = sample_text(100'000);
  const exactdp::test::temp_file f("read_text_big.txt", text);
  exactdp::state_budget_bytes() = 64 * 50'000;  // room for 50,000 bytes at 64 bytes each
  CHECK_THROWS_AS(read_text(f.path(), "the model"), exactdp::resource_error);
  CHECK(read_text(f.path(), "the model", 1) == text);

  const std::string path = "/tmp/exactdp-test-" + std::to_string(::getpid()) + "-fifo-big";
  std::remove(path.c_str());
  REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
  // The reader stops after its first block: the writer's next write then fails
  // with EPIPE instead of killing the test program with SIGPIPE.
  const auto previous = std::signal(SIGPIPE, SIG_IGN);
  std::thread writer([&] { std::ofstream(path, std::ios::binary) << text; });
  bool refused = false;
  try {
    (void)read_text(path, "the model");
  } catch (const exactdp::resource_error&) {
    refused = true;
  }
  writer.join();
  std::signal(SIGPIPE, previous);
  std::remove(path.c_str());
  CHECK(refused);
}
