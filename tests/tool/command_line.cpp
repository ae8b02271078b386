// The command line of the tool, whatever the command: help, --version,
// unknown commands and options, words in their order, errors under --json,
// the budget options and their messages, the tour.
#include <catch2/catch.hpp>

#include <cctype>

#include <nlohmann/json.hpp>

#include "support/paths.hpp"
#include "support/run_in_process.hpp"
#include "support/tool_checks.hpp"
#include "support/run_tool.hpp"

using Catch::Contains;
using Catch::Equals;
using exactdp::test::command_line;
using exactdp::test::expect_error;
using exactdp::test::run_in_process;
using exactdp::test::run_tool;

TEST_CASE("unknown commands are named, with the closest command", "[tool][command line]") {
  expect_error({"knigth"}, 2, "unknown command 'knigth'; did you mean 'knight'? (exactdp --help lists the commands)");
  expect_error({"foo"}, 2, "unknown command 'foo' (exactdp --help lists the commands)");
  expect_error({"help", "knigth"}, 2,
               "unknown command 'knigth'; did you mean 'knight'? (exactdp --help lists the commands)");
  expect_error({""}, 2, "unknown command '' (exactdp --help lists the commands)");
}

TEST_CASE("help, help COMMAND, COMMAND --help and --version", "[tool][command line]") {
  for (const auto& args : std::vector<std::vector<std::string>>{{"help"}, {"--help"}, {}}) {
    INFO(command_line(args));
    const auto r = run_in_process(args);
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK_THAT(r.out, Contains("\n  knight ") && Contains("\n  unmod ") && Contains("'exactdp tour'"));
  }
  // help COMMAND is COMMAND --help, and lists the budget options.
  const auto help = run_in_process({"help", "knight"});
  CHECK(help.status == 0);
  CHECK_THAT(help.out, Equals(run_in_process({"knight", "--help"}).out));
  for (const char* command : {"run", "chain", "take", "grundy", "mod", "retrograde", "tour"}) {
    INFO(command);
    const auto r = run_in_process({command, "--help"});
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Contains("\n  --max-memory ") && Contains("\n  --max-work ") && Contains("\n  --json "));
  }
  const auto version = run_in_process({"--version"});
  CHECK(version.status == 0);
  CHECK_THAT(version.out, Catch::StartsWith("exactdp ") && Catch::EndsWith("\n"));
  CHECK(exactdp::test::line_count(version.out) == 1);
  CHECK(version.out.size() > std::string("exactdp \n").size());
}

TEST_CASE("unknown and misused options", "[tool][command line]") {
  expect_error({"run", "2", "--frobnicate"}, 2, "unknown option '--frobnicate' for 'run' (see exactdp run --help)");
  expect_error({"run", "2", "--modulu", "7"}, 2,
               "unknown option '--modulu' for 'run'; did you mean '--modulus'? (see exactdp run --help)");
  expect_error({"run", "2", "--as"}, 2, "--as needs a value (see exactdp run --help)");
  expect_error({"run", "2", "--json=1"}, 2, "--json takes no value");
  expect_error({"run", "2", "--as", "exact", "--as", "double"}, 2, "--as is given twice");
  expect_error({"run"}, 2, "run needs K (usage: exactdp run K [options]; see exactdp run --help)");
  expect_error({"knight", "3", "2", "0"}, 2,
               "knight needs COL (usage: exactdp knight N MOVES ROW COL [options]; see exactdp knight --help)");
}

TEST_CASE("PRISM's single-dash options get one line naming exactdp's, for every command", "[tool][command line]") {
  const std::string die = exactdp::test::source_path("examples/prism/two_sixes.pm");
  expect_error({"check", die, "-pf", "P=? [ F d=1 ]"}, 2,
               "'-pf' is PRISM's: give the property with --prop (see exactdp check --help)");
  expect_error({"check", die, "-const", "N=1"}, 2,
               "'-const' is PRISM's spelling: exactdp's options take two dashes (--const)");
  expect_error({"check", die, "-const"}, 2,
               "'-const' is PRISM's spelling: exactdp's options take two dashes (--const)");
  expect_error({"check", die, "props.txt", "-test"}, 2,
               "'-test' is PRISM's spelling: exactdp's options take two dashes (--test)");
  expect_error({"check", die, "-exportresults", "r.txt"}, 2,
               "'-exportresults' is PRISM's: exactdp prints the results, and --json prints them as JSON (see exactdp "
               "check --help)");
  expect_error({"check", die, "-nofixdl"}, 2,
               "'-nofixdl' is PRISM's: exactdp's option is --no-fix-deadlocks (see exactdp check --help)");
  // The same rule for every command: an option with one dash, or none of that name.
  expect_error({"run", "2", "-modulus", "7"}, 2,
               "'-modulus' has one dash: exactdp's options take two dashes (--modulus)");
  expect_error({"run", "2", "-modulu"}, 2,
               "unknown option '-modulu' for 'run': exactdp's options take two dashes; did you mean '--modulus'? (see "
               "exactdp run --help)");
  expect_error({"run", "2", "-pf", "x"}, 2,
               "unknown option '-pf' for 'run': exactdp's options take two dashes (see exactdp run --help)");
  // '-' (standard input), negative numbers and '-' strings stay values.
  CHECK(run_in_process({"mod", "-3"}).status == 0);
  CHECK(run_in_process({"stone", "-5"}).status == 0);
  const auto stdin_model = run_in_process({"check", "-", "-pf"});
  CHECK_THAT(stdin_model.err, Contains("'-pf' is PRISM's"));
}

TEST_CASE("extra words are listed in the order given", "[tool][command line]") {
  expect_error({"run", "2", "3", "4", "5"}, 2,
               "run takes 1 value (K), but more were given: '3' '4' '5' (see exactdp run --help)");
}

TEST_CASE("a newline in the input is shown as \\n, raw bytes escaped", "[tool][command line]") {
  expect_error({"mod", "1\n2"}, 2,
               "FRACTION must be a number such as 42, -3/7, 0.1 or 1e-3, not '1\\n2' (unexpected character '\\n')");
  const auto r = run_in_process({"mod", "\xff\xfe\x80"});
  CHECK(r.status == 2);
  CHECK(exactdp::test::printable(r.err));
  CHECK_THAT(r.err, Contains("\\xff\\xfe\\x80"));
}

TEST_CASE("mod reads an integer one way: leading zeros decimal, no hexadecimal, spaces around",
          "[tool][command line]") {
  CHECK_THAT(run_in_process({"mod", "010"}).out, Equals("10\n"));
  CHECK_THAT(run_in_process({"mod", " 5"}).out, Equals("5\n"));
  const auto hex = run_in_process({"mod", "0x10"});
  CHECK(hex.status == 2);
  CHECK_THAT(hex.err, Equals("exactdp: error: FRACTION must be a number such as 42, -3/7, 0.1 or 1e-3, not '0x10' "
                             "(unexpected character 'x')\n"));
}

TEST_CASE("errors under --json: a JSON document on stdout and the line on stderr, same status",
          "[tool][command line][json]") {
  struct expectation {
    std::vector<std::string> args;
    int status;
    std::string command;  // "" for none
  };
  const std::vector<expectation> cases = {
      {{"mod", "1/1000000007", "--json"}, 1, "mod"},  // no answer exists
      {{"unmod", "5@7", "--json"}, 1, "unmod"},
      {{"run", "0", "--json"}, 2, "run"},  // bad input
      {{"--json", "run", "0"}, 2, "run"},  // --json before the command
      {{"run", "--json"}, 2, "run"},
      {{"knight", "100000", "1", "0", "0", "--json"}, 1, "knight"},  // a budget
      {{"--json", "knigth"}, 2, ""},                                 // no such command: null
      {{"chain", "/nonexistent.json", "--json"}, 2, "chain"},
  };
  for (const auto& c : cases) {
    INFO(command_line(c.args));
    const auto r = run_in_process(c.args);
    CHECK(r.status == c.status);
    CHECK_THAT(r.err, Catch::StartsWith("exactdp: error: "));
    REQUIRE(exactdp::test::line_count(r.err) == 1);
    REQUIRE(exactdp::test::line_count(r.out) == 1);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j.is_object());
    CHECK(j.at("command") == (c.command.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.command)));
    CHECK(j.at("error").at("status") == c.status);
    // The message is the stderr line without its prefix.
    CHECK("exactdp: error: " + j.at("error").at("message").get<std::string>() + "\n" == r.err);
    CHECK(j.size() == 2);
  }
}

TEST_CASE("budget options --max-memory and --max-work: ranges in the message", "[tool][command line]") {
  for (const char* bad : {"0", "-1", "nan", "2000000", "1e-7"}) {
    INFO("--max-memory " << bad);
    expect_error({"run", "2", "--max-memory", bad}, 2,
                 std::string("--max-memory must be a number of GiB in 10^-6..10^6, not '") + bad + "'");
  }
  expect_error({"--max-memory", "0", "run", "2"}, 2, "--max-memory must be a number of GiB in 10^-6..10^6, not '0'");
  expect_error({"run", "2", "--max-work", "0"}, 2, "--max-work must be a number of steps in 1..10^18, not '0'");
  // The range is never printed as floating-point text.
  const auto r = run_in_process({"run", "2", "--max-memory", "0"});
  CHECK_THAT(r.err, !Contains("0.000001") && !Contains("[") && !Contains("1000000.0"));
  // A budget option applies to one command line only.
  CHECK(run_in_process({"knight", "30", "5", "0", "0", "--max-memory", "0.000001"}).status == 1);
  CHECK(run_in_process({"knight", "30", "5", "0", "0"}).status == 0);
  CHECK(run_in_process({"--max-work", "1e12", "coupon", "1000", "--as", "exact"}).status == 0);
}

TEST_CASE("messages name no C++ function", "[tool][command line][errors]") {
  // A C++ name: "exactdp::f()", "std::", or a snake_case function before a
  // colon ("crt_combine: ...").
  // (A hand-written matcher: GCC 12 warns inside <regex> at -O1 with ASan.)
  const auto cpp_name = [](const std::string& text) {
    if (text.find("exactdp::") != std::string::npos || text.find("std::") != std::string::npos ||
        text.find("()") != std::string::npos)
      return true;
    // a word of lower-case letters with an underscore, then a colon
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (i > 0 && (std::isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_')) continue;
      std::size_t j = i;
      bool underscore = false;
      while (j < text.size() && (std::islower(static_cast<unsigned char>(text[j])) || text[j] == '_')) {
        underscore = underscore || (text[j] == '_' && j > i);
        ++j;
      }
      if (j > i && underscore && j < text.size() && text[j] == ':') return true;
    }
    return false;
  };
  // The matcher itself.
  CHECK(cpp_name("error: crt_combine: the moduli"));
  CHECK(cpp_name("raise it with exactdp::state_budget_bytes"));
  CHECK_FALSE(cpp_name("the value of state run_1 is: 3/4 (see --max-work)"));
  // A budget message tells the tool's option, not the library's function.
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"knight", "100000", "1", "0", "0"},
                                             {"knight", "30", "5", "0", "0", "--max-memory", "0.000001"},
                                             {"coupon", "1000000", "--as", "exact", "--max-work", "1e6"},
                                             {"run", "10000000", "--as", "exact"},
                                             {"grundy", "--octal", "0.77", "--table", "100000000", "--max-work", "1e6"},
                                             {"soup", "1000000000"}}) {
    INFO(command_line(args));
    const auto r = run_in_process(args);
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Contains("--max-"));
    CHECK_FALSE(cpp_name(r.err));
  }
  // Nor does a message about the input.
  std::vector<std::string> long_row = {"stone2"};
  long_row.insert(long_row.end(), 100'001, "1");
  for (const auto& args : std::vector<std::vector<std::string>>{{"unmod", "1@7", "2@7"}, long_row}) {
    INFO(command_line(args));
    const auto r = run_in_process(args);
    CHECK(r.status == 2);
    CHECK_FALSE(cpp_name(r.err));
  }
  // Nor does an answer's line.
  CHECK_FALSE(cpp_name(run_in_process({"soup", "50", "--tolerance", "1e-300"}).out));
}

TEST_CASE("tour: a few real commands with their command lines", "[tool][command line]") {
  const auto tour = run_in_process({"tour"});
  CHECK(tour.status == 0);
  // Each step is the command's own output.
  CHECK_THAT(tour.out, Contains("> exactdp run 2\n" + run_in_process({"run", "2"}).out));
  CHECK_THAT(tour.out, Contains("> exactdp knight 3 2 0 0\n" + run_in_process({"knight", "3", "2", "0", "0"}).out));
  CHECK_THAT(tour.out, Contains("> exactdp coupon 3\n" + run_in_process({"coupon", "3"}).out));
  CHECK_THAT(tour.out, Contains("> exactdp mod 1/16\n562500004\n"));
  CHECK_THAT(tour.out, Contains("> exactdp unmod 562500004\n1/16\n"));
}

TEST_CASE("the command line as a process: help, --version, unknown command, errors under --json",
          "[tool][command line][process]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"--help"}, {"help"}, {"--version"}, {"knight", "--help"}, {"tour"}}) {
    INFO(command_line(args));
    const auto r = run_tool(args, "", {20, 1024});
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK_THAT(r.out, Equals(run_in_process(args).out));
  }
  const auto unknown = run_tool({"knigth"}, "", {20, 1024});
  CHECK(unknown.status == 2);
  CHECK_THAT(unknown.err,
             Equals("exactdp: error: unknown command 'knigth'; did you mean 'knight'? (exactdp --help lists the "
                    "commands)\n"));
  CHECK(unknown.out.empty());
  const auto json = run_tool({"mod", "1/1000000007", "--json"}, "", {20, 1024});
  CHECK(json.status == 1);
  CHECK(nlohmann::json::parse(json.out).at("error").at("status") == 1);
  CHECK(exactdp::test::line_count(json.err) == 1);
  const auto prism = run_tool({"check", "-", "-const", "N=1"}, "", {20, 1024});
  CHECK(prism.status == 2);
  CHECK_THAT(prism.err,
             Equals("exactdp: error: '-const' is PRISM's spelling: exactdp's options take two dashes (--const)\n"));
  const auto order = run_tool({"run", "2", "3", "4", "5"}, "", {20, 1024});
  CHECK(order.status == 2);
  CHECK_THAT(order.err, Contains("'3' '4' '5'"));
}
