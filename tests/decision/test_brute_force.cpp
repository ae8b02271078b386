// Strategy iteration against exhaustive search over every memoryless
// deterministic strategy, on random small models with fixed seeds (up to 6
// states, 2-3 choices, self-loops, cycles and repeated choices for ties), in
// Rational, double and mod P.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/modint.hpp"
#include "oracle.hpp"

using namespace exactdp;
using exactdp::test::ext_value;

namespace {

// Tolerance of the double solve against the exact value: the models are
// tiny (at most 6 states), so the double run is accurate to a few ulps of
// the largest value; 1e-9 leaves a wide margin.
constexpr double double_tolerance = 1e-9;

std::string describe(const decision_model& m, const decision_query& q) {
  std::string d = std::string(to_string(q.objective)) + " target {";
  for (const auto t : q.target) d += std::to_string(t) + " ";
  d += "} default " + to_string(q.default_payoff) + "\n";
  for (std::size_t s = 0; s < m.size(); ++s) {
    d.append("  ").append(std::to_string(s)).append(" ").append(to_string(m.owner(s)));
    if (m.owner(s) == state_owner::terminal) d.append(" payoff ").append(to_string(m.payoff(s)));
    for (std::size_t c = m.choice_begin()[s]; c < m.choice_begin()[s + 1]; ++c) {
      d.append(" [r").append(to_string(m.reward(c))).append(":");
      for (std::size_t e = m.edge_begin()[c]; e < m.edge_begin()[c + 1]; ++e)
        d.append(" ").append(std::to_string(m.targets()[e])).append("@").append(to_string(m.probabilities()[e]));
      d += "]";
    }
    d += "\n";
  }
  return d;
}

// Checks the query's solutions; returns the states whose forced-wrong
// guess the exact phase repaired.
std::size_t check_query(const decision_model& m, const decision_query& q) {
  std::size_t repaired = 0;
  INFO(describe(m, q));
  const auto truth = test::brute_force_values(m, q);
  // Modes: 0 the double guess, 1 no guess, 2 the double guess with every
  // choosing state of a component moved to its next allowed choice (a
  // forced-wrong guess, which the exact phase must repair), 3 the same
  // marked as stopped on noise, so that the exact phase first refines it
  // in double on the complements.
  for (const int mode : {0, 1, 2, 3}) {
    decision_query qq = q;
    qq.double_guess = mode == 0;
    decision_solution<Rational> exact;
    if (mode < 2) {
      exact = optimal_decision<Rational>(m, qq);
    } else {
      const detail::decision_setup su = detail::prepare_decision(m, q);
      std::vector<std::uint32_t> guess = optimal_decision<double>(m, q).strategy;
      for (std::size_t s = 0; s < m.size(); ++s) {
        if (su.state[s] != detail::settled::open) continue;
        const std::size_t first = m.choice_begin()[s], k = m.choice_count(s);
        for (std::size_t step = 1; step < k; ++step) {
          const auto c = static_cast<std::uint32_t>((guess[s] + step) % k);
          if (su.allowed[first + c]) {
            guess[s] = c;
            break;
          }
        }
      }
      decision_stats st;
      st.guess_used = true;
      st.unsettled_components = mode == 3 ? 1 : 0;
      exact = detail::solve_decision_from<Rational>(m, q, su, guess, st);
      repaired += exact.stats.guess_wrong;
      // The repaired strategy's residues are the exact values' (the third number system).
      const auto mod = evaluate_strategy<Mod>(m, q, exact.strategy);
      for (std::size_t s = 0; s < m.size(); ++s) {
        INFO("residue of the repaired strategy at state " << s);
        if (!truth[s].infinite) REQUIRE(mod.value[s].value() == to_residue(truth[s].v, Mod::modulus()));
      }
    }
    for (std::size_t s = 0; s < m.size(); ++s) {
      INFO("state " << s << " mode " << mode);
      REQUIRE(static_cast<bool>(exact.infinite[s]) == truth[s].infinite);
      if (!truth[s].infinite) REQUIRE(exact.value[s] == truth[s].v);
    }
    // The strategy found achieves the value, state by state.
    const auto own = evaluate_strategy<Rational>(m, q, exact.strategy);
    for (std::size_t s = 0; s < m.size(); ++s) {
      INFO("strategy value at state " << s);
      REQUIRE(static_cast<bool>(own.infinite[s]) == truth[s].infinite);
      if (!truth[s].infinite) REQUIRE(own.value[s] == truth[s].v);
    }
    // Every choice value is at most (max) / at least (min) the state's value, with equality at the chosen one.
    const bool payoff = q.objective == decision_objective::payoff_game;
    for (std::size_t s = 0; s < m.size(); ++s) {
      const bool is_target = std::find(q.target.begin(), q.target.end(), s) != q.target.end();
      if (m.choice_count(s) < 2 || truth[s].infinite || (is_target && !payoff)) continue;
      const auto vals = choice_values(m, q, exact, s);
      REQUIRE(vals[exact.strategy[s]].has_value());
      CHECK(*vals[exact.strategy[s]] == exact.value[s]);
    }
  }
  // Games: the pair is a saddle point (each side's strategy holds the value against every answer).
  if (q.objective == decision_objective::reach_game || q.objective == decision_objective::payoff_game) {
    const auto sol = optimal_decision<Rational>(m, q);
    std::vector<std::size_t> maxers, miners;
    for (std::size_t s = 0; s < m.size(); ++s) {
      if (m.choice_count(s) < 2) continue;
      (m.owner(s) == state_owner::max ? maxers : miners).push_back(s);
    }
    test::each_strategy(m, miners, sol.strategy, [&](const std::vector<std::uint32_t>& pick) {
      const auto v = test::naive_chain_values(m, q, pick);
      for (std::size_t s = 0; s < m.size(); ++s) REQUIRE(!(v[s].v < truth[s].v));
    });
    test::each_strategy(m, maxers, sol.strategy, [&](const std::vector<std::uint32_t>& pick) {
      const auto v = test::naive_chain_values(m, q, pick);
      for (std::size_t s = 0; s < m.size(); ++s) REQUIRE(!(truth[s].v < v[s].v));
    });
  }
  // Double within the stated tolerance; the same infinities.
  const auto d = optimal_decision<double>(m, q);
  for (std::size_t s = 0; s < m.size(); ++s) {
    INFO("double at state " << s);
    REQUIRE(static_cast<bool>(d.infinite[s]) == truth[s].infinite);
    if (!truth[s].infinite) REQUIRE(std::fabs(d.value[s] - to_double(truth[s].v)) <= double_tolerance);
  }
  // Residues: the exact strategy evaluated mod P is the exact value mapped to a residue.
  const auto exact = optimal_decision<Rational>(m, q);
  const auto mod = evaluate_strategy<Mod>(m, q, exact.strategy);
  for (std::size_t s = 0; s < m.size(); ++s) {
    if (truth[s].infinite) {
      CHECK(mod.infinite[s] == 1);
      continue;
    }
    INFO("residue at state " << s);
    REQUIRE(mod.value[s].value() == to_residue(truth[s].v, Mod::modulus()));
  }
  return repaired;
}

}  // namespace

TEST_CASE("MDP queries agree with exhaustive search over all strategies", "[decision][brute]") {
  std::mt19937 rng(20240611);
  std::size_t repaired = 0;
  for (int iter = 0; iter < 400; ++iter) {
    const std::size_t n = 2 + rng() % 5;
    const decision_model m = test::random_decision_model(rng, n, false);
    decision_query q;
    q.target = test::random_target(rng, n);
    for (const auto o :
         {decision_objective::pmax, decision_objective::pmin, decision_objective::rmax, decision_objective::rmin}) {
      q.objective = o;
      repaired += check_query(m, q);
    }
  }
  CHECK(repaired > 100);  // the forced-wrong guesses did need repairs
}

TEST_CASE("game values agree with exhaustive max-min search over all strategies", "[decision][brute]") {
  std::mt19937 rng(77);
  const Rational defaults[] = {Rational(0), Rational(1) / 2, Rational(-1), Rational(3)};
  std::size_t repaired = 0;
  for (int iter = 0; iter < 400; ++iter) {
    const std::size_t n = 2 + rng() % 5;
    const decision_model m = test::random_decision_model(rng, n, true);
    decision_query q;
    q.objective = decision_objective::reach_game;
    q.target = test::random_target(rng, n);
    repaired += check_query(m, q);
    decision_query p;
    p.objective = decision_objective::payoff_game;
    p.default_payoff = defaults[rng() % 4];
    repaired += check_query(m, p);
  }
  CHECK(repaired > 100);  // the forced-wrong guesses did need repairs
}
