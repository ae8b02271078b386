// exactdp check on JANI files (tests/data/qvbs/, a part of the Quantitative
// Verification Benchmark Set, CC-BY 4.0): the properties inside the file,
// chosen by name or index; the same answers as the PRISM route; the options
// that make no sense for JANI refused with the reason; the tool as a process.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "support/run_in_process.hpp"
#include "support/run_tool.hpp"
#include "support/tool_checks.hpp"

using Catch::Contains;
using exactdp::test::expect_error_containing;
using exactdp::test::json_of;
using exactdp::test::out_of;
using exactdp::test::run_tool;
using exactdp::test::source_path;

namespace {
std::string qvbs(const std::string& name) { return source_path("tests/data/qvbs/models/" + name); }

// The exact answers of a check, in order.
std::vector<std::string> exact_answers(const std::vector<std::string>& args) {
  const nlohmann::json j = json_of(args);
  std::vector<std::string> out;
  for (const auto& a : j["answers"]) out.push_back(a["exact"].get<std::string>());
  return out;
}
}  // namespace

TEST_CASE("check: a JANI file's properties, by name, by index, or all", "[tool][jani]") {
  const std::string herman = qvbs("dtmc/herman/herman.3.jani");
  CHECK(exact_answers({"check", herman}) == std::vector<std::string>{"4/3"});
  CHECK(exact_answers({"check", herman, "--prop", "steps"}) == std::vector<std::string>{"4/3"});
  CHECK(exact_answers({"check", herman, "--prop", "1"}) == std::vector<std::string>{"4/3"});
  CHECK_THAT(out_of({"check", herman}), Contains("8 states"));
  // An MDP with an open constant, a bound (true or false) and rewards on destinations.
  const std::string firewire = qvbs("mdp/firewire_abst/firewire_abst.jani");
  CHECK(exact_answers({"check", firewire, "--const", "delay=3", "--prop", "time_min"}) ==
        std::vector<std::string>{"541/4"});
  CHECK_THAT(out_of({"check", firewire, "--const", "delay=3", "--prop", "elected"}),
             Contains("    holds   true: the value 1 is >= 1\n"));
  CHECK(json_of({"check", firewire, "--const", "delay=3", "--prop", "elected"})["holds"][0]["holds"] == true);
}

TEST_CASE("check: the JANI and PRISM routes print the same answers", "[tool][jani]") {
  const std::string dir = "mdp/consensus/";
  for (const std::string prop : {"c2", "disagree", "steps_max", "steps_min"}) {
    INFO(prop);
    const auto jani = exact_answers({"check", qvbs(dir + "consensus.2.jani"), "--const", "K=2", "--prop", prop});
    const auto prism = exact_answers(
        {"check", qvbs(dir + "consensus.2.prism"), qvbs(dir + "consensus.props"), "--const", "K=2", "--prop", prop});
    CHECK(jani == prism);
    CHECK(jani.size() == 1);
  }
}

TEST_CASE("check: a JANI file's refusals name the reason or the JSON path", "[tool][jani]") {
  const std::string herman = qvbs("dtmc/herman/herman.3.jani");
  expect_error_containing({"check", herman, "--test"}, 2, "no reference value");
  expect_error_containing({"check", herman, qvbs("dtmc/herman/herman.props")}, 2, "properties are inside it");
  expect_error_containing({"check", herman, "--prop", "nothing"}, 2, "not a property's name in the JANI file (steps)");
  expect_error_containing({"check", herman, "--prop", "2"}, 2, "1..1");
  expect_error_containing({"check", herman, "--const", "N=3"}, 2, "not an undefined constant");
  // coupon's third property bounds a reward that is not the step count.
  const std::string coupon = qvbs("dtmc/coupon/coupon.5-2.jani");
  expect_error_containing({"check", coupon, "--const", "B=5", "--prop", "collect_all_bounded"}, 2,
                          "properties[2].expression.values.exp.reward-bounds[0].exp");
  // Checking them all reports the refused one with its path, and checks the others.
  const nlohmann::json all = json_of({"check", coupon, "--const", "B=5"});
  REQUIRE(all["refused"].size() == 1);
  CHECK(all["refused"][0]["property"] == "collect_all_bounded");
  CHECK_THAT(all["refused"][0]["message"].get<std::string>(), Contains("reward-bounds[0].exp"));
  CHECK(all["answers"].size() == 2);
  expect_error_containing({"check", coupon}, 2, "has no value");
}

TEST_CASE("check: a JANI file through the tool as a process", "[tool][jani]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  const auto r =
      run_tool({"check", qvbs("mdp/beb/beb.3-4.jani"), "--const", "N=3", "--prop", "GaveUp", "--as", "exact"});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("683/8192"));
  const auto bad = run_tool({"check", qvbs("mdp/beb/beb.3-4.jani"), "--test"});
  CHECK(bad.status == 2);
  CHECK_THAT(bad.err, Contains("exactdp: error: --test"));
}

TEST_CASE("check: a JANI guard calling functions counts as the tree it walks", "[tool][jani]") {
  // Found by a tester: a guard calling f11, whose body calls f10 three
  // times and so on (3^11 leaves), counted one step a test, and 10^5
  // states ran for minutes under --max-work 1e7. It is refused at its
  // fourth state (about 3.5e6 steps a test).
  expect_error_containing(
      {"check", source_path("tests/data/function_blowup.jani"), "--prop", "p", "--as", "exact", "--max-work", "1e7"}, 1,
      "still growing at 4 states (its variables' ranges allow up to 1001), needs about 1.06e+07");
}
