// Long-run behaviour: closed classes and periods, stationary distributions,
// the long-run (Cesàro) distribution and average reward, against a
// brute-force oracle on tiny chains, against exact Cesàro averages of the
// distributions after k steps, across the three policies, and the periodic
// reducible chain of case D04.
#include "exactdp/markov/long_run.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "exactdp/markov/model.hpp"
#include "exactdp/markov/steps.hpp"
#include "exactdp/numeric/numeric.hpp"
#include "oracle.hpp"
#include "support/set2.hpp"

using namespace exactdp;
using exactdp::test::set2_case;
using exactdp::test::set2_path;

namespace {

// A random chain with a periodic part: the non-absorbing states are split
// into `groups` rings; within a ring of period d, state i leads only to
// states of the next layer (i + 1 mod d), and with probability `leak`
// layers leak to a random state anywhere. Weights 1..4.
markov_model periodic_model(std::mt19937& rng, std::size_t n, std::size_t absorbing, bool leak) {
  markov_builder b("periodic");
  for (std::size_t s = 0; s < n; ++s) b.state(std::string("s").append(std::to_string(s)));
  std::uniform_int_distribution<int> weight(1, 4), coin(0, 3);
  std::uniform_int_distribution<std::size_t> pick(0, n - 1), period(1, 3);
  const std::size_t d = period(rng);
  for (std::size_t s = 0; s < n; ++s) {
    if (s < absorbing) {
      b.absorbing(s);
      continue;
    }
    // Layer of s: (s - absorbing) mod d; successors in the next layer.
    std::vector<std::size_t> targets;
    for (std::size_t t = absorbing; t < n; ++t)
      if ((t - absorbing) % d == (s - absorbing + 1) % d && coin(rng) != 0) targets.push_back(t);
    if (targets.empty()) targets.push_back(absorbing + (s - absorbing + 1) % std::min(d, n - absorbing));
    if (leak && coin(rng) == 0) {
      const std::size_t t = pick(rng);
      if (std::find(targets.begin(), targets.end(), t) == targets.end()) targets.push_back(t);
    }
    std::vector<int> w;
    int total = 0;
    for (std::size_t i = 0; i < targets.size(); ++i) total += w.emplace_back(weight(rng));
    for (std::size_t i = 0; i < targets.size(); ++i) b.transition(s, targets[i], Rational(w[i]) / Rational(total));
    b.reward(s, Rational(static_cast<int>(s % 5)));
  }
  return b.build();
}

markov_model random_chain(std::mt19937& rng, int round, std::size_t max_n) {
  const std::size_t n = std::uniform_int_distribution<std::size_t>(1, max_n)(rng);
  if (round % 3 != 1) {
    test::random_chain_spec spec;
    spec.n = n;
    spec.absorbing = std::min<std::size_t>(n - 1, std::uniform_int_distribution<std::size_t>(0, 3)(rng));
    spec.max_degree = std::uniform_int_distribution<std::size_t>(1, 4)(rng);
    spec.rewards = true;
    return test::random_model(rng, spec);
  }
  return periodic_model(rng, n, static_cast<std::size_t>(round % 2), round % 2 == 1);
}

double close_tolerance(const Rational& exact) { return 1e-12 + 1e-12 * std::fabs(to_double(exact)); }

}  // namespace

TEST_CASE("D04: a reducible chain with a periodic class has a long-run distribution", "[markov][long-run]") {
  const markov_model m = load_markov_model(set2_path("periodic_classroom.json"));
  const auto expected = set2_case("D04")["expected"];
  markov_query q;
  q.start = *m.start();
  const markov_long_run<Rational> exact = long_run(markov_chain<Rational>(m), q);
  // Two closed classes: Kicked.Out (absorbing, period 1) and {Writing.Notes,
  // Listening} (period 2: the distribution after k steps never settles).
  REQUIRE(exact.classes.size() == 2);
  for (const auto& c : exact.classes) {
    if (c.states.size() == 1) {
      CHECK(m.name(c.states[0]) == "Kicked.Out");
      CHECK(c.period == 1);
    } else {
      CHECK(c.states.size() == 2);
      CHECK(c.period == 2);
    }
  }
  Rational total = 0;
  std::map<std::string, Rational> by_name;
  for (const auto& [s, p] : exact.distribution) by_name[m.name(s)] = p, total += p;
  CHECK(total == 1);
  for (const auto& [name, want] : expected["longrun"].items()) {
    INFO(name);
    const Rational value = by_name.count(name) ? by_name[name] : Rational(0);
    CHECK(to_string(value) == want.get<std::string>());
  }
  CHECK(exact.average_reward == 1);  // one per step: the default rewards
  // Residues and doubles.
  const markov_long_run<Mod> residue = long_run(markov_chain<Mod>(m), q);
  const markov_long_run<double> approx = long_run(markov_chain<double>(m), q);
  REQUIRE(residue.distribution.size() == exact.distribution.size());
  REQUIRE(approx.distribution.size() == exact.distribution.size());
  for (std::size_t i = 0; i < exact.distribution.size(); ++i) {
    const auto& [s, p] = exact.distribution[i];
    CHECK(residue.distribution[i].second.value() == to_residue(p, Mod::modulus()));
    CHECK(ulp_distance(approx.distribution[i].second, to_double(p)).value() <= 4);
    if (expected["longrun_mod"].contains(m.name(s)))
      CHECK(residue.distribution[i].second.value() == expected["longrun_mod"][m.name(s)].get<std::uint32_t>());
  }
  // The distribution after 10 steps, as the case gives it (exact decimals).
  const auto after = distribution_after(markov_chain<Rational>(m), q, 10);
  for (const auto& [name, want] : expected["after_10"].items()) {
    INFO(name);
    Rational value = 0;
    for (const auto& [s, p] : after)
      if (m.name(s) == name) value = p;
    CHECK(value == parse_rational(want.get<std::string>()));
  }
}

TEST_CASE("long run equals a brute-force oracle on tiny chains, in three policies", "[markov][long-run]") {
  std::mt19937 rng(1960);
  int periodic = 0, several = 0;
  for (int round = 0; round < 500; ++round) {
    const markov_model m = random_chain(rng, round, 6);
    markov_query q;
    q.start = round % 5 ? m.size() - 1 : std::uniform_int_distribution<std::size_t>(0, m.size() - 1)(rng);
    INFO("round " << round << " n " << m.size() << " start " << q.start);
    const markov_chain<Rational> exact(m);
    const markov_long_run<Rational> lr = long_run(exact, q);
    const auto classes = test::oracle_closed_classes(m, q.start);
    REQUIRE(lr.classes.size() == classes.size());
    several += classes.size() > 1;
    std::vector<Rational> want(m.size(), Rational(0));
    Rational average = 0;
    const std::vector<char> absorbing = test::stop_set(m, std::nullopt);
    for (std::size_t i = 0; i < classes.size(); ++i) {
      CHECK(lr.classes[i].states == classes[i]);
      CHECK(lr.classes[i].period == test::oracle_period(m, classes[i]));
      periodic += lr.classes[i].period > 1;
      // P(enter the class): reaching any of its states, they and the
      // absorbing states stopping the walk.
      std::vector<char> goal(m.size(), 0), stop = absorbing;
      for (const auto s : classes[i]) goal[s] = stop[s] = 1;
      const Rational p = test::oracle_reach(m, q.start, goal, stop);
      CHECK(lr.class_probability[i] == p);
      const std::vector<Rational> pi = test::oracle_stationary(m, classes[i]);
      CHECK(lr.stationary[i] == pi);
      CHECK(stationary_distribution(exact, lr.classes[i]) == pi);
      for (std::size_t j = 0; j < classes[i].size(); ++j) {
        want[classes[i][j]] = p * pi[j];
        average += p * pi[j] * m.reward(classes[i][j]);
      }
    }
    Rational total = 0;
    for (const auto& [s, v] : lr.distribution) {
      CHECK(v == want[s]);
      total += v;
    }
    CHECK(total == 1);
    CHECK(lr.average_reward == average);
    // The same in residues and doubles (stated tolerance 1e-12 relative:
    // these chains are small and well conditioned).
    const markov_long_run<Mod> residue = long_run(markov_chain<Mod>(m), q);
    const markov_long_run<double> approx = long_run(markov_chain<double>(m), q);
    REQUIRE(residue.distribution.size() == lr.distribution.size());
    REQUIRE(approx.distribution.size() == lr.distribution.size());
    for (std::size_t i = 0; i < lr.distribution.size(); ++i) {
      CHECK(residue.distribution[i].second.value() == to_residue(lr.distribution[i].second, Mod::modulus()));
      CHECK(std::fabs(approx.distribution[i].second - to_double(lr.distribution[i].second)) <=
            close_tolerance(lr.distribution[i].second));
    }
    CHECK(residue.average_reward.value() == to_residue(lr.average_reward, Mod::modulus()));
    CHECK(std::fabs(approx.average_reward - to_double(lr.average_reward)) <= close_tolerance(lr.average_reward) * 8);
  }
  CHECK(periodic > 50);
  CHECK(several > 20);
}

TEST_CASE("long run is the limit of the exact Cesàro averages of the distributions after k steps",
          "[markov][long-run]") {
  // (1/K) sum_{k<K} d_k - L = O(1/K): with K four times larger, K·error
  // must not grow (up to 1.5x), which a wrong L cannot satisfy.
  std::mt19937 rng(1997);
  for (int round = 0; round < 40; ++round) {
    const markov_model m = random_chain(rng, round, 8);
    markov_query q;
    q.start = std::uniform_int_distribution<std::size_t>(0, m.size() - 1)(rng);
    INFO("round " << round << " n " << m.size());
    const markov_long_run<Rational> lr = long_run(markov_chain<Rational>(m), q);
    std::vector<Rational> limit(m.size(), Rational(0));
    for (const auto& [s, v] : lr.distribution) limit[s] = v;
    const std::size_t n = m.size();
    const std::vector<Rational> p = test::dense_matrix(m);
    std::vector<Rational> d(n, Rational(0)), sum(n, Rational(0));
    d[q.start] = 1;
    double error_120 = 0;
    for (std::size_t k = 0; k < 480; ++k) {
      for (std::size_t s = 0; s < n; ++s) sum[s] += d[s];
      if (k + 1 == 120 || k + 1 == 480) {
        double error = 0;
        for (std::size_t s = 0; s < n; ++s)
          error = std::max(error, std::fabs(to_double(sum[s] / Rational(static_cast<long>(k + 1)) - limit[s])));
        if (k + 1 == 120) {
          error_120 = error;
        } else {
          CHECK(error * 480 <= 1.5 * error_120 * 120 + 1e-12);
          CHECK(error < 0.05);
        }
      }
      std::vector<Rational> next(n, Rational(0));
      for (std::size_t s = 0; s < n; ++s)
        if (d[s] != 0)
          for (std::size_t t = 0; t < n; ++t)
            if (p[s * n + t] != 0) next[t] += d[s] * p[s * n + t];
      d = std::move(next);
    }
  }
}

TEST_CASE("the stationary system and the distributions after k steps are checked with the chain beside them",
          "[markov][long-run][errors]") {
  markov_builder b("ring");
  for (int s = 0; s < 300; ++s) b.state(std::string("r").append(std::to_string(s)));
  for (std::size_t s = 0; s < 300; ++s) {
    b.transition(s, (s + 1) % 300, ratio<Rational>(1, 3));
    b.transition(s, (s + 299) % 300, ratio<Rational>(2, 3));
  }
  const markov_chain<Rational> chain(b.build());
  const auto ring = closed_class_of(chain, 0);
  REQUIRE(ring);
  const std::string held = "and with the chain held beside it (" + detail::human_bytes(chain.bytes()) + ")";
  {
    // The chain alone fits, by 1 KiB: neither the system nor two distributions do.
    const budget_scope tight({.state_bytes = static_cast<std::uint64_t>(chain.bytes()) + 1024});
    CHECK_THROWS_WITH(stationary_distribution(chain, *ring),
                      Catch::Contains("stationary system") && Catch::Contains(held));
    CHECK_THROWS_WITH(distribution_after(chain, markov_query{}, 1000),
                      Catch::Contains("after 1000 steps") && Catch::Contains(held));
  }
  CHECK(stationary_distribution(chain, *ring).at(7) == ratio<Rational>(1, 300));  // doubly stochastic
}

TEST_CASE("closed classes, periods and the errors of the long-run functions", "[markov][long-run][errors]") {
  // a -> {b, c}; b <-> c (period 2); a is transient.
  markov_builder b("cycle");
  const auto a = b.state("a"), x = b.state("b"), y = b.state("c");
  b.transition(a, x, ratio<Rational>(1, 2));
  b.transition(a, y, ratio<Rational>(1, 2));
  b.transition(x, y, Rational(1));
  b.transition(y, x, Rational(1));
  const markov_model m = b.build();
  const markov_chain<Rational> chain(m);
  CHECK(!closed_class_of(chain, a));
  const auto c = closed_class_of(chain, x);
  REQUIRE(c);
  CHECK(c->states == std::vector<std::size_t>{x, y});
  CHECK(c->period == 2);
  CHECK(stationary_distribution(chain, *c) == std::vector<Rational>{ratio<Rational>(1, 2), ratio<Rational>(1, 2)});
  const auto all = closed_classes(chain, a);
  REQUIRE(all.size() == 1);
  CHECK(all[0].states == c->states);
  CHECK_THROWS_AS(closed_classes(chain, 9), std::invalid_argument);
  CHECK_THROWS_AS(closed_class_of(chain, 9), std::invalid_argument);
  markov_closed_class open;
  open.states = {a, x};
  CHECK_THROWS_WITH(stationary_distribution(chain, open), Catch::Contains("is not closed"));
  CHECK_THROWS_WITH(stationary_distribution(chain, markov_closed_class{}), Catch::Contains("empty"));
  markov_query q;
  q.start = 7;
  CHECK_THROWS_AS(long_run(chain, q), std::invalid_argument);

  // A class whose stationary distribution has no residue mod 7:
  // u -> u 1/4, u -> v 3/4, v -> u 1: pi_u = 1/(2 - 1/4) = 4/7.
  markov_builder r("mod7");
  const auto u = r.state("u"), v = r.state("v");
  r.transition(u, u, ratio<Rational>(1, 4));
  r.transition(u, v, ratio<Rational>(3, 4));
  r.transition(v, u, Rational(1));
  const markov_model m7 = r.build();
  q.start = u;
  CHECK(long_run(markov_chain<Rational>(m7), q).distribution[0].second == ratio<Rational>(4, 7));
  dyn_modulus_scope scope(7);
  CHECK_THROWS_WITH(long_run(markov_chain<DynModInt>(m7), q),
                    Catch::Contains("stationary distribution") && Catch::Contains("modulo 7"));
}

TEST_CASE("stationary distributions in double survive self-loops within 1e-300 of 1", "[markov][long-run][accuracy]") {
  // u -> u 1 - 10^-300, u -> v 10^-300; v -> v 1 - 10^-200, v -> u
  // 10^-200: pi_u = 10^-200 / (10^-200 + 10^-300) ~ 1 - 10^-100.
  BigInt big = 1;
  for (int i = 0; i < 100; ++i) big *= 10;
  const Rational e100 = Rational(1) / Rational(big);
  const Rational e200 = e100 * e100, e300 = e200 * e100;
  markov_builder b("stiff");
  const auto u = b.state("u"), v = b.state("v");
  b.transition(u, u, 1 - e300);
  b.transition(u, v, e300);
  b.transition(v, v, 1 - e200);
  b.transition(v, u, e200);
  const markov_model m = b.build();
  markov_query q;
  q.start = u;
  const auto exact = long_run(markov_chain<Rational>(m), q);
  const auto approx = long_run(markov_chain<double>(m), q);
  for (std::size_t i = 0; i < 2; ++i)
    CHECK(ulp_distance(approx.distribution[i].second, to_double(exact.distribution[i].second)).value() <= 4);
  CHECK(approx.distribution[1].second > 0);  // 10^-100, not 0
}
