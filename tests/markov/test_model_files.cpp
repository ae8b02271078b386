// Models with choices and the model files: PRISM's explicit DTMC and MDP
// files, Storm's explicit files and its DRN format, told apart by content;
// the Knuth-Yao die in both Storm formats; every error path; the reader's
// memory estimate against the peak of a child process.
#include "exactdp/markov/explicit_model.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "exactdp/markov/chain.hpp"
#include "exactdp/markov/queries.hpp"
#include "exactdp/numeric/numeric.hpp"
#include "support/child_peak.hpp"
#include "support/set2.hpp"

using namespace exactdp;
using Catch::Contains;
using exactdp::test::set2_case;
using exactdp::test::set2_path;

namespace {

// A scratch directory for files written by a test, removed at the end.
struct scratch_dir {
  std::filesystem::path path;
  scratch_dir() {
    path = std::filesystem::temp_directory_path() /
           ("exactdp_markov_files_" + std::to_string(reinterpret_cast<std::uintptr_t>(this)));
    std::filesystem::create_directories(path);
  }
  ~scratch_dir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  std::string write(const std::string& name, const std::string& text) const {
    const auto p = path / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }
};

std::string copy_to(const scratch_dir& dir, const std::string& from, const std::string& name) {
  std::ifstream in(from, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return dir.write(name, s.str());
}

markov_query query_to(const markov_model& m, const std::string& label) {
  markov_query q;
  q.start = m.start().value();
  q.target = m.labels().at(label);
  return q;
}

// D02: P(reach one) = 1/6 and 11/3 expected steps to done, in the three
// number systems (the double within 4 ulps of the correctly rounded value).
void check_die(const markov_model& m) {
  const auto expected = set2_case("D02")["expected"];
  const markov_query one = query_to(m, "one"), done = query_to(m, "done");
  const Rational p = reach_probability(markov_chain<Rational>(m), one);
  const Rational e = expected_steps(markov_chain<Rational>(m), done);
  CHECK(to_string(p) == expected["reach_one"]["exact"].get<std::string>());
  CHECK(to_string(e) == expected["steps_to_done"]["exact"].get<std::string>());
  CHECK(reach_probability(markov_chain<Mod>(m), one).value() == expected["reach_one"]["mod"].get<std::uint32_t>());
  CHECK(expected_steps(markov_chain<Mod>(m), done).value() == expected["steps_to_done"]["mod"].get<std::uint32_t>());
  const double dp = reach_probability(markov_chain<double>(m), one);
  const double de = expected_steps(markov_chain<double>(m), done);
  CHECK(ulp_distance(dp, std::stod(expected["reach_one"]["double"].get<std::string>())).value() <= 4);
  CHECK(ulp_distance(de, std::stod(expected["steps_to_done"]["double"].get<std::string>())).value() <= 4);
}

}  // namespace

TEST_CASE("D02: the Knuth-Yao die in Storm's explicit format and in DRN", "[markov][files][storm]") {
  const markov_model tra = load_markov_model(set2_path("storm_die/die.tra"));
  CHECK(tra.size() == 13);
  CHECK(tra.start() == 0u);
  CHECK(tra.labels().at("done").size() == 6);
  CHECK(tra.labels().at("deadlock").empty());
  check_die(tra);

  const markov_model drn = load_markov_model(set2_path("storm_die/die.drn"));
  CHECK(drn.size() == 13);
  CHECK(drn.start() == 0u);
  check_die(drn);

  // The same files as models with choices: one choice per state.
  const explicit_model x = load_explicit_model(set2_path("storm_die/die.drn"));
  CHECK(x.choice_count() == 13);
  CHECK(!x.state_with_choices());
  CHECK(x.action(0) == "0");  // Storm writes the choice's index when it has no name
  CHECK(!x.has_rewards());
  REQUIRE(x.distribution(0).size() == 2);
  CHECK(x.distribution(0)[1].to == 2);
  CHECK(x.distribution(0)[1].probability == ratio<Rational>(1, 2));
}

TEST_CASE("formats are told apart by their content, not their extension", "[markov][files]") {
  scratch_dir dir;
  const std::string drn = copy_to(dir, set2_path("storm_die/die.drn"), "die_export.txt");
  CHECK(detect_model_format(test::read_all(drn), drn) == model_format::drn);
  check_die(load_markov_model(drn));
  // A Storm .tra under another name, with its labels beside it.
  const std::string tra = copy_to(dir, set2_path("storm_die/die.tra"), "die.model");
  copy_to(dir, set2_path("storm_die/die.lab"), "die.lab");
  CHECK(detect_model_format(test::read_all(tra), tra) == model_format::storm);
  check_die(load_markov_model(tra));
  CHECK(detect_model_format("3 2\n0 1 1\n", "p") == model_format::prism);
  CHECK(detect_model_format("3 2 2\n", "p") == model_format::prism);
  CHECK(detect_model_format(" \n{\"transitions\": {}}", "j") == model_format::json);
  CHECK(detect_model_format("// comment\n@type: MDP\n", "d") == model_format::drn);
  CHECK(detect_model_format("mdp\n0 0 1 1\n", "s") == model_format::storm);
  CHECK_THROWS_WITH(detect_model_format("hello world\n", "h.txt"),
                    Contains("h.txt:1: cannot tell the model format from the line 'hello world'"));
  CHECK_THROWS_WITH(detect_model_format("\n\n", "e.txt"), Contains("e.txt: the model file is empty"));
  // A named format wins over the content (and its reader says what it sees).
  CHECK_THROWS_WITH(load_markov_model(tra, "prism"), Contains("is Storm's explicit format, not PRISM's"));
  CHECK_THROWS_WITH(load_markov_model(tra, "xml"), Contains("unknown model format 'xml'"));
  // A JSON model through the general loaders.
  const std::string json = dir.write("chain.data", R"({"start": "a", "transitions": {"a": {"a": "1/2", "z": "1/2"}},
    "absorbing": ["z"], "labels": {"end": ["z"]}})");
  const markov_model j = load_markov_model(json);
  markov_query q;
  q.start = *j.start();
  CHECK(expected_steps(markov_chain<Rational>(j), q) == 2);
  const explicit_model jx = load_explicit_model(json);
  CHECK(jx.choice_count(0) == 1);
  CHECK(jx.choice_count(1) == 0);
  CHECK(jx.name(1) == "z");
  CHECK(jx.find("z") == 1u);
  CHECK(jx.labels().at("end") == std::vector<std::size_t>{1});
  CHECK(expected_steps(markov_chain<Rational>(to_markov_model(jx)), q) == 2);
  model_file_options reward;
  reward.reward_model = "cost";
  CHECK_THROWS_WITH(load_explicit_model(json, reward), Contains("only in a DRN file"));
}

TEST_CASE("PRISM's MDP file loads as a model with choices", "[markov][files][prism]") {
  const explicit_model m = load_explicit_model(set2_path("mdp_choice.tra"));
  CHECK(m.size() == 9);
  CHECK(m.choice_count() == 12);
  CHECK(m.transition_count() == 16);
  CHECK(m.choice_count(0) == 2);
  CHECK(m.choice_count(4) == 3);
  CHECK(m.choice_count(6) == 1);
  CHECK(m.state_with_choices() == 0u);
  CHECK(m.start() == 0u);
  CHECK(m.labels().at("goal") == std::vector<std::size_t>{1, 3, 4});
  CHECK(m.labels().at("init") == std::vector<std::size_t>{0});
  // Choice 1 of state 0: 0.6 back to 0, 0.3 to 1, 0.1 to 2, exactly.
  const auto d = m.distribution(m.choice_begin(0) + 1);
  REQUIRE(d.size() == 3);
  CHECK(d[0].to == 0);
  CHECK(d[0].probability == ratio<Rational>(3, 5));
  CHECK(d[2].probability == ratio<Rational>(1, 10));
  CHECK(m.name(8) == "8");
  CHECK(m.find("8") == 8u);
  CHECK(!m.find("08"));
  CHECK(!m.find("9"));
  // As a chain it is refused, naming the state with two choices.
  CHECK_THROWS_WITH(load_markov_model(set2_path("mdp_choice.tra")),
                    Contains("state 0 has 2 choices") && Contains("exactdp mdp") && Contains("mdp_choice.tra"));
  CHECK_THROWS_AS(to_markov_model(m), std::invalid_argument);
}

TEST_CASE("PRISM explicit MDP with actions, and an MDP whose states have one choice", "[markov][files][prism]") {
  const std::string tra = "3 4 5\n0 0 1 1 go\n0 1 2 1/2 stay\n0 1 0 1/2 stay\n1 0 1 1\n2 0 2 1\n";
  const explicit_model m = parse_prism_explicit(tra, "a.tra");
  CHECK(m.action(0) == "go");
  CHECK(m.action(1) == "stay");
  CHECK(m.action(2).empty());
  CHECK(m.distribution(1).size() == 2);
  CHECK_THROWS_WITH(parse_prism_explicit("2 2 3\n0 0 1 1\n0 1 1 1\n1 0 1 1\n", "c.tra"),
                    Contains("c.tra:1: the first line announces 2 choices but the file has 3"));
  // An MDP file whose states all have one choice is a chain.
  const markov_model chain = parse_prism_model("2 2 2\n0 0 1 1\n1 0 1 1\n", "one.tra");
  CHECK(chain.is_absorbing(1));
  CHECK(chain.transitions(0).size() == 1);
  CHECK_THROWS_WITH(parse_prism_explicit("2 3 3\n0 0 1 1\n0 2 1 1\n1 0 1 1\n", "gap.tra"),
                    Contains("gap.tra:3: state 0 has choice 2 but no choice 1"));
  CHECK_THROWS_WITH(parse_prism_explicit("2 2 2\n0 0 1 1 a\n0 0 1 1 b\n", "two.tra"),
                    Contains("two.tra:3: choice 0 of state 0 has two action names"));
  CHECK_THROWS_WITH(parse_prism_explicit("2 1 2\n0 0 1 1\n1 0 1 1\n", "few.tra"),
                    Contains("declares 2 states but only 1 choices"));
  CHECK_THROWS_WITH(parse_prism_explicit("2 3 2\n0 0 1 1\n1 0 1 1\n", "more.tra"),
                    Contains("more.tra:1: the model declares 2 states and 3 choices but only 2 transitions"));
  CHECK_THROWS_WITH(parse_prism_explicit("2 2 2\n0 5 1 1\n1 0 1 1\n", "big.tra"),
                    Contains("big.tra:2: choice index 5 is not below the 2 choices"));
  CHECK_THROWS_WITH(parse_prism_explicit("2 2 2\n0 1 1\n1 0 1 1\n", "f.tra"),
                    Contains("f.tra:2: a transition line must be \"from choice to probability [action]\""));
}

TEST_CASE("Storm's explicit MDP, labels and state rewards", "[markov][files][storm]") {
  const std::string tra = "mdp\n0 0 1 1 left\n0 1 2 1 right\n1 0 1 1\n";  // state 2 has no line: absorbing
  const std::string lab = "#DECLARATION\ninit\ngoal far\n#END\n0 init\n2 far goal\n";
  const std::string rew = "0 3\n1 1/2\n";
  const explicit_model m = parse_storm_explicit(tra, "m.tra", lab, "m.lab", rew, "m.rew");
  CHECK(m.size() == 3);
  CHECK(m.choice_count(0) == 2);
  CHECK(m.choice_count(2) == 0);
  CHECK(m.action(1) == "right");
  CHECK(m.labels().at("goal") == std::vector<std::size_t>{2});
  CHECK(m.start() == 0u);
  CHECK(m.has_rewards());
  CHECK(m.state_reward(0) == 3);
  CHECK(m.state_reward(1) == ratio<Rational>(1, 2));
  CHECK(m.state_reward(2) == 0);
  // A Storm DTMC with PRISM's label file and PRISM's reward file.
  const explicit_model d =
      parse_storm_explicit("dtmc\n0 1 1\n1 1 1\n", "d.tra", std::string("0=\"init\" 1=\"end\"\n0: 0\n1: 1\n"), "d.lab",
                           std::string("2 1\n0 5\n"), "d.srew");
  CHECK(d.start() == 0u);
  CHECK(d.state_reward(0) == 5);
  const markov_model dc = to_markov_model(d);
  markov_query q;
  q.start = 0;
  CHECK(expected_steps(markov_chain<Rational>(dc), q) == 5);
  // Without labels Storm has no initial state.
  CHECK(!parse_storm_explicit("dtmc\n0 1 1\n", "n.tra").start());
  // Errors.
  CHECK_THROWS_WITH(parse_storm_explicit("ctmc\n0 1 2\n", "c.tra"), Contains("c.tra:1: the model is a ctmc"));
  CHECK_THROWS_WITH(parse_storm_explicit("dtmc\n", "e.tra"), Contains("e.tra:1: the model has no transitions"));
  CHECK_THROWS_WITH(parse_storm_explicit("markov\n0 1 1\n", "x.tra"), Contains("starts with the line dtmc or mdp"));
  CHECK_THROWS_WITH(parse_storm_explicit("dtmc\n0 1 1 a\n", "f.tra"), Contains("f.tra:2: a transition line"));
  CHECK_THROWS_WITH(parse_storm_explicit("dtmc\n0 1 1/2\n0 1 1/2\n", "dup.tra"),
                    Contains("dup.tra:3: the transition 0 -> 1 is listed twice") && Contains("lines 2 and 3"));
  CHECK_THROWS_WITH(parse_storm_explicit("dtmc\n0 1 0.6\n0 0 0.3\n", "sum.tra"),
                    Contains("sum.tra:2: the probabilities out of state 0 sum to 9/10, not 1"));
  CHECK_THROWS_WITH(parse_storm_explicit("dtmc\n0 1 1\n", "l.tra", std::string("#DECLARATION\na\n"), "l.lab"),
                    Contains("l.lab: the label declarations do not end with #END"));
  CHECK_THROWS_WITH(
      parse_storm_explicit("dtmc\n0 1 1\n", "l.tra", std::string("#DECLARATION\na\n#END\n0 b\n"), "l.lab"),
      Contains("l.lab:4: label 'b' is not declared"));
  CHECK_THROWS_WITH(
      parse_storm_explicit("dtmc\n0 1 1\n", "l.tra", std::string("#DECLARATION\na\n#END\n0 a\n0 a\n"), "l.lab"),
      Contains("l.lab:5: state 0 is listed twice"));
  CHECK_THROWS_WITH(parse_storm_explicit("dtmc\n0 1 1\n", "l.tra", std::string("#DECLARATION\na a\n#END\n"), "l.lab"),
                    Contains("l.lab:2: label 'a' is declared twice"));
  CHECK_THROWS_WITH(
      parse_storm_explicit("dtmc\n0 1 1\n", "l.tra", std::string("#DECLARATION\na\n#END\n7 a\n"), "l.lab"),
      Contains("l.lab:4: unknown state 7"));
  CHECK_THROWS_WITH(
      parse_storm_explicit("dtmc\n0 1 1\n", "r.tra", std::nullopt, "", std::string("0 1\n0 1\n"), "r.rew"),
      Contains("r.rew:2: state 0 is listed twice"));
  CHECK_THROWS_WITH(parse_storm_explicit("dtmc\n0 1 1\n", "r.tra", std::nullopt, "", std::string("0 x\n"), "r.rew"),
                    Contains("r.rew:1: reward 'x' cannot be read"));
}

TEST_CASE("DRN: MDPs, rewards, placeholders, quoted labels", "[markov][files][drn]") {
  const std::string text = R"(// an MDP
@type: MDP
@value_type: rational
@parameters

@placeholders
$half : 1/2
@reward_models
time cost
@nr_states
3
@nr_choices
4
@model
state 0 [1, 10] init "two words"
	action a [0, 5]
		1 : $half
		2 : $half
	action __NOLABEL__
		0 : 1
state 1 [0, 0] goal
	action b
		1 : 1
state 2 [1/3, 1] goal
	action c [2, 0]
		2 : 1
)";
  const explicit_model m = parse_drn_model(text, "m.drn");
  CHECK(m.choice_count() == 4);
  CHECK(m.choice_count(0) == 2);
  CHECK(m.action(0) == "a");
  CHECK(m.action(1).empty());
  CHECK(m.reward_name() == "time");
  CHECK(m.state_reward(0) == 1);
  CHECK(m.state_reward(2) == ratio<Rational>(1, 3));
  CHECK(m.choice_reward(0) == 0);
  CHECK(m.choice_reward(3) == 2);
  CHECK(m.labels().at("two words") == std::vector<std::size_t>{0});
  CHECK(m.labels().at("goal") == std::vector<std::size_t>{1, 2});
  CHECK(m.start() == 0u);
  CHECK(m.distribution(0)[0].probability == ratio<Rational>(1, 2));
  const explicit_model cost = parse_drn_model(text, "m.drn", "cost");
  CHECK(cost.reward_name() == "cost");
  CHECK(cost.state_reward(0) == 10);
  CHECK(cost.choice_reward(0) == 5);
  CHECK_THROWS_WITH(parse_drn_model(text, "m.drn", "money"),
                    Contains("m.drn:14: the file has no reward model 'money' (its reward models: 'time', 'cost')"));
  CHECK_THROWS_WITH(to_markov_model(m), Contains("state 0 has 2 choices"));

  // A DTMC with action and state rewards: a step from s earns both.
  const std::string dtmc =
      "@type: DTMC\n@reward_models\nr\n@nr_states\n2\n@nr_choices\n2\n@model\n"
      "state 0 [1] init\naction go [2]\n0 : 1/4\n1 : 3/4\nstate 1 [7]\naction stop\n1 : 1\n";
  const markov_model chain = to_markov_model(parse_drn_model(dtmc, "d.drn"));
  markov_query q;
  q.start = 0;
  CHECK(expected_steps(markov_chain<Rational>(chain), q) == 4);  // (1 + 2) per step, 4/3 steps
  CHECK(chain.reward(1) == 7);
}

TEST_CASE("DRN: every error names the file and line", "[markov][files][drn][errors]") {
  const std::string head = "@type: DTMC\n@nr_states\n2\n@nr_choices\n2\n@model\n";
  auto drn = [&](const std::string& body) { return parse_drn_model(head + body, "e.drn"); };
  CHECK_THROWS_WITH(drn("state 0\naction a\n1 : 1\nstate 2\naction a\n1 : 1\n"),
                    Contains("e.drn:10: expected state 1, not 2"));
  CHECK_THROWS_WITH(drn("state 0\naction a\n1 : 1\naction b\n0 : 1\nstate 1\naction a\n1 : 1\n"),
                    Contains("e.drn:10: state 0 has a second action, but the model is a DTMC"));
  CHECK_THROWS_WITH(drn("state 0\n1 : 1\n"), Contains("e.drn:8: a transition before its state's first action"));
  CHECK_THROWS_WITH(drn("action a\n0 : 1\n"), Contains("e.drn:7: an action before the first state"));
  CHECK_THROWS_WITH(drn("state 0\naction a\n1 1\n"), Contains("e.drn:9: expected a state, an action or"));
  CHECK_THROWS_WITH(drn("state 0\naction a\n1 : 1\n"),
                    Contains("e.drn: @nr_states declares 2 states but the file lists 1"));
  CHECK_THROWS_WITH(drn("state 0\naction a\n1 : 1\nstate 1\n"), Contains("e.drn: state 1 has no action"));
  CHECK_THROWS_WITH(drn("state 0\naction a\n1 : 1\nstate 1\naction b\n1 : 1\n0 : 0\n1 : 1\n"),
                    Contains("e.drn:14: the transition 1 -> 1 is listed twice") && Contains("(lines 12 and 14)"));
  CHECK_THROWS_WITH(drn("state 0\naction a\n1 : $p\nstate 1\naction b\n1 : 1\n"),
                    Contains("e.drn:9: unknown placeholder '$p'"));
  CHECK_THROWS_WITH(drn("state 0 [1\naction a\n1 : 1\n"), Contains("e.drn:7: a reward list \"[\" has no \"]\""));
  CHECK_THROWS_WITH(drn("state 0 \"open\naction a\n1 : 1\n"), Contains("e.drn:7: a quoted label has no closing quote"));
  CHECK_THROWS_WITH(drn("state 0\naction a\n5 : 1\n"), Contains("e.drn:9: unknown state 5"));
  CHECK_THROWS_WITH(parse_drn_model("@type: CTMC\n@nr_states\n1\n@model\n", "c.drn"),
                    Contains("c.drn:1: the model type 'CTMC' is not read"));
  CHECK_THROWS_WITH(parse_drn_model("@type: DTMC\n@parameters\np q\n@nr_states\n1\n@model\n", "p.drn"),
                    Contains("p.drn:3: the model has parameters"));
  CHECK_THROWS_WITH(parse_drn_model("@type: DTMC\n@value_type: double-interval\n", "i.drn"),
                    Contains("i.drn:2: the value type 'double-interval' is not read"));
  CHECK_THROWS_WITH(parse_drn_model("@type: DTMC\n@nr_states\n1\n", "m.drn"),
                    Contains("m.drn: the file has no @model"));
  CHECK_THROWS_WITH(parse_drn_model("@nr_states\n1\n@model\n", "t.drn"), Contains("t.drn:3: @type must be given"));
  CHECK_THROWS_WITH(parse_drn_model("@type: DTMC\n@model\n", "n.drn"), Contains("n.drn:2: @nr_states must be given"));
  CHECK_THROWS_WITH(parse_drn_model("@type: DTMC\n@type: MDP\n", "d.drn"), Contains("d.drn:2: @type is given twice"));
  CHECK_THROWS_WITH(parse_drn_model("@type: DTMC\n@colour\n", "u.drn"), Contains("u.drn:2: unknown line '@colour'"));
  CHECK_THROWS_WITH(parse_drn_model("@type: DTMC\n@nr_states\n@model\n", "s.drn"),
                    Contains("s.drn:2: @nr_states must be followed by a number"));
  CHECK_THROWS_WITH(
      parse_drn_model("@type: DTMC\n@nr_states\n1\n@nr_choices\n3\n@model\nstate 0\naction a\n0 : 1\n", "c.drn"),
      Contains("c.drn: @nr_choices declares 3 choices but the file lists 1"));
  CHECK_THROWS_WITH(
      parse_drn_model("@type: DTMC\n@reward_models\na b\n@nr_states\n1\n@model\nstate 0 [1]\naction a\n0 : 1\n",
                      "r.drn"),
      Contains("r.drn:7: 1 rewards for 2 reward models"));
}

TEST_CASE("sizes are read exactly and checked before anything is allocated", "[markov][files][errors]") {
  // 10^18 states: refused at once, by a count check or the state budget.
  CHECK_THROWS_AS(parse_drn_model("@type: DTMC\n@nr_states\n1000000000000000000\n@model\nstate 0\n", "big.drn"),
                  std::invalid_argument);
  CHECK_THROWS_WITH(
      parse_drn_model("@type: DTMC\n@nr_states\n1000000000000000000\n@model\nstate 0\n", "big.drn"),
      Contains("big.drn:2: @nr_states declares 1000000000000000000 states but the file has only 1 lines"));
  CHECK_THROWS_WITH(
      parse_prism_explicit("1000000000000000000 1000000000000000000\n0 0 1\n", "big.tra"),
      Contains("big.tra:1: the first line announces 1000000000000000000 transitions but the file lists 1"));
  CHECK_THROWS_AS(parse_storm_explicit("dtmc\n0 1000000000000000000 1\n", "big.tra"), resource_error);
  CHECK_THROWS_WITH(parse_storm_explicit("dtmc\n0 18446744073709551615 1\n", "max.tra"),
                    Contains("max.tra:1: a state index is too large"));
  CHECK_THROWS_WITH(parse_prism_explicit("99999999999999999999999 1\n0 0 1\n", "o.tra"),
                    Contains("o.tra:1: the number of states '99999999999999999999999' is too large"));
  CHECK_THROWS_WITH(parse_prism_explicit("-2 1\n0 0 1\n", "n.tra"),
                    Contains("n.tra:1: the number of states '-2' is not a non-negative integer"));
  explicit_model_builder b("huge");
  CHECK_THROWS_AS(b.indexed_states(std::uint64_t{1} << 60), resource_error);
}

TEST_CASE("a short file whose indices imply many states is held to the state budget as a chain",
          "[markov][files][errors]") {
  // "dtmc\n0 N 1" names N + 1 states in 20 bytes. The explicit model fits
  // (96 bytes a state), the chain built from it (330 bytes a state) does not.
  const exactdp::budget_scope small({.state_bytes = 64 << 20});
  const explicit_model m = parse_storm_explicit("dtmc\n0 400000 1\n", "many.tra");
  CHECK(m.size() == 400001);
  CHECK_FALSE(m.has_names());
  CHECK_THROWS_WITH(to_markov_model(m), Contains("the chain many.tra needs 4e+05 states x 330 bytes") &&
                                            Contains("above the state budget of 64 MiB"));
  // A markov_builder fed names one by one is held to the same budget.
  markov_builder b("names");
  CHECK_THROWS_AS(
      [&] {
        for (int s = 0; s < 400000; ++s) b.state(std::to_string(s));
      }(),
      resource_error);
  // Within the budget the chain is built, its states named by index.
  const markov_model fits = to_markov_model(parse_storm_explicit("dtmc\n0 1000 1\n", "fits.tra"));
  CHECK(fits.size() == 1001);
  CHECK(fits.name(1000) == "1000");
}

TEST_CASE("errors never echo more than about 200 characters and escape control bytes", "[markov][files][errors]") {
  const std::string junk = std::string("\x01\x7f\xff") + std::string(5000, 'x');
  for (const auto& text :
       {std::string("2 2\n0 ") + junk + " 1\n1 1 1\n", std::string("2 2\n0 0 ") + junk + "\n1 1 1\n", junk + " 2\n"}) {
    try {
      (void)parse_prism_explicit(text, "j.tra");
      FAIL("no error");
    } catch (const std::invalid_argument& e) {
      const std::string msg = e.what();
      INFO(msg);
      CHECK(msg.size() < 400);
      CHECK(msg.find('\x01') == std::string::npos);
      CHECK(msg.find('\xff') == std::string::npos);
      CHECK(msg.find("\\x01\\x7f\\xff") != std::string::npos);
      CHECK(msg.find("...") != std::string::npos);
    }
  }
  try {
    (void)detect_model_format(junk, "j");
    FAIL("no error");
  } catch (const std::invalid_argument& e) {
    CHECK(std::string(e.what()).size() < 600);
  }
}

TEST_CASE("explicit_model_builder checks its arguments", "[markov][files][errors]") {
  explicit_model_builder b("code");
  const auto a = b.state("a"), z = b.state("z");
  CHECK(b.state("a") == a);
  CHECK_THROWS_AS(b.state(""), std::invalid_argument);
  CHECK_THROWS_WITH(b.transition(a, 0, 9, Rational(1)), Contains("out of range"));
  CHECK_THROWS_WITH(b.transition(a, 0, z, ratio<Rational>(3, 2)), Contains("is 3/2, outside [0, 1]"));
  b.transition(a, 0, z, Rational(1));
  b.transition(a, 0, a, Rational(0));  // dropped
  b.absorbing(z);
  b.start(a);
  CHECK_THROWS_WITH(b.start(z), Contains("two start states"));
  b.state_reward(a, Rational(2));
  CHECK_THROWS_WITH(b.state_reward(a, Rational(3)), Contains("two different rewards"));
  b.choice_reward(a, 0, Rational(1));
  CHECK_THROWS_WITH(b.choice_reward(a, 0, Rational(5)), Contains("two different rewards"));
  b.label("end", z);
  const explicit_model m = b.build();
  CHECK(m.name(0) == "a");
  CHECK(m.find("z") == 1u);
  CHECK(!m.find("q"));
  CHECK(m.distribution(0).size() == 1);
  const markov_model chain = to_markov_model(m);
  CHECK(chain.reward(0) == 3);  // state reward + choice reward
  CHECK(chain.is_absorbing(1));
  CHECK_THROWS_AS((void)m.distribution(5), std::out_of_range);
  CHECK_THROWS_WITH(explicit_model_builder("e").build(), Contains("no states"));

  explicit_model_builder c("c");
  c.indexed_states(2);
  CHECK_THROWS_AS(c.state("x"), std::logic_error);
  c.transition(0, 0, 1, Rational(1));
  c.absorbing(0);
  CHECK_THROWS_WITH(c.build(), Contains("state 0 is declared absorbing but has transitions"));
  explicit_model_builder d("d");
  d.indexed_states(2);
  d.transition(0, 0, 1, Rational(1));
  CHECK_THROWS_WITH(d.build(), Contains("state 1 has no transitions and is not declared absorbing"));
  explicit_model_builder e("e");
  e.indexed_states(1);
  e.transition(0, 0, 0, Rational(1));
  e.action(0, 3, "ghost");
  CHECK_THROWS_WITH(e.build(), Contains("state 0 has no choice 3"));
}

TEST_CASE("numbers written with large exponents are held to the state budget before they are read",
          "[markov][files][errors]") {
  // 2000 x "1e-99999": 24 KB of text, 200 million digits once read (about
  // 80 MB). Refused at a 16 MiB budget by every reader, before reading.
  const exactdp::budget_scope small({.state_bytes = 16 << 20});
  std::string tra = "dtmc\n", json = R"({"start": "s0", "transitions": {)",
              drn = "@type: DTMC\n@nr_states\n2000\n@nr_choices\n2000\n@model\n";
  for (int s = 0; s < 2000; ++s) {
    const std::string i = std::to_string(s);
    tra += i + " " + i + " 1e-99999\n";
    json.append(s ? ", " : "").append("\"s").append(i).append(R"(": {"x": "1e-99999"})");
    drn += "state " + i + "\n\taction 0\n\t\t" + i + " : 1e-99999\n";
  }
  json += R"(}, "absorbing": ["x"]})";
  CHECK_THROWS_WITH(parse_storm_explicit(tra, "e.tra"),
                    Contains("the numbers of e.tra, read exactly, needs 95.4 MiB, above the state budget of 16 MiB"));
  CHECK_THROWS_WITH(parse_json_model(json, "e.json"),
                    Contains("the numbers of e.json, read exactly, needs 95.4 MiB, above the state budget"));
  CHECK_THROWS_WITH(parse_drn_model(drn, "e.drn"), Contains("the numbers of e.drn, read exactly"));
  CHECK_THROWS_AS(parse_prism_explicit(std::string("2000 2000\n").append(tra.substr(5)), "e.tra"), resource_error);
}

TEST_CASE("a state labelled init twice is the start state", "[markov][files]") {
  const explicit_model prism =
      parse_prism_explicit("2 2\n0 1 1\n1 1 1\n", "q.tra", "0=\"init\" 1=\"goal\"\n0: 0 0\n1: 1\n", "q.lab");
  CHECK(prism.start() == std::optional<std::size_t>(0));
  const explicit_model storm = parse_storm_explicit("dtmc\n0 1 1\n1 1 1\n", "q.tra",
                                                    "#DECLARATION\ninit goal\n#END\n0 init init\n1 goal\n", "q.lab");
  CHECK(storm.start() == std::optional<std::size_t>(0));
  const explicit_model drn = parse_drn_model(
      "@type: DTMC\n@nr_states\n2\n@nr_choices\n2\n@model\nstate 0 init init\n\taction 0\n\t\t1 : 1\nstate 1 goal\n"
      "\taction 0\n\t\t1 : 1\n",
      "q.drn");
  CHECK(drn.start() == std::optional<std::size_t>(0));
  // Two different init states leave the start to the caller.
  const explicit_model two =
      parse_storm_explicit("dtmc\n0 1 1\n1 1 1\n", "t.tra", "#DECLARATION\ninit\n#END\n0 init\n1 init\n", "t.lab");
  CHECK_FALSE(two.start());
}

// ---- One chain in the four formats, rewards included (issue 25) ----
// 0 -> 1 (1/2), 2 (1/2); 1 -> 0 (1/3), 2 (2/3); 2 absorbing, labelled goal.
// With rewards 5 at 0 and 2 at 1: x0 = 5 + x1/2, x1 = 2 + x0/3, so x0 = 36/5.
// Without a reward structure every step costs 1: x0 = 9/5. A declared
// reward structure with no rewards means reward 0 in every format.

namespace {

struct four_formats {
  std::string json, prism, storm, drn;
};

// Writes the chain in the four formats; `rewards`: "full", "empty" (a
// reward structure with no rewards) or "none".
four_formats write_chain(const scratch_dir& dir, const std::string& rewards, bool prism_headers = false) {
  four_formats f;
  const std::string json_rewards = rewards == "full"    ? ", \"rewards\": {\"0\": 5, \"1\": 2}"
                                   : rewards == "empty" ? ", \"rewards\": {}"
                                                        : "";
  f.json = dir.write(rewards + ".json",
                     "{\"start\": \"0\", \"transitions\": {\"0\": {\"1\": \"1/2\", \"2\": \"1/2\"}, \"1\": {\"0\": "
                     "\"1/3\", \"2\": \"2/3\"}}, \"absorbing\": [\"2\"], \"labels\": {\"goal\": [\"2\"]}" +
                         json_rewards + "}");
  const std::string h = prism_headers ? "# Transitions (DTMC)\n" : "";
  f.prism = dir.write(rewards + "_prism.tra", h + "3 5\n0 1 0.5\n0 2 0.5\n1 0 1/3\n1 2 2/3\n2 2 1\n");
  dir.write(rewards + "_prism.lab",
            (prism_headers ? "# Labels\n" : "") + std::string("0=\"init\" 1=\"goal\"\n0: 0\n2: 1\n"));
  const std::string srew_head = prism_headers ? "# Reward structure \"r\"\n# State rewards\n" : "";
  if (rewards == "full") dir.write(rewards + "_prism.srew", srew_head + "3 2\n0 5\n1 2\n");
  if (rewards == "empty") dir.write(rewards + "_prism.srew", srew_head + "3 0\n");
  f.storm = dir.write(rewards + "_storm.tra", "dtmc\n0 1 1/2\n0 2 1/2\n1 0 1/3\n1 2 2/3\n");
  dir.write(rewards + "_storm.lab", "#DECLARATION\ninit goal\n#END\n0 init\n2 goal\n");
  if (rewards == "full") dir.write(rewards + "_storm.state.rew", "0 5\n1 2\n");
  if (rewards == "empty") dir.write(rewards + "_storm.state.rew", "");
  const bool any = rewards != "none";
  const bool full = rewards == "full";
  f.drn =
      dir.write(rewards + ".drn", std::string("@type: DTMC\n@parameters\n\n@reward_models\n") + (any ? "r\n" : "\n") +
                                      "@nr_states\n3\n@nr_choices\n3\n@model\n" + "state 0 " +
                                      (full  ? "[5] "
                                       : any ? "[0] "
                                             : "") +
                                      "init\n\taction 0\n" + "\t\t1 : 1/2\n\t\t2 : 1/2\nstate 1" +
                                      (full  ? " [2]"
                                       : any ? " [0]"
                                             : "") +
                                      "\n\taction 0\n\t\t0 : 1/3\n\t\t2 : 2/3\nstate 2 goal\n\taction 0\n\t\t2 : 1\n");
  return f;
}

std::string steps_to_goal(const std::string& path) {
  const markov_model m = load_markov_model(path, model_file_options{});
  return to_string(expected_steps(markov_chain<Rational>(m), query_to(m, "goal")));
}

}  // namespace

TEST_CASE("every reader gives the same answer for one chain in four formats, rewards included",
          "[markov][files][formats]") {
  const scratch_dir dir;
  for (const auto& [rewards, expected] :
       std::vector<std::pair<std::string, std::string>>{{"full", "36/5"}, {"empty", "0"}, {"none", "9/5"}}) {
    INFO("rewards " << rewards);
    const four_formats f = write_chain(dir, rewards);
    CHECK(steps_to_goal(f.json) == expected);
    CHECK(steps_to_goal(f.prism) == expected);
    CHECK(steps_to_goal(f.storm) == expected);
    CHECK(steps_to_goal(f.drn) == expected);
  }
  // The same through the JSON chain read directly (load_json_model) and as a
  // model with choices.
  const four_formats f = write_chain(dir, "empty");
  const markov_model m = load_json_model(f.json);
  CHECK(to_string(expected_steps(markov_chain<Rational>(m), query_to(m, "goal"))) == "0");
  CHECK(load_explicit_model(f.json).has_rewards());
}

TEST_CASE("PRISM's header comments are read where PRISM writes them", "[markov][files][prism]") {
  const scratch_dir dir;
  const four_formats f = write_chain(dir, "full", true);
  CHECK(steps_to_goal(f.prism) == "36/5");
  model_file_options prism;
  prism.format = "prism";
  const markov_model m = load_markov_model(f.prism, prism);
  CHECK(to_string(expected_steps(markov_chain<Rational>(m), query_to(m, "goal"))) == "36/5");
  CHECK(detect_model_format("# Transitions (MDP)\n2 2 2\n0 0 1 1\n1 0 1 1\n", "h.tra") == model_format::prism);
}

TEST_CASE("transition rewards (.trew) are read: a transition's reward counts with its probability",
          "[markov][files][prism]") {
  const scratch_dir dir;
  // 0 -> 1 pays 10 (half the time: 5), 1 -> 0 pays 6 (a third: 2): 36/5 again.
  const std::string tra = dir.write("t.tra", "3 5\n0 1 1/2\n0 2 1/2\n1 0 1/3\n1 2 2/3\n2 2 1\n");
  dir.write("t.lab", "0=\"init\" 1=\"goal\"\n0: 0\n2: 1\n");
  dir.write("t.trew", "# Reward structure \"r\"\n# Transition rewards\n3 2\n0 1 10\n1 0 6\n");
  CHECK(steps_to_goal(tra) == "36/5");
  // With state rewards too, both are collected.
  dir.write("t.srew", "3 1\n0 1\n");
  CHECK(steps_to_goal(tra) == "42/5");
  std::filesystem::remove(dir.path / "t.srew");
  // Storm's layout (no header) beside a Storm .tra.
  const std::string storm = dir.write("s.tra", "dtmc\n0 1 1/2\n0 2 1/2\n1 0 1/3\n1 2 2/3\n");
  dir.write("s.lab", "#DECLARATION\ninit goal\n#END\n0 init\n2 goal\n");
  dir.write("s.trans.rew", "0 1 10\n1 0 6\n");
  CHECK(steps_to_goal(storm) == "36/5");
  // An MDP: PRISM writes a choice's reward on each of its transitions.
  const std::string mdp = dir.write("m.tra", "2 3 4\n0 0 1 1\n0 1 0 1/2\n0 1 1 1/2\n1 0 1 1\n");
  dir.write("m.lab", "0=\"init\" 1=\"goal\"\n0: 0\n1: 1\n");
  dir.write("m.trew", "2 3 3\n0 0 1 3\n0 1 0 1\n0 1 1 1\n");
  const explicit_model em = load_explicit_model(mdp);
  REQUIRE(em.choice_count() == 3);
  CHECK(em.choice_reward(0) == 3);
  CHECK(em.choice_reward(1) == 1);
  // Errors: a transition the model lacks, a bad line, counts that differ.
  dir.write("t.trew", "3 1\n0 0 10\n");
  CHECK_THROWS_WITH(load_explicit_model(tra), Contains("t.trew:2: a reward for the transition 0 -> 0") &&
                                                  Contains("which the model does not have"));
  dir.write("t.trew", "3 2\n0 1 10\n");
  CHECK_THROWS_WITH(load_explicit_model(tra), Contains("announces 2 rewards but the file lists 1"));
  dir.write("t.trew", "3 1\n0 1\n");
  CHECK_THROWS_WITH(load_explicit_model(tra), Contains("t.trew:2: a transition reward line must be"));
  dir.write("t.trew", "0 1\n");
  CHECK_THROWS_WITH(load_explicit_model(tra), Contains("t.trew:1: the rewards are for 0 states but the model has 3"));
}

TEST_CASE("ambiguous reward files and repeated action names are refused", "[markov][files][errors]") {
  const scratch_dir dir;
  const std::string tra = dir.write("a.tra", "2 2\n0 1 1\n1 1 1\n");
  dir.write("a.srew", "2 1\n0 1\n");
  dir.write("a.state.rew", "0 2\n");
  CHECK_THROWS_WITH(load_explicit_model(tra), Contains("a.srew") && Contains("a.state.rew") &&
                                                  Contains("both hold state rewards") &&
                                                  Contains("remove or rename one of them"));
  std::filesystem::remove(dir.path / "a.state.rew");
  dir.write("a.trew", "2 1\n0 1 1\n");
  dir.write("a.trans.rew", "0 1 1\n");
  CHECK_THROWS_WITH(load_explicit_model(tra), Contains("both hold transition rewards"));
  // Two choices of one state named alike: DRN and Storm's explicit MDP.
  CHECK_THROWS_WITH(parse_drn_model("@type: MDP\n@nr_states\n2\n@model\nstate 0 init\n\taction a\n\t\t1 : 1\n"
                                    "\taction a\n\t\t0 : 1\nstate 1\n\taction b\n\t\t1 : 1\n",
                                    "dup.drn"),
                    Contains("dup.drn: state 0 has two choices named 'a'"));
  CHECK_THROWS_WITH(parse_storm_explicit("mdp\n0 0 1 1 a\n0 1 0 1 a\n1 0 1 1 b\n", "dup.tra"),
                    Contains("dup.tra: state 0 has two choices named 'a'"));
  // A DRN reward list after the labels would become a label: refused.
  CHECK_THROWS_WITH(parse_drn_model("@type: DTMC\n@reward_models\nr\n@nr_states\n1\n@model\nstate 0 init [5]\n"
                                    "\taction 0\n\t\t0 : 1\n",
                                    "late.drn"),
                    Contains("late.drn:7: '[5]' after the labels: the reward list comes right after the state index"));
  // Reward queries need a reward structure: the files looked for are named.
  model_file_options need;
  need.rewards_required = true;
  const std::string bare = dir.write("bare.tra", "2 2\n0 1 1\n1 1 1\n");
  CHECK_THROWS_WITH(load_explicit_model(bare, need),
                    Contains("bare.tra has no reward structure: no reward file beside it (looked for ") &&
                        Contains("bare.srew") && Contains("bare.state.rew") && Contains("bare.trew") &&
                        Contains("bare.trans.rew"));
  std::filesystem::remove(dir.path / "a.trans.rew");
  CHECK_NOTHROW(load_explicit_model(tra, need));
}

TEST_CASE("the builders charge transitions, not only states, against the state budget", "[markov][budget]") {
  // 64 states, each with a transition to every state: 4,096 transitions
  // (about 0.6 MB as a chain), under a budget of 256 KiB. Counting states
  // alone, both builders would take them all.
  const exactdp::budget_scope small({.state_bytes = 256 << 10});
  const exactdp::Rational p(1, 64);
  std::string chain_error, model_error;
  try {
    exactdp::markov_builder b("dense");
    for (int s = 0; s < 64; ++s) b.state("s" + std::to_string(s));
    for (std::size_t s = 0; s < 64; ++s)
      for (std::size_t t = 0; t < 64; ++t) b.transition(s, t, p, "dense");
  } catch (const exactdp::resource_error& e) {
    chain_error = e.what();
  }
  try {
    exactdp::explicit_model_builder b("dense.tra");
    b.indexed_states(64);
    for (std::size_t s = 0; s < 64; ++s)
      for (std::size_t t = 0; t < 64; ++t) b.transition(s, 0, t, p, s + 1);
  } catch (const exactdp::resource_error& e) {
    model_error = e.what();
  }
  CHECK(chain_error.find("the chain dense needs") == 0);
  CHECK(model_error.find("the model dense.tra needs") == 0);
}

TEST_CASE("the reader's memory estimate is within 2x of a child process's measured peak", "[markov][files][budget]") {
#ifdef EXACTDP_SANITIZE
  // Catch2 2 has no SKIP: the test says why it measures nothing and ends.
  WARN("not measured: the sanitizers' shadow memory is not the reader's");
  return;
#endif
  // PRISM explicit files: a dense chain (every state to every state,
  // weights 1..3 over their sum, short lines), a sparse ring (three
  // transitions a state), a ring whose probabilities are decimals of 40
  // digits (long lines), a line of states and the ring as DRN.
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> weight(1, 3);
  std::string dense;
  const int n = 500;
  dense = std::to_string(n) + " " + std::to_string(n * n) + "\n";
  for (int s = 0; s < n; ++s) {
    std::vector<int> w(n);
    int total = 0;
    for (int& x : w) total += x = weight(rng);
    for (int t = 0; t < n; ++t)
      dense +=
          std::to_string(s) + " " + std::to_string(t) + " " + std::to_string(w[t]) + "/" + std::to_string(total) + "\n";
  }
  const int m = 100000;
  std::string ring = std::to_string(m) + " " + std::to_string(3 * m) + "\n";
  std::string decimals = std::to_string(m) + " " + std::to_string(2 * m) + "\n";
  const std::string p = "0.1234567890123456789012345678901234567891", q = "0.8765432109876543210987654321098765432109";
  for (int s = 0; s < m; ++s) {
    for (int k = 1; k <= 3; ++k) ring += std::to_string(s) + " " + std::to_string((s + k) % m) + " 1/3\n";
    decimals += std::to_string(s) + " " + std::to_string((s + 1) % m) + " " + p + "\n";
    decimals += std::to_string(s) + " " + std::to_string((s + 2) % m) + " " + q + "\n";
  }
  // A line of states (one transition a state), and the ring again as DRN.
  std::string line = std::to_string(m) + " " + std::to_string(m) + "\n";
  for (int s = 0; s < m; ++s) line += std::to_string(s) + " " + std::to_string(std::min(s + 1, m - 1)) + " 1\n";
  std::string drn = "@type: DTMC\n@parameters\n\n@reward_models\n\n@nr_states\n" + std::to_string(m) +
                    "\n@nr_choices\n" + std::to_string(m) + "\n@model\n";
  for (int s = 0; s < m; ++s) {
    drn += "state " + std::to_string(s) + (s == 0 ? " init\n" : "\n") + "\taction 0\n";
    for (int k = 1; k <= 3; ++k) drn += "\t\t" + std::to_string((s + k) % m) + " : 1/3\n";
  }
  const scratch_dir dir;
  for (const auto& [name, text] : {std::pair<std::string, const std::string&>{"dense.tra", dense},
                                   {"ring.tra", ring},
                                   {"decimals.tra", decimals},
                                   {"line.tra", line},
                                   {"ring.drn", drn}}) {
    const std::string path = dir.write(name, text);
    const model_format format = name.ends_with(".drn") ? model_format::drn : model_format::prism;
    const long double estimate = explicit_model_read_bytes(text, format);
    const long double measured =
        test::child_peak_bytes([] { return 0; }, [&](int) { (void)load_markov_model(path, model_file_options{}); });
    INFO(name << ": " << text.size() << " bytes of text, estimate " << static_cast<double>(estimate)
              << " bytes, measured peak " << static_cast<double>(measured) << " bytes");
    REQUIRE(measured > 0);
    // Allow the fixed 4 MiB of the process's own arenas.
    CHECK(measured <= 2 * estimate + (4 << 20));
    CHECK(estimate <= 2 * measured + (4 << 20));
  }
  // The estimate is checked before the model is parsed.
  const exactdp::budget_scope small({.state_bytes = 16 << 20});
  CHECK_THROWS_WITH(
      load_markov_model(dir.path.string() + "/dense.tra", model_file_options{}),
      Contains("reading the model ") && Contains("dense.tra needs") && Contains("above the state budget of 16 MiB"));
}
