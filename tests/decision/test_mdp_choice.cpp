// The MDP whose maximal reaching probability a model checker's rational
// value iteration printed as 11175859456989514707/14901161193847656250:
// tests/data/set2/mdp_choice.tra and .lab (PRISM's explicit MDP
// format: "states choices transitions", then "state choice target
// probability"; goal = states 1, 3, 4). The model is built here by code from
// the file's numbers (the file reader belongs to the Markov chain family),
// and the test checks that the file holds exactly these numbers.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "exactdp/decision/solve.hpp"
#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/modint.hpp"

using namespace exactdp;

namespace {

const char* const mdp_choice_tra =
    "9 12 16\n"
    "0 0 2 1\n"
    "0 1 0 0.6\n"
    "0 1 1 0.3\n"
    "0 1 2 0.1\n"
    "1 0 3 0.3\n"
    "1 0 4 0.7\n"
    "2 0 5 1\n"
    "3 0 4 1\n"
    "4 0 1 1\n"
    "4 1 3 1\n"
    "4 2 6 1\n"
    "5 0 7 0.9\n"
    "5 0 8 0.1\n"
    "6 0 6 1\n"
    "7 0 5 1\n"
    "8 0 5 1\n";

decision_model mdp_choice() {
  std::istringstream in(mdp_choice_tra);
  std::size_t n = 0, choices = 0, transitions = 0;
  in >> n >> choices >> transitions;
  decision_builder b("mdp_choice.tra");
  for (std::size_t s = 0; s < n; ++s) b.add_state(state_owner::max);
  std::size_t s = 0, c = 0, t = 0;
  std::string p;
  std::vector<std::size_t> made(n, 0);
  while (in >> s >> c >> t >> p) {
    while (made[s] <= c) made[s] = b.add_choice(s) + 1;
    b.transition(s, c, t, parse_rational(p));
  }
  for (const std::size_t g : {1, 3, 4}) b.label("goal", g);
  b.label("init", 0);
  b.start(0);
  auto m = b.build();
  REQUIRE(m.size() == n);
  REQUIRE(m.choice_total() == choices);
  REQUIRE(m.targets().size() == transitions);
  return m;
}

}  // namespace

TEST_CASE("mdp_choice: the numbers are those of the case file", "[decision][D01]") {
  // The reported case, kept in the repository (tests/data/set2).
  const std::filesystem::path file = std::filesystem::path(EXACTDP_SOURCE_DIR) / "tests/data/set2/mdp_choice.tra";
  std::ifstream in(file);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str() == mdp_choice_tra);
}

TEST_CASE("mdp_choice: Pmax of reaching goal is 3/4, Pmin is 0", "[decision][D01]") {
  const decision_model m = mdp_choice();
  decision_query q;
  q.target = m.label("goal");
  q.objective = decision_objective::pmax;
  const auto exact = optimal_decision<Rational>(m, q);
  CHECK(exact.value[0] == Rational(3) / 4);
  // The optimal choice at state 0 is choice 1 (stay in the lottery); choice 0 leads to the 5-7-8 cycle.
  CHECK(exact.strategy[0] == 1);
  const auto values = choice_values(m, q, exact, 0);
  REQUIRE(values.size() == 2);
  CHECK(*values[0] == 0);
  CHECK(*values[1] == Rational(3) / 4);
  const auto d = optimal_decision<double>(m, q);
  CHECK(std::fabs(d.value[0] - 0.75) <= 1e-15);
  const auto mod = evaluate_strategy<Mod>(m, q, exact.strategy);
  CHECK(mod.value[0].value() == 750000006u);
  CHECK(to_residue(exact.value[0], 1'000'000'007) == 750000006u);

  q.objective = decision_objective::pmin;
  const auto low = optimal_decision<Rational>(m, q);
  CHECK(low.value[0] == 0);
  CHECK(low.strategy[0] == 0);
  CHECK(evaluate_strategy<Mod>(m, q, low.strategy).value[0].value() == 0u);
  CHECK(optimal_decision<double>(m, q).value[0] == 0.0);
  // The graph analysis settles it: state 0 can avoid goal for sure.
  CHECK(prob0e(m, state_set(m, q.target))[0] == 1);
  CHECK(prob0a(m, state_set(m, q.target))[0] == 0);
}
