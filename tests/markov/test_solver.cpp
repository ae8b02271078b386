// The component solver and the k-step queries against an independent dense
// oracle on random chains, agreement across the three policies, and the
// solver's error paths.
#include "exactdp/markov/queries.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "exactdp/numeric/numeric.hpp"
#include "oracle.hpp"
#include "support/paths.hpp"

using namespace exactdp;
using exactdp::test::random_chain_spec;

namespace {
std::string test_source(const std::string& relative) { return exactdp::test::source_path(relative); }
}  // namespace

namespace {

// Stated tolerance between the double run and the exact value rounded to
// double: random chains of <= 40 states with weights 1..5 are well
// conditioned, so 1e-9 relative (plus 1e-12 absolute near 0) is ample and
// still catches any wrong coefficient.
bool close(double approx, const Rational& exact) {
  const double e = to_double(exact);
  return std::fabs(approx - e) <= 1e-12 + 1e-9 * std::fabs(e);
}

}  // namespace

TEST_CASE("component solver equals a dense solve of the whole system on random chains", "[markov][solver]") {
  std::mt19937 rng(20261130);
  int finite_steps = 0, infinite_steps = 0, with_closed_class = 0, big_components = 0;
  for (int round = 0; round < 400; ++round) {
    random_chain_spec spec;
    spec.n = 1 + static_cast<std::size_t>(round % 40);
    spec.absorbing = std::min<std::size_t>(spec.n, static_cast<std::size_t>(round % 4));
    spec.max_degree = 1 + static_cast<std::size_t>(round % 5);
    spec.rewards = round % 3 == 0;
    const markov_model m = test::random_model(rng, spec);
    const std::size_t start = std::uniform_int_distribution<std::size_t>(0, m.size() - 1)(rng);
    const markov_chain<Rational> exact(m);
    const markov_chain<double> approx(m);
    const markov_chain<Mod> residue(m);

    // Optionally a random target set.
    markov_query q;
    q.start = start;
    if (round % 2 == 1) {
      std::vector<std::size_t> target;
      for (std::size_t s = 0; s < m.size(); ++s)
        if (std::uniform_int_distribution<int>(0, 4)(rng) == 0) target.push_back(s);
      q.target = target;
    }
    const std::vector<char> stop = test::stop_set(m, q.target);
    std::vector<char> goal(m.size(), 0);
    if (q.target) {
      for (const auto s : *q.target) goal[s] = 1;
    } else {
      goal = stop;
    }
    INFO("round " << round << " n " << m.size() << " start " << start);

    // Absorption: every stopping state, the target total, never.
    const auto ab = absorption_probabilities(exact, q);
    Rational total = 0;
    for (const auto& [s, p] : ab.stopped) {
      std::vector<char> one(m.size(), 0);
      one[s] = 1;
      CHECK(p == test::oracle_reach(m, start, one, stop));
      total += p;
    }
    CHECK(total + ab.never == 1);
    CHECK(ab.target_probability == test::oracle_reach(m, start, goal, stop));
    if (ab.closed_state) ++with_closed_class;
    const auto ab_double = absorption_probabilities(approx, q);
    const auto ab_mod = absorption_probabilities(residue, q);
    REQUIRE(ab_double.stopped.size() == ab.stopped.size());
    REQUIRE(ab_mod.stopped.size() == ab.stopped.size());
    for (std::size_t i = 0; i < ab.stopped.size(); ++i) {
      CHECK(ab_double.stopped[i].first == ab.stopped[i].first);
      CHECK(close(ab_double.stopped[i].second, ab.stopped[i].second));
      CHECK(ab_mod.stopped[i].second.value() == to_residue(ab.stopped[i].second, Mod::modulus()));
    }
    CHECK(ab_mod.never.value() == to_residue(ab.never, Mod::modulus()));

    // Expected reward: finite exactly when the oracle says so.
    const auto want = test::oracle_steps(m, start, goal, stop);
    if (want) {
      ++finite_steps;
      const Rational got = expected_steps(exact, q);
      CHECK(got == *want);
      CHECK(close(expected_steps(approx, q), got));
      CHECK(expected_steps(residue, q).value() == to_residue(got, Mod::modulus()));
    } else {
      ++infinite_steps;
      CHECK_THROWS_AS(expected_steps(exact, q), std::domain_error);
      CHECK_THROWS_AS(expected_steps(approx, q), std::domain_error);
      CHECK_THROWS_AS(expected_steps(residue, q), std::domain_error);
    }

    // Components of several states really occurred.
    const auto comps = reachable_components(m.size(), exact.row_begin(), exact.targets(), start, stop);
    for (std::size_t k = 0; k < comps.count(); ++k)
      if (comps.begin[k + 1] - comps.begin[k] >= 3) ++big_components;
  }
  // The random cases exercise every branch.
  CHECK(finite_steps > 50);
  CHECK(infinite_steps > 50);
  CHECK(with_closed_class > 20);
  CHECK(big_components > 50);
}

TEST_CASE("k-step queries equal dense matrix powers on random chains", "[markov][steps]") {
  std::mt19937 rng(7);
  for (int round = 0; round < 120; ++round) {
    random_chain_spec spec;
    spec.n = 1 + static_cast<std::size_t>(round % 15);
    spec.absorbing = std::min<std::size_t>(spec.n, static_cast<std::size_t>(round % 3));
    const markov_model m = test::random_model(rng, spec);
    markov_query q;
    q.start = std::uniform_int_distribution<std::size_t>(0, m.size() - 1)(rng);
    std::vector<std::size_t> target;
    std::vector<char> goal(m.size(), 0);
    for (std::size_t s = 0; s < m.size(); ++s)
      if (std::uniform_int_distribution<int>(0, 3)(rng) == 0) target.push_back(s), goal[s] = 1;
    const std::uint64_t k = static_cast<std::uint64_t>(round % 9);
    INFO("round " << round << " k " << k);
    const markov_chain<Rational> exact(m);
    const markov_chain<double> approx(m);
    const markov_chain<Mod> residue(m);

    const std::vector<char> absorbing = test::stop_set(m, std::nullopt);
    const auto dense = test::oracle_distribution(m, q.start, k, absorbing);
    const auto dist = distribution_after(exact, q, k);
    Rational sum = 0;
    std::size_t positive = 0;
    for (const auto& p : dense) positive += p != 0;
    CHECK(dist.size() == positive);
    for (const auto& [s, p] : dist) {
      CHECK(p == dense[s]);
      sum += p;
    }
    CHECK(sum == 1);
    const auto dist_mod = distribution_after(residue, q, k);
    const auto dist_double = distribution_after(approx, q, k);
    REQUIRE(dist_mod.size() == dist.size());
    REQUIRE(dist_double.size() == dist.size());
    for (std::size_t i = 0; i < dist.size(); ++i) {
      CHECK(dist_mod[i].second.value() == to_residue(dist[i].second, Mod::modulus()));
      CHECK(close(dist_double[i].second, dist[i].second));
    }

    // After exactly k steps in the target (targets are not sticky).
    Rational in_target = 0;
    for (std::size_t s = 0; s < m.size(); ++s)
      if (goal[s]) in_target += dense[s];
    markov_query qt = q;
    qt.target = target;
    CHECK(probability_after(exact, qt, k) == in_target);

    // Within k steps: the target made sticky.
    const auto sticky = test::stop_set(m, target);
    const auto dense_sticky = test::oracle_distribution(m, q.start, k, sticky);
    Rational within = 0;
    for (std::size_t s = 0; s < m.size(); ++s)
      if (goal[s]) within += dense_sticky[s];
    CHECK(reached_within(exact, qt, k) == within);
    CHECK(reached_within(residue, qt, k).value() == to_residue(within, Mod::modulus()));
    CHECK(close(reached_within(approx, qt, k), within));
    // Without a target: absorbed within k steps.
    Rational absorbed = 0;
    for (std::size_t s = 0; s < m.size(); ++s)
      if (absorbing[s]) absorbed += dense[s];
    CHECK(reached_within(exact, q, k) == absorbed);

    // Repeated squaring, forced, gives the same distributions: residues
    // equal to the exact values mapped, doubles within the tolerance.
    for (const bool stick : {false, true}) {
      const std::vector<char> stop = stick ? test::stop_set(m, target) : absorbing;
      const auto& want = stick ? dense_sticky : dense;
      markov_steps<Mod> by_squares;
      markov_steps<double> by_squares_d;
      detail::markov_k_steps(residue, q, k, stop, by_squares, markov_step_method::repeated_squaring);
      detail::markov_k_steps(approx, q, k, stop, by_squares_d, markov_step_method::repeated_squaring);
      CHECK(by_squares.method == markov_step_method::repeated_squaring);
      std::size_t reachable = 0;
      for (const auto& p : want) reachable += p != 0;
      REQUIRE(by_squares.distribution.size() == reachable);
      REQUIRE(by_squares_d.distribution.size() == reachable);
      for (std::size_t i = 0; i < reachable; ++i) {
        const std::size_t s = by_squares.distribution[i].first;
        CHECK(by_squares.distribution[i].second.value() == to_residue(want[s], Mod::modulus()));
        CHECK(by_squares_d.distribution[i].first == s);
        CHECK(close(by_squares_d.distribution[i].second, want[s]));
      }
    }
  }
}

TEST_CASE("large k: repeated squaring for small chains, budgets counting steps", "[markov][steps]") {
  const markov_model m = load_markov_model(test_source("examples/markov/chutes_and_ladders.json"));
  markov_query q;
  q.start = *m.start();
  const markov_chain<double> approx(m);
  const markov_chain<Mod> residue(m);
  // k = 2000: both methods, the same residues, doubles within 1e-12.
  markov_steps<Mod> step_mod, square_mod;
  markov_steps<double> step_d, square_d;
  std::vector<char> stop(m.size(), 0);
  for (std::size_t s = 0; s < m.size(); ++s) stop[s] = m.is_absorbing(s);
  detail::markov_k_steps(residue, q, 2000, stop, step_mod, markov_step_method::step_by_step);
  detail::markov_k_steps(residue, q, 2000, stop, square_mod, markov_step_method::repeated_squaring);
  detail::markov_k_steps(approx, q, 2000, stop, step_d, markov_step_method::step_by_step);
  detail::markov_k_steps(approx, q, 2000, stop, square_d, markov_step_method::repeated_squaring);
  REQUIRE(step_mod.distribution.size() == square_mod.distribution.size());
  for (std::size_t i = 0; i < step_mod.distribution.size(); ++i) {
    CHECK(step_mod.distribution[i] == square_mod.distribution[i]);
    CHECK(std::fabs(step_d.distribution[i].second - square_d.distribution[i].second) <= 1e-12);
  }
  // k = 10^9: chosen automatically, and fast.
  const auto big = within_steps(approx, q, 1'000'000'000);
  CHECK(big.method == markov_step_method::repeated_squaring);
  CHECK(std::fabs(big.target_probability - 1.0) < 1e-12);
  CHECK(within_steps(residue, q, 1'000'000'000).method == markov_step_method::repeated_squaring);
  CHECK(within_steps(approx, q, 10).method == markov_step_method::step_by_step);
  // Exact values of 10^9 steps would have billions of bits: refused.
  CHECK_THROWS_AS(within_steps(markov_chain<Rational>(m), q, 1'000'000'000), resource_error);
  // A chain too large to square (a 3,000-state cycle): k steps are counted.
  markov_builder b("ring");
  for (int s = 0; s < 3000; ++s) b.state(std::string("r").append(std::to_string(s)));
  for (std::size_t s = 0; s < 3000; ++s) {
    b.transition(s, (s + 1) % 3000, ratio<Rational>(1, 2));
    b.transition(s, (s + 2999) % 3000, ratio<Rational>(1, 2));
  }
  const markov_model ring = b.build();
  const budget_scope restore({});   // the budgets set below end with the scope
  state_budget_bytes() = 64 << 20;  // the dense 3000x3000 matrices do not fit
  markov_query r;
  CHECK_THROWS_WITH(within_steps(markov_chain<double>(ring), r, 5'000'000'000ULL),
                    Catch::Contains("the distribution after 5000000000 steps needs about"));
  CHECK(within_steps(markov_chain<double>(ring), r, 100).method == markov_step_method::step_by_step);
}

TEST_CASE("the two sixes chain: E0 = 42 in every policy (handed case C16)", "[markov][seed]") {
  markov_builder b("two sixes");
  const auto r0 = b.state("run0"), r1 = b.state("run1"), done = b.state("done");
  b.transition(r0, r0, ratio<Rational>(5, 6));
  b.transition(r0, r1, ratio<Rational>(1, 6));
  b.transition(r1, r0, ratio<Rational>(5, 6));
  b.transition(r1, done, ratio<Rational>(1, 6));
  b.absorbing(done);
  const markov_model m = b.build();
  markov_query q;
  q.start = r0;
  CHECK(expected_steps(markov_chain<Rational>(m), q) == 42);
  CHECK(std::fabs(expected_steps(markov_chain<double>(m), q) - 42.0) < 1e-12);
  CHECK(expected_steps(markov_chain<Mod>(m), q) == Mod(42));
  CHECK(reach_probability(markov_chain<Rational>(m), q) == 1);
}

TEST_CASE("a self-loop alone divides by 1 - p", "[markov][solver]") {
  markov_builder b;
  const auto a = b.state("a"), z = b.state("z");
  b.transition(a, a, ratio<Rational>(9, 10));
  b.transition(a, z, ratio<Rational>(1, 10));
  b.absorbing(z);
  const markov_model m = b.build();
  markov_query q;
  CHECK(expected_steps(markov_chain<Rational>(m), q) == 10);
  CHECK(expected_steps(markov_chain<Mod>(m), q) == Mod(10));
}

TEST_CASE("infinite expectations are errors naming the closed class", "[markov][errors]") {
  // s0 -> {s1, s2}; s1 <-> s2 forever... unless s0 leaves to z.
  markov_builder b("loop");
  const auto s0 = b.state("s0"), s1 = b.state("s1"), s2 = b.state("s2"), z = b.state("z"), w = b.state("w");
  b.transition(s0, s1, ratio<Rational>(1, 2));
  b.transition(s0, z, ratio<Rational>(1, 2));
  b.transition(s1, s2, Rational(1));
  b.transition(s2, s1, Rational(1));
  b.absorbing(z);
  b.absorbing(w);
  b.label("goal", w);
  const markov_model m = b.build();
  const markov_chain<Rational> c(m);
  markov_query q;
  q.start = s0;
  try {
    (void)expected_steps(c, q);
    FAIL("no error");
  } catch (const std::domain_error& e) {
    const std::string msg = e.what();
    CHECK(msg.find("infinite") != std::string::npos);
    CHECK(msg.find("closed class of 2 states") != std::string::npos);
    CHECK((msg.find("state s1") != std::string::npos || msg.find("state s2") != std::string::npos));
  }
  // Absorption still has an answer: half the mass never stops.
  const auto ab = absorption_probabilities(c, q);
  CHECK(ab.never == ratio<Rational>(1, 2));
  REQUIRE(ab.stopped.size() == 1);
  CHECK(ab.stopped[0].first == z);
  CHECK(ab.stopped[0].second == ratio<Rational>(1, 2));
  // From s0 with target w: absorbed in z first, which is not the target.
  q.target = std::vector<std::size_t>{w};
  try {
    (void)expected_steps(c, q);
    FAIL("no error");
  } catch (const std::domain_error& e) {
    CHECK(std::string(e.what()).find("absorbed in state z, which is not in the target") != std::string::npos);
  }
  CHECK(reach_probability(c, q) == 0);
}

TEST_CASE("a system singular mod P is a domain_error naming the component and P", "[markov][errors]") {
  // A 2-cycle a <-> b with det(I - Q) = 1 - 1/2 * 1/4 = 7/8: fine as a
  // fraction, 0 modulo 7.
  markov_builder b("cycle");
  const auto a = b.state("a"), c = b.state("b"), z = b.state("z");
  b.transition(a, c, ratio<Rational>(1, 2));
  b.transition(a, z, ratio<Rational>(1, 2));
  b.transition(c, a, ratio<Rational>(1, 4));
  b.transition(c, z, ratio<Rational>(3, 4));
  b.absorbing(z);
  const markov_model m = b.build();
  markov_query q;
  q.start = a;
  CHECK(expected_steps(markov_chain<Rational>(m), q) == ratio<Rational>(12, 7));
  {
    dyn_modulus_scope scope(7);
    const markov_chain<DynModInt> chain(m);
    try {
      (void)expected_steps(chain, q);
      FAIL("no error");
    } catch (const std::domain_error& e) {
      const std::string msg = e.what();
      CHECK(msg.find("component of 2 states") != std::string::npos);
      CHECK(msg.find("modulo 7") != std::string::npos);
    }
  }
  // A lone self-loop 1/8: 1 - 1/8 = 7/8 is 0 mod 7.
  markov_builder b2("loop");
  const auto x = b2.state("x"), y = b2.state("y");
  b2.transition(x, x, ratio<Rational>(1, 8));
  b2.transition(x, y, ratio<Rational>(7, 8));
  b2.absorbing(y);
  const markov_model m2 = b2.build();
  markov_query q2;
  dyn_modulus_scope scope(7);
  try {
    (void)reach_probability(markov_chain<DynModInt>(m2), q2);
    FAIL("no error");
  } catch (const std::domain_error& e) {
    const std::string msg = e.what();
    CHECK(msg.find("state x") != std::string::npos);
    CHECK(msg.find("modulo 7") != std::string::npos);
  }
  // A probability whose denominator is a multiple of P has no residue.
  markov_builder b3("den");
  const auto u = b3.state("u"), v = b3.state("v");
  b3.transition(u, u, ratio<Rational>(6, 7));
  b3.transition(u, v, ratio<Rational>(1, 7));
  b3.absorbing(v);
  const markov_model m3 = b3.build();
  CHECK_THROWS_WITH(markov_chain<DynModInt>(m3), Catch::Contains("transition u -> u"));
}

TEST_CASE("query arguments and budgets are checked", "[markov][errors]") {
  markov_builder b;
  const auto a = b.state("a"), z = b.state("z");
  b.transition(a, z, Rational(1));
  b.absorbing(z);
  const markov_model m = b.build();
  const markov_chain<Rational> c(m);
  markov_query q;
  q.start = 5;
  CHECK_THROWS_AS(expected_steps(c, q), std::invalid_argument);
  CHECK_THROWS_AS(distribution_after(c, q, 3), std::invalid_argument);
  q.start = 0;
  q.target = std::vector<std::size_t>{9};
  CHECK_THROWS_AS(reach_probability(c, q), std::invalid_argument);
  q.target.reset();
  {
    const budget_scope restore({});  // the budgets set below end with the scope
    work_budget_steps() = 1000;
    CHECK_THROWS_AS(distribution_after(c, q, 1'000'000), resource_error);
  }
  // A dense component too large for a small state budget.
  std::mt19937 rng(3);
  markov_builder big("ring");
  for (int s = 0; s < 300; ++s) big.state(std::string("r").append(std::to_string(s)));
  const auto out = big.state("out");
  big.absorbing(out);
  for (std::size_t s = 0; s < 300; ++s) {
    big.transition(s, (s + 1) % 300, ratio<Rational>(1, 2));
    big.transition(s, (s + 299) % 300, ratio<Rational>(1, 4));
    big.transition(s, out, ratio<Rational>(1, 4));
  }
  const markov_model ring = big.build();
  {
    const budget_scope restore({});  // the budgets set below end with the scope
    state_budget_bytes() = 100'000;
    CHECK_THROWS_WITH(expected_steps(markov_chain<double>(ring), q), Catch::Contains("component of 300 states"));
  }
  CHECK(std::fabs(expected_steps(markov_chain<double>(ring), q) - 4.0) < 1e-9);
  CHECK(expected_steps(markov_chain<Rational>(ring), q) == 4);
}

TEST_CASE("zero steps and a start that is absorbing", "[markov][edge]") {
  markov_builder b;
  const auto a = b.state("a"), z = b.state("z");
  b.transition(a, z, Rational(1));
  b.absorbing(z);
  const markov_model m = b.build();
  const markov_chain<Rational> c(m);
  markov_query q;
  q.start = z;
  CHECK(expected_steps(c, q) == 0);
  CHECK(reach_probability(c, q) == 1);
  q.start = a;
  const auto d = distribution_after(c, q, 0);
  REQUIRE(d.size() == 1);
  CHECK(d[0].first == a);
  CHECK(d[0].second == 1);
  q.target = std::vector<std::size_t>{a};
  CHECK(expected_steps(c, q) == 0);  // already in the target
  q.target = std::vector<std::size_t>{};
  CHECK(reach_probability(c, q) == 0);  // an empty target is never reached
}

TEST_CASE("exact values growing along a deep chain are bounded by the work budget", "[markov][errors]") {
  // 2,000 two-state components in a line: every exact value carries the
  // denominators of all the components above it.
  const std::size_t blocks = 2000;
  markov_builder b("line");
  for (std::size_t s = 0; s < 2 * blocks; ++s) b.state(std::string("x").append(std::to_string(s)));
  const auto out = b.state("out");
  b.absorbing(out);
  for (std::size_t k = 0; k < blocks; ++k) {
    const std::size_t s = 2 * k, t = s + 1;
    b.transition(s, t, ratio<Rational>(2, 3));
    b.transition(s, k + 1 < blocks ? s + 2 : out, ratio<Rational>(1, 3));
    b.transition(t, s, ratio<Rational>(4, 7));
    b.transition(t, out, ratio<Rational>(3, 7));
  }
  const markov_model m = b.build();
  markov_query q;
  const budget_scope restore({});  // the budgets set below end with the scope
  work_budget_steps() = 1e7;
  CHECK_THROWS_WITH(expected_steps(markov_chain<Rational>(m), q), Catch::Contains("exact values of about"));
  // The same chain in fixed-size types is cheap.
  const double d = expected_steps(markov_chain<double>(m), q);
  CHECK(d > 1.0);
  CHECK(d < 10.0);
  (void)expected_steps(markov_chain<Mod>(m), q);
}
