// Decision models from files of every format (exactdp/decision/model_files.hpp):
// the MDP of the PRISM case files (mdp_choice.tra/.lab, Pmax 3/4 of reaching
// goal), the same MDP in Storm's explicit format and in DRN, and the JSON
// decision format; rewards of PRISM's state-reward files and DRN's reward
// models; the errors of a file that is not a decision model.
#include "exactdp/decision/model_files.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "exactdp/decision/solve.hpp"
#include "exactdp/numeric/convert.hpp"
#include "support/paths.hpp"
#include "support/temp_file.hpp"

using namespace exactdp;
using exactdp::test::source_path;
using exactdp::test::temp_file;

namespace {

Rational solve_at_start(const decision_model& m, decision_objective objective, const std::string& label) {
  decision_query q;
  q.objective = objective;
  q.target = m.label(label);
  REQUIRE(m.start());
  return optimal_decision<Rational>(m, q).value[*m.start()];
}

// The case's MDP in Storm's explicit format (the .tra starts with "mdp";
// labels with #DECLARATION).
const char* const storm_tra =
    "mdp\n0 0 2 1\n0 1 0 0.6\n0 1 1 0.3\n0 1 2 0.1\n1 0 3 0.3\n1 0 4 0.7\n2 0 5 1\n3 0 4 1\n4 0 1 1\n4 1 3 1\n"
    "4 2 6 1\n5 0 7 0.9\n5 0 8 0.1\n6 0 6 1\n7 0 5 1\n8 0 5 1\n";
const char* const storm_lab = "#DECLARATION\ninit goal\n#END\n0 init\n1 goal\n3 goal\n4 goal\n";

// The same MDP in DRN, with exact fractions and a reward model that pays 1
// per step.
const char* const drn =
    "@type: MDP\n@parameters\n\n@reward_models\nsteps\n@nr_states\n9\n@nr_choices\n12\n@model\n"
    "state 0 [1] init\naction a\n\t2 : 1\naction b\n\t0 : 3/5\n\t1 : 3/10\n\t2 : 1/10\n"
    "state 1 [1] goal\naction 0\n\t3 : 3/10\n\t4 : 7/10\n"
    "state 2 [1]\naction 0\n\t5 : 1\n"
    "state 3 [1] goal\naction 0\n\t4 : 1\n"
    "state 4 [1] goal\naction a\n\t1 : 1\naction b\n\t3 : 1\naction c\n\t6 : 1\n"
    "state 5 [1]\naction 0\n\t7 : 9/10\n\t8 : 1/10\n"
    "state 6 [1]\naction 0\n\t6 : 1\n"
    "state 7 [1]\naction 0\n\t5 : 1\n"
    "state 8 [1]\naction 0\n\t5 : 1\n";

}  // namespace

TEST_CASE("decision model files: the PRISM case files give Pmax 3/4 and Pmin 0 (D01)", "[decision][D01]") {
  const decision_model m = load_decision_model(source_path("tests/data/set2/mdp_choice.tra"));
  CHECK(m.size() == 9);
  CHECK(m.choice_total() == 12);
  CHECK(m.targets().size() == 16);
  CHECK(m.start() == std::optional<std::size_t>(0));
  CHECK(solve_at_start(m, decision_objective::pmax, "goal") == Rational(3) / 4);
  CHECK(solve_at_start(m, decision_objective::pmin, "goal") == 0);
}

TEST_CASE("decision model files: Storm's explicit files, DRN and JSON give the same values", "[decision]") {
  // The labels beside the .tra: same stem.
  const temp_file tra("storm-mdp.tra", storm_tra);
  const temp_file lab("storm-mdp.lab", storm_lab);
  const decision_model storm = load_decision_model(tra.path());
  CHECK(solve_at_start(storm, decision_objective::pmax, "goal") == Rational(3) / 4);
  CHECK(solve_at_start(storm, decision_objective::pmin, "goal") == 0);
  // Storm's states are numbered: the model calls them by index, with no
  // table of names (a 20-byte file may number millions of states).
  CHECK(storm.name(8) == "8");
  CHECK(storm.find("8") == std::optional<std::size_t>(8));
  CHECK_FALSE(storm.find("9"));
  CHECK_FALSE(storm.find("08"));

  const temp_file d("mdp.drn", drn);
  const decision_model from_drn = load_decision_model(d.path());
  CHECK(solve_at_start(from_drn, decision_objective::pmax, "goal") == Rational(3) / 4);
  // Action names are kept.
  CHECK(from_drn.action_name(from_drn.choice_begin()[0] + 1) == "b");
  // Rewards (1 per step): from state 1 (in goal) nothing is collected; from
  // 0 every strategy may miss goal (the 5-7-8 cycle), so Rmin is infinite
  // under PRISM's convention, which the solution reports as no value.
  decision_query q;
  q.objective = decision_objective::rmin;
  q.target = from_drn.label("goal");
  const auto r = optimal_decision<Rational>(from_drn, q);
  CHECK(r.value[1] == 0);
  CHECK(r.infinite[0]);

  const decision_model json = load_decision_model(source_path("examples/decision/lottery.json"));
  CHECK(solve_at_start(json, decision_objective::pmax, "goal") == Rational(3) / 4);
}

TEST_CASE("decision model files: errors name the file", "[decision]") {
  CHECK_THROWS_WITH(load_decision_model(source_path("tests/data/set2/mdp_choice.tra"), {"xml", ""}),
                    Catch::Contains("unknown model format 'xml'"));
  // A chain's JSON is not a decision model: the decision reader says what it lacks.
  CHECK_THROWS_AS(load_decision_model(source_path("examples/markov/gamblers_ruin.json")), std::invalid_argument);
  CHECK_THROWS_WITH(load_decision_model("/nonexistent/model.tra"), Catch::Contains("/nonexistent/model.tra"));
}
