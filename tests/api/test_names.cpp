// api/names.hpp: one rule for a start or target name in a Markov chain and
// in a decision model: a state by its name or its index, a label, a name
// that is both a label and another state refused naming both, the start
// from the model or its init label, and every message.
#include "exactdp/api/names.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "exactdp/decision/model.hpp"
#include "exactdp/markov/model.hpp"
#include "exactdp/numeric/numeric.hpp"

using namespace exactdp;
using Catch::Equals;
using std::vector;

namespace {

// States 0, 1, 2 named by their index (as PRISM's files name them), a
// label "1" holding state 2 (a clash with state 1), a label "2" holding
// state 2 (no clash: the same state), a label goal, and the start 0.
markov_model indexed_chain() {
  markov_builder b("chain.tra");
  const auto s0 = b.state("0"), s1 = b.state("1"), s2 = b.state("2");
  b.transition(s0, s1, ratio<Rational>(1, 2));
  b.transition(s0, s2, ratio<Rational>(1, 2));
  b.transition(s1, s0, Rational(1));
  b.absorbing(s2);
  b.label("1", s2);
  b.label("2", s2);
  b.label("goal", s2);
  b.start(s0);
  return b.build();
}

// Two unnamed states (called by their index), both labelled init, no start.
decision_model two_initial_states() {
  decision_builder b("game.json");
  const auto a = b.add_state(state_owner::max), t = b.add_state(state_owner::terminal);
  const auto c = b.add_choice(a);
  b.transition(a, c, t, Rational(1));
  b.label("init", a);
  b.label("init", t);
  return b.build();
}

}  // namespace

TEST_CASE("resolve_state: a state by its name, or by the integer its index reads as", "[api][names]") {
  const markov_model m = indexed_chain();
  CHECK(api::resolve_state(m, "1", "--start") == 1);
  CHECK(api::resolve_state(m, "01", "--start") == 1);
  CHECK(api::resolve_state(m, " 2", "--start") == 2);
  CHECK_THROWS_WITH(api::resolve_state(m, "3", "--start"), Equals("--start '3' is not a state of chain.tra"));
  CHECK_THROWS_WITH(api::resolve_state(m, "s0", "start"), Equals("start 's0' is not a state of chain.tra"));
  const decision_model d = two_initial_states();
  CHECK(api::resolve_state(d, "1", "state") == 1);
  CHECK(api::resolve_state(d, "+0", "state") == 0);
  CHECK_THROWS_WITH(api::resolve_state(d, "a\nb", "state"), Equals("state 'a\\nb' is not a state of game.json"));
}

TEST_CASE("resolve_target: a label or a state; both, with different states, is refused naming both", "[api][names]") {
  const markov_model m = indexed_chain();
  const api::resolved_target goal = api::resolve_target(m, "goal", "--target");
  CHECK(goal.states == vector<std::size_t>{2});
  CHECK(goal.label);
  CHECK(goal.words == "label goal");
  const api::resolved_target zero = api::resolve_target(m, "00", "--target");
  CHECK(zero.states == vector<std::size_t>{0});
  CHECK_FALSE(zero.label);
  CHECK(zero.words == "state 0");
  // The label "2" is the state 2: one meaning, accepted.
  CHECK(api::resolve_target(m, "2", "--target").states == vector<std::size_t>{2});
  CHECK_THROWS_WITH(api::resolve_target(m, "1", "--target"),
                    Equals("--target '1' is both a label of chain.tra (its states: 2) and a different state; "
                           "rename one of them"));
  CHECK_THROWS_WITH(api::resolve_target(m, "nowhere", "target"),
                    Equals("target 'nowhere' is neither a label nor a state of chain.tra (its labels: 1, 2, goal)"));
  const decision_model d = two_initial_states();
  CHECK(api::resolve_target(d, "init", "--target").states == vector<std::size_t>{0, 1});
  CHECK(api::resolve_target(d, "0", "--target").words == "state 0");
  CHECK_THROWS_WITH(api::resolve_target(d, "2", "--target"),
                    Equals("--target '2' is neither a label nor a state of game.json (its labels: init)"));
}

TEST_CASE("resolve_start: the name given, the model's start, or a refusal that says how to give one", "[api][names]") {
  const markov_model m = indexed_chain();
  CHECK(api::resolve_start(m, std::nullopt, "--start", "--start") == 0);
  CHECK(api::resolve_start(m, std::string("1"), "--start", "--start") == 1);
  CHECK_THROWS_WITH(api::resolve_start(m, std::string("9"), "start", "start="),
                    Equals("start '9' is not a state of chain.tra"));
  const decision_model d = two_initial_states();
  CHECK_THROWS_WITH(api::resolve_start(d, std::nullopt, "--start", "--start"),
                    Equals("game.json has 2 initial states (label init); choose one with --start"));
  CHECK(api::resolve_start(d, std::string("1"), "--start", "--start") == 1);
  markov_builder b("plain.json");
  b.absorbing(b.state("x"));
  CHECK_THROWS_WITH(api::resolve_start(b.build(), std::nullopt, "state", "state="),
                    Equals("plain.json names no start state; give one with state="));
}
