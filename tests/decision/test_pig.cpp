// Pig (Neller and Presser 2004): the exact value for target 10, against
// plain value iteration in double, and against the general game solver on
// the explored model.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <tuple>

#include "exactdp/decision/explore.hpp"
#include "exactdp/decision/pig.hpp"
#include "exactdp/decision/solve.hpp"
#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/modint.hpp"

using namespace exactdp;

namespace {

// Plain value iteration in double over every state (Gauss-Seidel sweeps
// from 0 until no value moves by more than 1e-15), as Neller and Presser
// computed it. Returns P(i, j, k) at index [i][j][k].
std::vector<std::vector<std::vector<double>>> value_iteration(int faces, int target) {
  std::vector<std::vector<std::vector<double>>> p(static_cast<std::size_t>(target),
                                                  std::vector<std::vector<double>>(static_cast<std::size_t>(target)));
  for (int i = 0; i < target; ++i)
    for (int j = 0; j < target; ++j) p[i][j].assign(static_cast<std::size_t>(target - i), 0.0);
  auto at = [&](int i, int j, int k) { return i + k >= target ? 1.0 : p[i][j][k]; };
  for (int sweep = 0; sweep < 100000; ++sweep) {
    double moved = 0;
    for (int i = target - 1; i >= 0; --i)
      for (int j = target - 1; j >= 0; --j)
        for (int k = target - i - 1; k >= 0; --k) {
          double roll = 1.0 - at(j, i, 0);
          for (int f = 2; f <= faces; ++f) roll += at(i, j, k + f);
          roll /= faces;
          const double hold = 1.0 - at(j, i + k, 0);
          const double v = std::max(roll, hold);
          moved = std::max(moved, std::fabs(v - p[i][j][k]));
          p[i][j][k] = v;
        }
    if (moved <= 1e-15) break;
  }
  return p;
}

// Pig as an explicit two-player game for the general solver: (i, j, k, turn)
// with the first player (max) to move when turn = 0; the state of the
// player to move is (mover score, other score, turn total).
struct pig_position {
  int mine, other, total, turn;  // turn 0: the maximiser moves; -1: the play is over
  bool operator==(const pig_position&) const = default;
};
struct pig_hash {
  std::size_t operator()(const pig_position& p) const {
    return std::hash<long long>()(((p.mine * 1000LL + p.other) * 1000 + p.total) * 4 + p.turn + 1);
  }
};

explored_model<pig_position, pig_hash> explored_pig(int faces, int target) {
  const pig_position max_wins{0, 0, 0, -1}, min_wins{1, 0, 0, -1};
  return explore_decision_model<pig_position>(
      pig_position{0, 0, 0, 0},
      [&](const pig_position& p, state_description<pig_position>& d) {
        if (p.turn < 0) {
          d.owner = state_owner::terminal;
          d.labels.push_back(p == max_wins ? "max_wins" : "min_wins");
          d.payoff = p == max_wins ? 1 : 0;
          return;
        }
        d.owner = p.turn == 0 ? state_owner::max : state_owner::min;
        const pig_position mover_wins = p.turn == 0 ? max_wins : min_wins;
        const int next = 1 - p.turn;
        auto& roll = d.actions.emplace_back();
        roll.name = "roll";
        roll.outcomes.emplace_back(pig_position{p.other, p.mine, 0, next}, Rational(1) / faces);
        for (int f = 2; f <= faces; ++f) {
          const bool won = p.mine + p.total + f >= target;
          roll.outcomes.emplace_back(won ? mover_wins : pig_position{p.mine, p.other, p.total + f, p.turn},
                                     Rational(1) / faces);
        }
        auto& hold = d.actions.emplace_back();
        hold.name = "hold";
        hold.outcomes.emplace_back(pig_position{p.other, p.mine + p.total, 0, next}, Rational(1));
      },
      0, "pig", pig_hash{});
}

}  // namespace

TEST_CASE("Pig, 6 faces, target 10: 7776/10961 for the player to move at (0, 0, 0)", "[decision][pig][D06]") {
  const auto exact = pig_game<Rational>(6, 10);
  CHECK(exact.turn_start(0, 0) == Rational(7776) / 10961);
  CHECK(to_double(exact.turn_start(0, 0)) == 0.70942432259830313);
  CHECK(pig_residue<Mod>(exact, 0, 0, 0).value() == 878660713u);
  const auto d = pig_game<double>(6, 10);
  CHECK(std::fabs(d.turn_start(0, 0) - 0.70942432259830313) <= 1e-15);
  // At the start rolling is right, and its value is the state's.
  const auto v = pig_values_at(exact, 0, 0, 0);
  CHECK(v.best == pig_action::roll);
  CHECK(v.win == v.roll);
  CHECK(v.roll > v.hold);
  CHECK(v.hold == 1 - exact.turn_start(0, 0));  // holding at 0 hands the same position to the other player
}

TEST_CASE("Pig agrees with plain value iteration in double", "[decision][pig]") {
  // Value iteration stops when no value moves by more than 1e-15; the
  // iteration contracts by at most about 1 - 1/F^2 per sweep near the end,
  // so its error is below 1e-12, and the exact value rounded to double must
  // be within 1e-9 of it (a wide margin).
  for (const auto& [faces, target] : {std::pair{2, 8}, std::pair{3, 12}, std::pair{6, 20}, std::pair{4, 15}}) {
    INFO("faces " << faces << " target " << target);
    const auto vi = value_iteration(faces, target);
    const auto exact = pig_game<Rational>(faces, target);
    const auto d = pig_game<double>(faces, target);
    for (int i = 0; i < target; ++i)
      for (int j = 0; j < target; ++j) {
        REQUIRE(std::fabs(to_double(exact.turn_start(i, j)) - vi[i][j][0]) <= 1e-9);
        REQUIRE(std::fabs(d.turn_start(i, j) - vi[i][j][0]) <= 1e-9);
        for (int k = 0; k < target - i; k += 3) {
          const auto v = pig_values_at(exact, i, j, k);
          REQUIRE(std::fabs(to_double(v.win) - vi[i][j][k]) <= 1e-9);
          REQUIRE(v.win == std::max(v.roll, v.hold));
        }
      }
  }
}

TEST_CASE("Pig agrees with the general game solver on the explored model", "[decision][pig]") {
  for (const auto& [faces, target] : {std::pair{2, 6}, std::pair{3, 9}, std::pair{6, 12}, std::pair{5, 10}}) {
    INFO("faces " << faces << " target " << target);
    const auto g = explored_pig(faces, target);
    const auto pig = pig_game<Rational>(faces, target);
    for (const auto objective : {decision_objective::reach_game, decision_objective::payoff_game}) {
      decision_query q;
      q.objective = objective;
      if (objective == decision_objective::reach_game) {
        q.target = g.model.label("max_wins");
      } else {
        q.default_payoff = Rational(1) / 2;  // a play that never ends is a draw
      }
      const decision_model& m = g.model;
      const auto sol = optimal_decision<Rational>(m, q);
      for (std::size_t s = 0; s < m.size(); ++s) {
        const auto& p = g.states[s];
        if (p.turn < 0) continue;
        const auto v = pig_values_at(pig, p.mine, p.other, p.total);
        const Rational mover = p.turn == 0 ? sol.value[s] : 1 - sol.value[s];
        INFO("state (" << p.mine << ", " << p.other << ", " << p.total << ") turn " << p.turn);
        REQUIRE(mover == v.win);
        const auto cv = choice_values(m, q, sol, s);
        const Rational roll = p.turn == 0 ? *cv[0] : 1 - *cv[0];
        const Rational hold = p.turn == 0 ? *cv[1] : 1 - *cv[1];
        REQUIRE(roll == v.roll);
        REQUIRE(hold == v.hold);
      }
    }
  }
}

TEST_CASE("Pig: the integer proof, the exact improvement and the plain exact iteration agree", "[decision][pig]") {
  for (const auto& [faces, target] : {std::pair{6, 35}, std::pair{3, 20}, std::pair{2, 16}, std::pair{10, 30}}) {
    INFO("faces " << faces << " target " << target);
    const auto plain = pig_game<Rational>(faces, target, false);  // from "always roll", no proof shortcut
    const auto guessed = pig_game<Rational>(faces, target);       // double strategy, proven in integers
    CHECK(guessed.stats().pairs_proved == guessed.stats().pairs);
    // A spoiled first strategy: every 7th action flipped. The proof fails on
    // those pairs and the exact iteration repairs them.
    pig_solution<Rational> spoiled;
    detail::pig_layout(spoiled, faces, target);
    auto& policy = detail::pig_access::policy(spoiled);
    policy = detail::pig_access::policy(guessed);
    for (std::size_t s = 0; s < policy.size(); s += 7) policy[s] ^= 1;
    const auto first = policy;
    detail::pig_access::stats(spoiled).guess_used = true;
    detail::pig_solve_pairs(spoiled, {});
    CHECK(spoiled.stats().pairs_proved < spoiled.stats().pairs);
    std::size_t changed = 0;
    for (std::size_t s = 0; s < policy.size(); ++s) changed += first[s] != policy[s] ? 1 : 0;
    CHECK(changed > 0);
    for (int i = 0; i < target; ++i)
      for (int j = 0; j < target; ++j) {
        REQUIRE(guessed.turn_start(i, j) == plain.turn_start(i, j));
        REQUIRE(spoiled.turn_start(i, j) == plain.turn_start(i, j));
      }
    // Both strategies are optimal: every action chosen has the state's value.
    for (int i = 0; i < target; i += 3)
      for (int j = 0; j < target; j += 2)
        for (int k = 0; k < target - i; k += 2) {
          const auto v = pig_values_at(spoiled, i, j, k);
          REQUIRE(v.win == (v.best == pig_action::roll ? v.roll : v.hold));
          REQUIRE(v.win == std::max(v.roll, v.hold));
        }
  }
}

TEST_CASE("Pig: the fast proof and the plain exact iteration agree on every small game", "[decision][pig]") {
  // Faces 2..6, every target up to 30: the double strategy proven by
  // pig_prover (exact values by reach probabilities, comparisons by doubles
  // under the proven bound) against exact strategy iteration from "always
  // roll", at every score pair; up to target 14 every state's action is
  // checked optimal from the exact values.
  for (int faces = 2; faces <= 6; ++faces)
    for (int target = 1; target <= 30; ++target) {
      INFO("faces " << faces << " target " << target);
      const auto plain = pig_game<Rational>(faces, target, false);
      const auto fast = pig_game<Rational>(faces, target);
      CHECK(fast.stats().pairs == plain.stats().pairs);
      for (int i = 0; i < target; ++i)
        for (int j = 0; j < target; ++j) REQUIRE(fast.turn_start(i, j) == plain.turn_start(i, j));
      if (target > 14) continue;
      for (int i = 0; i < target; ++i)
        for (int j = 0; j < target; ++j)
          for (int k = 0; k < target - i; ++k) {
            const auto v = pig_values_at(fast, i, j, k);
            REQUIRE(v.win == (v.best == pig_action::roll ? v.roll : v.hold));
            if (k > 0) REQUIRE(v.win == std::max(v.roll, v.hold));
          }
    }
}

TEST_CASE("Pig: near ties go to the integer proof with exact comparisons", "[decision][pig]") {
  // The test hook widens the proven error bound so that every comparison is
  // a near tie: every pair is then proved by pig_prove_pair, which compares
  // them exactly, and the values are the same.
  for (const auto& [faces, target] : {std::pair{6, 45}, std::pair{2, 30}, std::pair{4, 33}}) {
    INFO("faces " << faces << " target " << target);
    const auto fast = pig_game<Rational>(faces, target);
    CHECK(fast.stats().pairs_near_tie == 0);
    auto& hooks = detail::pig_hooks();
    hooks.tolerance_factor = 1e300;
    const auto exact_ties = pig_game<Rational>(faces, target);
    hooks.tolerance_factor = 1;
    // Every pair but {T − 1, T − 1}, where a turn total of 0 leaves no choice.
    CHECK(exact_ties.stats().pairs_near_tie + 1 == exact_ties.stats().pairs);
    CHECK(exact_ties.stats().pairs_proved == exact_ties.stats().pairs);
    for (int i = 0; i < target; ++i)
      for (int j = 0; j < target; ++j) REQUIRE(fast.turn_start(i, j) == exact_ties.turn_start(i, j));
  }
}

TEST_CASE("Pig, 6 faces, target 100: Neller and Presser's 0.5306, exactly", "[decision][pig]") {
  // Published: the first player wins with probability 0.5306 under optimal
  // play (Neller and Presser 2004). The exact value: 20,855 digits over
  // 20,855 digits, correctly rounded 0.5305927252737469, residue 551822715
  // mod 1,000,000,007 (docs/decision.md).
  const auto s = pig_game<Rational>(6, 100);
  const Rational& p = s.turn_start(0, 0);
  CHECK(std::fabs(approximate(p) - 0.5306) < 5e-5);
  CHECK(approximate(p) == 0.5305927252737469);
  CHECK(to_residue(p, 1'000'000'007) == 551'822'715);
  CHECK(to_string(denominator(p)).size() == 20'855);
  CHECK(s.stats().pairs_proved == 5050);
  CHECK(s.stats().guess_wrong == 0);
  CHECK(s.stats().value_bits == 74'537);
}

TEST_CASE("Pig: residues, errors and budgets", "[decision][pig]") {
  const auto exact = pig_game<Rational>(6, 25);
  for (const auto& [i, j, k] :
       {std::tuple{0, 0, 0}, std::tuple{3, 10, 5}, std::tuple{24, 0, 0}, std::tuple{10, 24, 14}})
    CHECK(pig_residue<Mod>(exact, i, j, k).value() == to_residue(pig_values_at(exact, i, j, k).win, Mod::modulus()));
  {
    dyn_modulus_scope scope(998'244'353);
    CHECK(pig_residue<DynModInt>(exact, 2, 7, 4).value() == to_residue(pig_values_at(exact, 2, 7, 4).win, 998'244'353));
  }
  CHECK_THROWS_AS(pig_game<double>(1, 10), std::invalid_argument);
  CHECK_THROWS_AS(pig_game<double>(6, 0), std::invalid_argument);
  CHECK_THROWS_AS(pig_game<double>(6, pig_max_target + 1), std::invalid_argument);
  CHECK_THROWS_AS(pig_game<double>(pig_max_faces + 1, 10), std::invalid_argument);
  CHECK_THROWS_AS(exact.action(0, 0, 25), std::invalid_argument);  // 0 + 25 reaches the target: already won
  CHECK_THROWS_AS(exact.turn_start(25, 0), std::invalid_argument);
  CHECK_THROWS_AS(pig_values_at(exact, -1, 0, 0), std::invalid_argument);
  CHECK_THROWS_AS(pig_residue<Mod>(exact, 0, 30, 0), std::invalid_argument);
  {
    const auto saved = state_budget_bytes();
    state_budget_bytes() = 1 << 20;
    CHECK_THROWS_AS(pig_game<double>(6, 200), resource_error);  // 4 million strategy bytes
    state_budget_bytes() = saved;
  }
  {
    const auto saved = work_budget_steps();
    work_budget_steps() = 1e6L;
    CHECK_THROWS_AS(pig_game<Rational>(6, 60), resource_error);
    work_budget_steps() = saved;
  }
  // The residue of a value whose system is singular mod P: P divides 10961, the denominator for target 10.
  const auto ten = pig_game<Rational>(6, 10);
  CHECK(ten.turn_start(0, 0) == Rational(7776) / 10961);
  {
    dyn_modulus_scope scope(10'961 / 97);  // 113, a prime factor of 10961 = 97 · 113
    CHECK_THROWS_AS(pig_residue<DynModInt>(ten, 0, 0, 0), std::domain_error);
  }
}
