// api/check.hpp: the one floor of `exactdp check` and exactdp.check: the
// constants and their ranges (every error), the plan (its refusals and the
// combinations), the properties chosen, the rows of several initial
// states, and one property's values in the three number systems against
// each other (the residue is the exact value's, the double its rounding).
#include "exactdp/api/check.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/api/answer.hpp"
#include "exactdp/numeric/convert.hpp"
#include "support/paths.hpp"

using namespace exactdp;
using Catch::Contains;
using Catch::StartsWith;

namespace {

const std::string coin =
    "dtmc\nconst double p;\nconst int N;\nmodule c\n  x : [0..N];\n"
    "  [] x<N -> p : (x'=x+1) + 1-p : (x'=0);\nendmodule\n";

api::check_input input(const std::string& model, const std::string& prop, const std::string& constants) {
  api::check_input in;
  in.model_text = model;
  in.model_name = "m.pm";
  in.prop = prop;
  if (!constants.empty()) in.constants = api::read_constant_ranges({constants});
  return in;
}

std::shared_ptr<const api::checked_model> built(const api::check_input& in, std::size_t combination = 0) {
  const api::check_plan plan = api::plan_check(in);
  auto m = std::make_shared<api::checked_model>(api::read_checked_model(in, plan, plan.combinations.at(combination)));
  api::build_checked_space(*m, true);
  return m;
}

}  // namespace

TEST_CASE("check: constants and ranges, and every error of their reader", "[api][check]") {
  const auto c = api::read_constant_ranges({"p=1/2,N=1:2:5", "M=0:1/2:1"});
  REQUIRE(c.size() == 3);
  CHECK(c[0].values == std::vector<std::string>{"1/2"});
  CHECK(c[1].values == std::vector<std::string>{"1", "3", "5"});
  CHECK(c[2].values == std::vector<std::string>{"0", "1/2", "1"});
  const api::check_words py{"constants=", "prop=", "properties=", "<prop>"};
  CHECK_THROWS_WITH(api::read_constant_ranges({"N"}, py),
                    "constants= takes NAME=VALUE items separated by commas, not 'N'");
  CHECK_THROWS_WITH(api::read_constant_ranges({"=3"}), StartsWith("--const takes NAME=VALUE items"));
  CHECK_THROWS_WITH(api::read_constant_ranges({"N=1", "N=2"}), "--const gives 'N' twice");
  CHECK_THROWS_WITH(api::read_constant_ranges({"N="}), "--const 'N' has no value");
  CHECK_THROWS_WITH(api::read_constant_ranges({"N=1:2:3:4"}),
                    "--const range 'N=1:2:3:4': write from:to or from:step:to");
  CHECK_THROWS_WITH(api::read_constant_ranges({"N=1:0:3"}), "--const range 'N=1:0:3': the step must be > 0");
  CHECK_THROWS_WITH(api::read_constant_ranges({"N=3:1"}), "--const range 'N=3:1' is empty");
  CHECK_THROWS_WITH(api::read_constant_ranges({"N=1:1000000"}),
                    "--const range 'N=1:1000000' has more than 1000 values");
  CHECK_THROWS_WITH(api::read_constant_ranges({"N=a:3"}), Contains("a --const range's start"));
}

TEST_CASE("check: the plan refuses what cannot be checked, and combines the ranges", "[api][check]") {
  const api::check_plan plan = api::plan_check(input(coin, "P=? [ F x=N ]", "p=1/3:1/3:2/3,N=1:2"));
  CHECK_FALSE(plan.jani);
  REQUIRE(plan.combinations.size() == 4);
  CHECK(plan.combinations[1] == lang::constant_values{{"p", "1/3"}, {"N", "2"}});
  CHECK(plan.combinations[2] == lang::constant_values{{"p", "2/3"}, {"N", "1"}});
  CHECK_THROWS_WITH(api::plan_check(input(coin, "P=? [ F x=N ]", "q=1")),
                    "--const 'q' is not an undefined constant of the model or the properties (they are: p, N)");
  api::check_input none = input(coin, "", "p=1/2,N=1");
  none.prop.reset();
  CHECK_THROWS_WITH(api::plan_check(none), "check needs a properties file or --prop 'P=? [F \"goal\"]'");
  CHECK_THROWS_WITH(api::plan_check(input("2 1\n0 1 1\n", "P=? [ F true ]", "")),
                    StartsWith("m.pm does not look like a model in the PRISM language"));
  api::check_input jani =
      input(test::read_all(test::source_path("tests/data/qvbs/models/dtmc/herman/herman.3.jani")), "steps", "");
  CHECK(api::plan_check(jani).jani);
  jani.properties_text = "P=? [ F true ]";
  CHECK_THROWS_WITH(api::plan_check(jani), StartsWith("m.pm is a JANI file: its properties are inside it"));
}

TEST_CASE("check: properties chosen by name, index or text, and the refusals of a choice", "[api][check]") {
  api::check_input in = input(test::read_all(test::source_path("examples/prism/two_sixes.pm")), "within3", "");
  in.properties_text = test::read_all(test::source_path("examples/prism/two_sixes.props"));
  in.properties_name = "two_sixes.props";
  CHECK(built(in)->properties.at(0).name == "within3");
  in.prop = "1";
  CHECK(built(in)->properties.at(0).name == "rolls");
  in.prop = "P=? [ F<=1 \"two_sixes\" ]";
  CHECK(built(in)->properties.at(0).text == "P=? [ F<=1 \"two_sixes\" ]");
  in.prop = "cheap";
  CHECK_THROWS_WITH(built(in), Contains("a reward-bounded F (Storm's F^{rew...}) is not supported"));
  in.prop = "nope";
  CHECK_THROWS_WITH(built(in), StartsWith("--prop 'nope' is not a property's name (\"rolls\", \"surely\", "
                                          "\"within3\", \"cheap\"), an index 1..4, nor a property: --prop:1:1:"));
  in.prop.reset();
  CHECK(built(in)->properties.size() == 4);
  CHECK_FALSE(built(in)->properties[3].error.empty());
}

TEST_CASE("check: a refusal that lists names stays one short line, however many there are", "[api][check]") {
  std::string model = "dtmc\n", props;
  for (int i = 0; i < 40; ++i) {
    model += "const int c" + std::to_string(i) + "_with_a_rather_long_name;\n";
    props += "\"property_" + std::to_string(i) + "_with_a_rather_long_name\": P=? [ F x=1 ];\n";
  }
  model += "module m\n  x : [0..1];\n  [] x=0 -> (x'=1);\nendmodule\n";
  const auto one_line = [](const std::string& message) {
    INFO(message);
    CHECK(message.size() < 500);
    CHECK_THAT(message, Contains("... (40 in all)"));
  };
  try {
    api::plan_check(input(model, "P=? [ F x=1 ]", "q=1"));
    FAIL("an unknown constant was taken");
  } catch (const std::invalid_argument& e) {
    one_line(e.what());
  }
  api::check_input in = input(model, "nope", "");
  in.properties_text = props;
  in.properties_name = "many.props";
  for (int i = 0; i < 40; ++i) in.constants.push_back({"c" + std::to_string(i) + "_with_a_rather_long_name", {"1"}});
  try {
    built(in);
    FAIL("an unknown property was taken");
  } catch (const std::invalid_argument& e) {
    one_line(e.what());
  }
  // A JANI file's properties, likewise.
  nlohmann::json jani =
      nlohmann::json::parse(test::read_all(test::source_path("tests/data/qvbs/models/dtmc/herman/herman.3.jani")));
  const nlohmann::json first = jani["properties"].at(0);
  jani["properties"] = nlohmann::json::array();
  for (int i = 0; i < 40; ++i) {
    nlohmann::json p = first;
    p["name"] = "property_" + std::to_string(i) + "_with_a_rather_long_name";
    jani["properties"].push_back(p);
  }
  try {
    built(input(jani.dump(), "nope", ""));
    FAIL("an unknown JANI property was taken");
  } catch (const std::invalid_argument& e) {
    one_line(e.what());
  }
}

TEST_CASE("check: several initial states, each value or the smallest and largest, in every system", "[api][check]") {
  const std::string few =
      "dtmc\nmodule m\n  x : [0..2];\n  [] x<2 -> 1/3 : (x'=x+1) + 2/3 : (x'=x);\nendmodule\n"
      "init x<2 endinit\n";
  auto m = built(input(few, "P=? [ F<=1 x=2 ]", ""));
  CHECK(m->size.states == 3);
  CHECK(m->size.initial_states == 2);
  CHECK(m->size.transitions == 5);  // two per transient state, the self-loop of x=2
  api::property_check check(m, 0);
  const auto rows = api::report_rows(*m, m->properties[0]);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].at == "(x=0)");
  CHECK(rows[1].at == "(x=1)");
  CHECK(check.exact(rows[0]) == 0);
  CHECK(check.exact(rows[1]) == ratio<Rational>(1, 3));
  CHECK(check.approx(rows[1]) == 1.0 / 3);
  CHECK(check.residue(rows[1], 1'000'000'007) == to_residue64(ratio<Rational>(1, 3), 1'000'000'007));
  CHECK_THROWS_WITH(check.residue(rows[1], 4'611'686'018'427'387'847),
                    Contains("2 < P < 2^31 = 2147483648 (this solver computes in 32-bit residues)"));
  const std::string many =
      "dtmc\nmodule m\n  x : [0..20];\n  [] x<20 -> 1/3 : (x'=x+1) + 2/3 : (x'=x);\n"
      "endmodule\ninit x<20 endinit\n";
  auto big = built(input(many, "P=? [ F<=1 x=20 ]", ""));
  api::property_check over(big, 0);
  const auto extremes = api::report_rows(*big, big->properties[0]);
  REQUIRE(extremes.size() == 2);
  CHECK(extremes[0].at == "min");
  CHECK(extremes[1].at == "max");
  // The residue of a row that picks a state solves the exact values first.
  CHECK(over.residue(extremes[1], 7) == to_residue64(ratio<Rational>(1, 3), 7));
  CHECK(over.find_exact_values() != nullptr);
  CHECK(over.exact(extremes[0]) == 0);
  CHECK(over.exact(extremes[1]) == ratio<Rational>(1, 3));
  auto bound = built(input(many, "filter(count, P>=1/3 [ F<=1 x=20 ], \"init\")", ""));
  api::property_check counted(bound, 0);
  const auto count = api::report_rows(*bound, bound->properties[0]);
  REQUIRE(count.size() == 1);
  CHECK(count[0].reduce == "count");
  CHECK(counted.exact(count[0]) == 1);
  CHECK(api::holds_bound(ratio<Rational>(1, 3), bound->properties[0]));
  auto never = built(input(few, "T=? [ F false ]", ""));
  api::property_check steps(never, 0);
  const api::report_row at_start = api::report_rows(*never, never->properties[0]).at(0);
  CHECK_THROWS_WITH(steps.exact(at_start),
                    StartsWith("the expected reward is infinite at (x=0): a play from there misses the target"));
  CHECK_THROWS_AS(steps.exact(at_start), api::infinite_value_error);  // an answer: compute_answer makes it Infinity
  CHECK_THROWS_AS(steps.approx(at_start), api::infinite_value_error);
  api::answer_request exact_only;
  exact_only.as = "exact";
  CHECK(api::compute_answer({[&] { return steps.exact(at_start); }, {}, {}, {}, {}, {}}, exact_only).infinite);
  // Infinity against a bound, as PRISM: above every bound.
  lang::symbolic_model model = never->model;  // parse_properties reads it and may add to it
  for (const auto& [text, holds] : std::vector<std::pair<std::string, bool>>{
           {"T>=5 [ F x=1 ]", true}, {"T>5 [ F x=1 ]", true}, {"T<=5 [ F x=1 ]", false}, {"T<5 [ F x=1 ]", false}})
    CHECK(api::holds_bound(Rational(0), lang::parse_properties(text, "p", model).at(0), true) == holds);
}

TEST_CASE("check: the state space is held beside every budget check of a property's solve", "[api][check]") {
  auto m = built(input(coin, "P=? [ F x=N ]", "p=1/2,N=2000"));
  REQUIRE(m->size.states == 2001);
  const long double space = lang::state_space_bytes(m->space);
  CHECK(space >= 2001.0L * 56);  // a word, offsets and a hash slot per state
  const api::report_row at = api::report_rows(*m, m->properties[0]).at(0);
  {
    // A budget the space alone fits, by 1 KiB: the solve's first table does not.
    const budget_scope tight({.state_bytes = static_cast<std::uint64_t>(space) + 1024});
    api::property_check check(m, 0);
    CHECK_THROWS_WITH(check.exact(at),
                      Contains("and with the state space of m.pm held beside it (" + detail::human_bytes(space)));
  }
  api::property_check check(m, 0);
  CHECK(check.exact(at) == 1);
}
