// Payoff games in double against the exact values, whatever the default
// payoff (issue 25). The solver once shifted every payoff by the default and
// added it back at the end: exact in Rational and mod P, but in double the
// payoffs vanished beside a default of 10^20 (the duel came out 16384 or 0
// where the value is 1/2), and the double strategy was wrong as well.
//
// Stated bound: a double value (optimal_decision<double>, evaluate_strategy
// <double> of the exact strategy, choice_values of the double solution) is
// within 1e-12 · max(|exact value|, the largest |terminal payoff|, 1) of the
// exact value converted to double. Values are convex combinations of the
// payoffs and the default (v = a + default·b, b the probability that the
// play never ends), so the rounding of a few solves on these tiny models
// (at most 6 states) is some ulps of that scale; 1e-12 leaves a margin.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "exactdp/decision/model_files.hpp"
#include "exactdp/decision/solve.hpp"
#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/modint.hpp"
#include "oracle.hpp"
#include "support/paths.hpp"

using namespace exactdp;
using exactdp::test::source_path;

namespace {

constexpr double relative_bound = 1e-12;

// The largest |terminal payoff| of the model, and at least 1.
double payoff_scale(const decision_model& m) {
  double scale = 1;
  for (std::size_t s = 0; s < m.size(); ++s)
    if (m.owner(s) == state_owner::terminal) scale = std::max(scale, std::fabs(to_double(m.payoff(s))));
  return scale;
}

bool close(double x, const Rational& exact, double scale) {
  const double e = to_double(exact);
  return std::fabs(x - e) <= relative_bound * std::max(std::fabs(e), scale);
}

decision_query payoff_query(const Rational& d) {
  decision_query q;
  q.objective = decision_objective::payoff_game;
  q.default_payoff = d;
  return q;
}

// Every double the solver returns for the payoff game, against the exact values.
void check_doubles(const decision_model& m, const Rational& d) {
  const decision_query q = payoff_query(d);
  INFO("default " << to_string(d) << ", " << m.size() << " states");
  const double scale = payoff_scale(m);
  const auto exact = optimal_decision<Rational>(m, q);
  const auto approx = optimal_decision<double>(m, q);
  const auto own = evaluate_strategy<double>(m, q, exact.strategy);
  for (std::size_t s = 0; s < m.size(); ++s) {
    INFO("state " << s << ": exact " << to_string(exact.value[s]) << ", optimal_decision<double> " << approx.value[s]
                  << ", evaluate_strategy<double> " << own.value[s]);
    CHECK(close(approx.value[s], exact.value[s], scale));
    CHECK(close(own.value[s], exact.value[s], scale));
    const auto exact_choices = choice_values(m, q, exact, s);
    const auto approx_choices = choice_values(m, q, approx, s);
    REQUIRE(exact_choices.size() == approx_choices.size());
    for (std::size_t c = 0; c < exact_choices.size(); ++c) {
      INFO("choice " << c);
      REQUIRE(exact_choices[c].has_value());
      REQUIRE(approx_choices[c].has_value());
      CHECK(close(*approx_choices[c], *exact_choices[c], scale));
    }
  }
}

Rational power_of_ten(int k) { return parse_rational("1e" + std::to_string(k)); }

std::vector<Rational> defaults() {
  return {Rational(0),      Rational(1),       Rational(-1),      Rational(1) / 3,
          power_of_ten(20), -power_of_ten(20), power_of_ten(300), -power_of_ten(300)};
}

}  // namespace

TEST_CASE("payoff games in double: the duel is 1/2 with a default of 10^20 (and every other default)",
          "[decision][payoff][double]") {
  const decision_model duel = load_decision_model(source_path("examples/decision/duel.json"));
  REQUIRE(duel.start().has_value());
  const std::size_t start = *duel.start();
  for (const Rational& d : defaults()) {
    INFO("default " << to_string(d));
    const decision_query q = payoff_query(d);
    CHECK(optimal_decision<Rational>(duel, q).value[start] == Rational(1) / 2);
    CHECK(optimal_decision<double>(duel, q).value[start] == 0.5);
    check_doubles(duel, d);
  }
}

TEST_CASE("payoff games in double: payoffs beside a large default still decide the strategy",
          "[decision][payoff][double]") {
  // Max picks the terminal 0 or 1; Min may loop forever (worth the default)
  // or let the play end. Shifted by 10^20, both terminals read -10^20.
  decision_builder b("pick");
  const std::size_t max = b.add_state(state_owner::max, "max");
  const std::size_t min = b.add_state(state_owner::min, "min");
  const std::size_t zero = b.add_state(state_owner::terminal, "zero");
  const std::size_t one = b.add_state(state_owner::terminal, "one");
  b.payoff(one, Rational(1));
  b.transition(max, b.add_choice(max, "zero"), zero, Rational(1));
  b.transition(max, b.add_choice(max, "min"), min, Rational(1));
  b.transition(min, b.add_choice(min, "loop"), min, Rational(1));
  const std::size_t go = b.add_choice(min, "go");
  b.transition(min, go, one, Rational(1) / 2);
  b.transition(min, go, max, Rational(1) / 2);
  const decision_model m = b.build();
  for (const Rational& d : defaults()) {
    INFO("default " << to_string(d));
    const auto sol = optimal_decision<double>(m, payoff_query(d));
    // Min loops when the default is below 1 (then Max takes 0 when the default is negative).
    const Rational expected = d >= 1 ? Rational(1) : d >= 0 ? d : Rational(0);
    CHECK(close(sol.value[max], expected, 1));
    check_doubles(m, d);
  }
}

TEST_CASE("payoff games in double: random models with defaults from -10^300 to 10^300 agree with Rational",
          "[decision][payoff][double]") {
  std::mt19937 rng(25);
  const std::vector<Rational> ds = defaults();
  for (int iter = 0; iter < 300; ++iter) {
    const std::size_t n = 2 + rng() % 5;
    const decision_model m = test::random_decision_model(rng, n, true);
    for (const Rational& d : ds) check_doubles(m, d);
  }
}

TEST_CASE("payoff games in double: a default beyond the largest double is refused, and nan where infinities meet",
          "[decision][payoff][double]") {
  // As ±infinity the default would tie every choice that can loop, and a
  // strategy chosen among false ties gives a wrong double: refused, while
  // the exact value answers (the duel's is 1/2 whatever the default).
  const decision_model duel = load_decision_model(source_path("examples/decision/duel.json"));
  for (const Rational& d : {power_of_ten(400), -power_of_ten(400)}) {
    CHECK_THROWS_WITH(optimal_decision<double>(duel, payoff_query(d)),
                      Catch::Contains("is beyond the largest double: the double run cannot weigh"));
    CHECK_THROWS_AS(evaluate_strategy<double>(duel, payoff_query(d), std::vector<std::uint32_t>(duel.size(), 0)),
                    std::domain_error);
    CHECK(optimal_decision<Rational>(duel, payoff_query(d)).value[duel.start().value()] == Rational(1, 2));
  }
  // Half to a payoff of -10^400, half to a payoff of 10^400: exactly 0, but
  // -inf/2 + inf/2 in double: nan, which the front ends refuse
  // (api::double_nan_words), never a silently wrong number.
  decision_builder b("infinities");
  const std::size_t start = b.add_state(state_owner::chance, "start");
  const std::size_t loss = b.add_state(state_owner::terminal, "loss");
  const std::size_t win = b.add_state(state_owner::terminal, "win");
  b.payoff(loss, -power_of_ten(400));
  b.payoff(win, power_of_ten(400));
  const std::size_t c = b.add_choice(start);
  b.transition(start, c, loss, Rational(1) / 2);
  b.transition(start, c, win, Rational(1) / 2);
  const decision_model m = b.build();
  const decision_query q = payoff_query(Rational(0));
  CHECK(optimal_decision<Rational>(m, q).value[start] == 0);
  CHECK(std::isnan(optimal_decision<double>(m, q).value[start]));
  CHECK(optimal_decision<double>(m, q).value[win] == HUGE_VAL);
  CHECK(std::isnan(evaluate_strategy<double>(m, q, std::vector<std::uint32_t>(m.size(), 0)).value[start]));
}
