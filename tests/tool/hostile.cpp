// Hostile input, run as a process within limits of time and memory: each
// must end with status 1 or 2 and one short, printable line on stderr, never
// a crash, a hang or a runaway allocation. Budget cases must be refused at
// once or answered within the work budget (about a minute), never run for
// minutes.
#include <catch2/catch.hpp>

#include <random>

#include <nlohmann/json.hpp>

#include "support/run_tool.hpp"
#include "support/temp_file.hpp"

using Catch::Contains;
using exactdp::test::command_line;
using exactdp::test::run_tool;
using exactdp::test::temp_file;

namespace {

struct hostile {
  std::vector<std::string> args;
  int status;  // 1: no answer / budget; 2: bad input
};

// A hostile run: 5 processor seconds (10 s of wall clock) and 1 GiB of
// address space.
constexpr exactdp::test::tool_limits hostile_run{10, 1024, 5};

// Status, one printable line of at most 600 bytes on stderr, nothing on
// stdout, within the limits of a hostile run.
void check_hostile(const std::vector<hostile>& cases) {
  for (const auto& c : cases) {
    INFO(command_line(c.args));
    const auto r = run_tool(c.args, "", hostile_run);
    INFO(r.err.substr(0, 400));
    CHECK(r.status == c.status);
    CHECK_THAT(r.err, Catch::StartsWith("exactdp: error: "));
    CHECK(exactdp::test::line_count(r.err) == 1);
    CHECK(r.err.size() <= 600);
    CHECK(exactdp::test::printable(r.err));
    CHECK(r.out.empty());
  }
}

std::string nested(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

const std::string two_states = R"("transitions": {"a": {"a": "1/2", "b": "1/2"}}, "absorbing": ["b"])";

// A run that may use the whole default work budget (4e10 elementary steps,
// "about a minute"): at most 90 processor seconds, and a wall-clock limit
// generous enough for a loaded machine.
constexpr exactdp::test::tool_limits budget_run{600, 2048, 90};

}  // namespace

TEST_CASE("hostile command lines: sizes, signs and huge numbers", "[tool][hostile][process]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  check_hostile({
      {{"knight", "1000000000", "1", "0", "0"}, 2},
      {{"knight", "-1", "1", "0", "0"}, 2},
      {{"knight", "-0", "1", "0", "0"}, 2},
      {{"knight", "9223372036854775808", "1", "0", "0"}, 2},
      {{"knight", "3", "-5", "0", "0"}, 2},
      {{"knight", "3", "2", "0"}, 2},
      {{"knight", "3", "2", "0", "0", "0"}, 2},
      {{"knight", "100000", "1", "0", "0"}, 1},
      {{"knight", "2000", "10000000", "0", "0"}, 1},
      {{"run", "9223372036854775807"}, 2},
      {{"run", "-9223372036854775808"}, 2},
      {{"run", "-0"}, 2},
      {{"run", "0x2"}, 2},
      {{"run", "10000000", "--as", "exact"}, 1},
      {{"run"}, 2},
      {{"run", "2", "3"}, 2},
      {{"run", "1", "--faces", "0"}, 2},
      {{"run", "1", "--faces", "1000001"}, 2},
      {{"coupon", "99999999999"}, 2},
      {{"coupon", "10000000", "--as", "exact", "--max-work", "1e9"}, 1},
      {{"new21", "1000000000", "1000000000", "1000000000", "--as", "exact"}, 1},  // budget before max_pts^draws
      {{"rolls-to-reach", "100000000", "--as", "exact"}, 1},
      {{"soup", "5000", "--tolerance", "nan"}, 2},
      {{"soup", "5000", "--tolerance", "1"}, 2},
  });
}

TEST_CASE("hostile command lines: fractions and text", "[tool][hostile][process]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  check_hostile({
      {{"mod", "1/0"}, 2},
      {{"mod", "0/0"}, 2},
      {{"mod", ""}, 2},
      {{"mod", "0x10"}, 2},
      {{"mod", "1/2 x"}, 2},
      {{"mod", "1\n2"}, 2},
      {{"mod", "\xff\xfe\x80"}, 2},
      {{"mod", "1e99999999"}, 2},
      {{"mod", "1e-100001"}, 2},
      {{"mod", "1/" + std::string(120'000, '0')}, 2},
      {{"mod", std::string(120'000, '-')}, 2},
      {{"run", "2", "--check", ""}, 2},
      {{"run", "2", "--check", "1/0"}, 2},
      {{"run", "2", "--check", "-inf"}, 2},  // inf is a value (an infinite answer's), -inf none
      {{"run", "2", "--check", "nan"}, 2},
      {{"run", "2", "--digits", "0"}, 2},
      {{"run", "2", "--digits", "100001"}, 2},
      {{"run", "2", "--as", ""}, 2},
      {{""}, 2},
      {{"--frobnicate"}, 2},
      {{"run", "2", "--frobnicate"}, 2},
      {{"knigth"}, 2},
      {{"foo"}, 2},
  });
}

TEST_CASE("hostile command lines: moduli, residues and budgets", "[tool][hostile][process]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  std::vector<std::string> many_residues(10'001, "1");
  many_residues.insert(many_residues.begin(), "unmod");
  check_hostile({
      {many_residues, 2},
      {{"mod", "1/2", "--modulus", "1"}, 2},
      {{"mod", "1/2", "--modulus", "2"}, 2},
      {{"mod", "1/2", "--modulus", "4"}, 2},
      {{"mod", "1/2", "--modulus", "0"}, 2},
      {{"mod", "1/2", "--modulus", "-7"}, 2},
      {{"mod", "1/2", "--modulus", "1000000008"}, 2},
      {{"mod", "1/2147483647", "--modulus", "2147483647"}, 1},
      {{"mod", "1/2", "--modulus", "4611686018427387904"}, 2},  // 2^62: above the largest modulus
      {{"mod", "1/2", "--modulus", "18446744073709551616"}, 2},
      {{"run", "2", "--modulus", "2147483648"}, 2},
      {{"inv", "0"}, 1},
      {{"inv", "2147483647", "--modulus", "2147483647"}, 1},
      {{"unmod", ""}, 2},
      {{"unmod", "1@7", "2@7"}, 2},
      {{"unmod", "1@2147483648"}, 2},
      {{"unmod", "43721615"}, 1},
      {{"--max-memory", "0", "run", "2"}, 2},
      {{"--max-memory", "-1", "run", "2"}, 2},
      {{"--max-memory", "nan", "run", "2"}, 2},
      {{"--max-work", "0", "run", "2"}, 2},
      {{"knight", "30", "5", "0", "0", "--max-memory", "0.000001"}, 1},
  });
}

TEST_CASE("hostile model files and game input", "[tool][hostile][process]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  const temp_file deep("nested.json", std::string(100'000, '['));
  // NOLINTNEXTLINE(bugprone-string-constructor): the large length is the point, a hostile 10 MB input file
  const temp_file garbage("garbage.json", std::string(10'000'000, 'x'));
  const temp_file big_tra("big.tra", "10000000 3\n0 1 1\n1 1 1\n2 2 1\n");  // 10^7 states declared, 3 lines
  const temp_file bad_utf8("bad.json", "{\"start\": \"\xff\xfe\"}");
  check_hostile({
      {{"chain", deep.path()}, 2},
      {{"chain", garbage.path()}, 2},
      {{"chain", big_tra.path()}, 2},
      {{"chain", bad_utf8.path()}, 2},
      {{"chain", "/tmp/exactdp-no-such-model.json"}, 2},
      {{"chain", "/tmp"}, 2},
      {{"expectiminimax", "/dev/zero"}, 1},  // an endless device: read as a stream, refused at the state budget
      {{"expectiminimax", "/tmp"}, 2},       // a directory
      {{"retrograde", "/dev/zero"}, 1},
      {{"retrograde", deep.path()}, 2},
      {{"retrograde", garbage.path()}, 2},
      {{"expectiminimax", deep.path()}, 2},
      {{"cat-mouse", std::string(100'000, '[')}, 2},
      {{"cat-mouse", "[[0]]"}, 2},
      {{"cat-mouse", "[[1e999]]"}, 2},  // a JSON number beyond double's range (found by fuzzing)
      {{"cat-mouse", "[[99999999999999999999999]]"}, 2},
      {{"cat-mouse2", ".....", "--cat-jump", "1", "--mouse-jump", "1"}, 2},
      {{"take", "9223372036854775808", "--moves", "1,3,4"}, 2},
      {{"take", "10", "--moves", "0"}, 2},
      {{"take", "10", "--moves", "1,1"}, 2},
      {{"take", "10", "--moves", "1,,2"}, 2},
      {{"grundy", "--subtract", "1,1", "--n", "5"}, 2},
      {{"can-i-win", "30", "100"}, 2},
      {{"flip-search", std::string(65, '+')}, 2},
      {{"flip", "+x+"}, 2},
      {{"grundy", "--octal", "0.8", "--n", "5"}, 2},
      {{"grundy", "--subtract", "1,3,4", "--n", "-1"}, 2},
      {{"stone3"}, 2},
      {{"nim", "-1"}, 2},
      {{"soup", "-1"}, 2},
      {{"new21", "-1", "0", "1"}, 2},
      {{"dice-sequences", "5", "0", "1", "1", "1", "1", "1"}, 2},
      {{"boundary-paths", "1", "1", "1", "5", "5"}, 2},
      {{"predict", "1", "5", "2", "--values=7"}, 2},
  });
}

TEST_CASE("a chain model nested 100,000 or 30,000 deep: a short refusal, no crash", "[tool][hostile][process]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  for (const std::size_t depth : {100'000, 30'000}) {
    const std::string deep = nested(depth);
    const temp_file in_start("deep_start.json", "{\"start\": " + deep + ", " + two_states + "}");
    const temp_file in_labels("deep_labels.json",
                              "{\"start\": \"a\", " + two_states + ", \"labels\": {\"x\": " + deep + "}}");
    const temp_file in_rewards("deep_rewards.json",
                               "{\"start\": \"a\", " + two_states + ", \"rewards\": {\"a\": " + deep + "}}");
    const temp_file in_probability("deep_probability.json", "{\"start\": \"a\", \"transitions\": {\"a\": {\"a\": " +
                                                                deep + ", \"b\": \"1/2\"}}, \"absorbing\": [\"b\"]}");
    for (const temp_file* f : {&in_start, &in_labels, &in_rewards, &in_probability}) {
      INFO(depth << " deep: " << f->path());
      const auto r = run_tool({"chain", f->path()}, "", hostile_run);
      CHECK(r.status == 2);
      CHECK(r.err.size() < 300);
      CHECK(exactdp::test::line_count(r.err) == 1);
      CHECK_THAT(r.err, Contains("nested deeper than"));
      CHECK(r.out.empty());
    }
  }
  // The same through standard input, and under --json.
  const auto in =
      run_tool({"chain", "-", "--json"}, "{\"start\": " + nested(100'000) + ", " + two_states + "}", hostile_run);
  CHECK(in.status == 2);
  CHECK(in.err.size() < 300);
  CHECK(nlohmann::json::parse(in.out).at("error").at("status") == 2);
}

TEST_CASE("4 KB of random bytes as a .tra: a short printable refusal", "[tool][hostile][process]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  for (const unsigned seed : {1u, 2u, 3u, 4u, 5u}) {
    std::mt19937 rng(seed);
    std::string bytes(4096, '\0');
    for (char& c : bytes) c = static_cast<char>(rng() & 0xff);
    const temp_file tra("random.tra", bytes);
    INFO("seed " << seed);
    const auto r = run_tool({"chain", tra.path()}, "", hostile_run);
    INFO(r.err.substr(0, 400));
    CHECK(r.status == 2);
    CHECK(exactdp::test::line_count(r.err) == 1);
    CHECK(exactdp::test::printable(r.err));
    CHECK(r.err.size() < 400);
  }
  // Random bytes after a valid first line reach the transition reader.
  std::mt19937 rng(6);
  std::string bytes = "3 4\n";
  for (int i = 0; i < 4096; ++i) bytes += static_cast<char>(rng() & 0xff);
  const temp_file tra("random_body.tra", bytes);
  const auto r = run_tool({"chain", tra.path()}, "", hostile_run);
  CHECK(r.status == 2);
  CHECK(exactdp::test::printable(r.err));
  CHECK(r.err.size() < 400);
}

TEST_CASE("budgets: predict over 1/1 .. 1/10000 is answered within the budget or refused",
          "[tool][hostile][process][slow]") {
  // The exact run works on integers over the common denominator lcm(1..10000)
  // (4343 digits): about 5e7 steps on numbers of 14,000 bits. It once ran for
  // more than 3 minutes on an estimate of 8e8 steps.
  EXACTDP_SKIP_WITHOUT_TOOL();
  EXACTDP_SKIP_UNDER_SANITIZERS();
  std::string values = "--values=";
  for (int i = 1; i <= 10000; ++i) values += (i > 1 ? ",1/" : "1/") + std::to_string(i);
  const auto r = run_tool({"predict", values}, "", budget_run);
  INFO(r.err.substr(0, 400));
  CHECK(r.status != exactdp::test::cpu_limit_status);
  CHECK(r.status != 124);
  CHECK((r.status == 0 || r.status == 1));
  if (r.status == 0) CHECK_THAT(r.out, Contains("\n  winner      the first player\n"));
}

TEST_CASE("budgets: 70,000 small integers with --as exact", "[tool][hostile][process][slow]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  EXACTDP_SKIP_UNDER_SANITIZERS();
  std::vector<std::string> args = {"predict", "--as", "exact"};
  for (int i = 0; i < 70000; ++i) args.push_back(std::to_string(i % 97 + 1));
  const auto r = run_tool(args, "", budget_run);
  INFO(r.err.substr(0, 400));
  CHECK(r.status != exactdp::test::cpu_limit_status);
  CHECK(r.status != 124);
  CHECK((r.status == 0 || r.status == 1));
}

TEST_CASE("budgets: chain --query within 5000000000 is refused or answered within the budget",
          "[tool][hostile][process][slow]") {
  // 5e9 steps of a matrix-vector product: about half an hour, far above the
  // default budget of 4e10 elementary steps once each step's cost is counted.
  EXACTDP_SKIP_WITHOUT_TOOL();
  EXACTDP_SKIP_UNDER_SANITIZERS();
  const auto r = run_tool({"chain", exactdp::test::source_path("examples/markov/sixes_run_2.json"), "--query", "within",
                           "5000000000", "--as", "double"},
                          "", budget_run);
  INFO(r.err.substr(0, 400));
  CHECK(r.status != exactdp::test::cpu_limit_status);
  CHECK(r.status != 124);
  CHECK((r.status == 0 || r.status == 1));
}
