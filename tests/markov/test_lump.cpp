// Exact lumping (lump.hpp): on random chains with a planted symmetry and on
// Herman's ring, every state's value equals its block's on the quotient, in
// expected steps (with rewards), reach and absorption probabilities and
// k-step questions; the partition is stable, refines the initial one, and
// is at least as coarse as the planted one; and the error paths.
#include "exactdp/markov/lump.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "../../bench/models.hpp"
#include "exactdp/markov/queries.hpp"
#include "exactdp/numeric/numeric.hpp"
#include "oracle.hpp"

using namespace exactdp;
using exactdp::test::random_chain_spec;

namespace {

// A chain with a planted lumping: each state of a random base chain becomes
// `copies` states, and the probability p of a base transition b -> d is
// split among the copies of d with random weights, differently for each
// copy of b. The copies of one base state have the same total probability
// into the copies of every base state, so they are lumpable.
markov_model lifted_model(std::mt19937& rng, const markov_model& base, std::size_t copies) {
  markov_builder b("lifted");
  for (std::size_t s = 0; s < base.size(); ++s)
    for (std::size_t i = 0; i < copies; ++i) b.state(base.name(s) + "_" + std::to_string(i));
  b.reward_structure();
  std::uniform_int_distribution<int> weight(0, 3);
  for (std::size_t s = 0; s < base.size(); ++s)
    for (std::size_t i = 0; i < copies; ++i) {
      const std::size_t from = s * copies + i;
      b.reward(from, base.reward(s));
      if (base.is_absorbing(s)) {
        b.absorbing(from);
        continue;
      }
      for (const markov_transition& t : base.transitions(s)) {
        std::vector<int> w(copies);
        int total = 0;
        while (total == 0) {
          total = 0;
          for (int& x : w) total += x = weight(rng);
        }
        for (std::size_t j = 0; j < copies; ++j)
          if (w[j] > 0) b.transition(from, t.to * copies + j, t.probability * Rational(w[j]) / Rational(total));
      }
    }
  return b.build();
}

markov_model herman(int n) { return bench::herman_ring(n); }

struct lumped {
  markov_lumping lumping;
  markov_quotient quotient;
};

lumped lump(const markov_model& m, const std::optional<std::vector<std::size_t>>& target, bool absorbing_apart) {
  lumped l;
  const std::vector<std::size_t> initial = lumping_classes(m, target, absorbing_apart);
  l.lumping = coarsest_lumping(m, initial);
  l.quotient = lumped_model(m, l.lumping);
  // Refines the initial partition; stable: the states of a block have the
  // same probability into every block.
  const std::size_t k = l.lumping.block_count();
  std::vector<std::vector<Rational>> into(k);
  for (std::size_t s = 0; s < m.size(); ++s) {
    const std::size_t b = l.lumping.block[s];
    REQUIRE(initial[s] == initial[l.lumping.first[b]]);
    std::vector<Rational> sums(k);
    for (const markov_transition& t : m.transitions(s)) sums[l.lumping.block[t.to]] += t.probability;
    if (s == l.lumping.first[b])
      into[b] = sums;
    else
      REQUIRE(sums == into[b]);
  }
  return l;
}

std::optional<std::vector<std::size_t>> mapped(const lumped& l, const std::optional<std::vector<std::size_t>>& t) {
  if (!t) return std::nullopt;
  return lumped_states(l.quotient, l.lumping, *t);
}

// expected_steps, or nullopt when it is infinite (domain_error).
std::optional<Rational> steps_or_infinite(const markov_chain<Rational>& c, const markov_query& q) {
  try {
    return expected_steps(c, q);
  } catch (const std::domain_error&) {
    return std::nullopt;
  }
}

// Every state's value equals its block's, for each question.
void check_values(const markov_model& m, const std::optional<std::vector<std::size_t>>& target) {
  const markov_chain<Rational> chain(m);
  const lumped l = lump(m, target, false);
  const markov_chain<Rational> quotient(l.quotient.model);
  for (std::size_t s = 0; s < m.size(); ++s) {
    markov_query q, lq;
    q.start = s;
    q.target = target;
    lq.start = l.lumping.block[s];
    lq.target = mapped(l, target);
    CHECK(steps_or_infinite(chain, q) == steps_or_infinite(quotient, lq));
    CHECK(reach_probability(chain, q) == reach_probability(quotient, lq));
    CHECK(within_steps(chain, q, 3).target_probability == within_steps(quotient, lq, 3).target_probability);
    CHECK(after_steps(chain, q, 4).target_probability == after_steps(quotient, lq, 4).target_probability);
  }
  // Absorption into each absorbing state: the absorbing states apart.
  const lumped apart = lump(m, std::nullopt, true);
  const markov_chain<Rational> qa(apart.quotient.model);
  for (std::size_t s = 0; s < m.size(); ++s) {
    markov_query q, lq;
    q.start = s;
    lq.start = apart.lumping.block[s];
    const markov_absorption<Rational> a = absorption_probabilities(chain, q);
    const markov_absorption<Rational> b = absorption_probabilities(qa, lq);
    std::vector<std::pair<std::size_t, Rational>> back;
    for (const auto& [state, p] : b.stopped) back.emplace_back(apart.lumping.first[apart.quotient.block_of[state]], p);
    CHECK(back == a.stopped);
    CHECK(b.never == a.never);
  }
}

}  // namespace

TEST_CASE("lumping: every state's value equals its block's on random chains with a planted symmetry",
          "[markov][lump]") {
  std::mt19937 rng(20261202);
  std::size_t planted_blocks = 0, found_blocks = 0;
  for (int round = 0; round < 60; ++round) {
    random_chain_spec spec;
    spec.n = 2 + static_cast<std::size_t>(round % 7);
    spec.absorbing = static_cast<std::size_t>(round % 3);
    spec.max_degree = 3;
    spec.rewards = round % 2 == 1;
    const markov_model base = test::random_model(rng, spec);
    const std::size_t copies = 1 + static_cast<std::size_t>(round % 3);
    const markov_model m = lifted_model(rng, base, copies);
    // A target that is a union of base states (the planted partition keeps
    // it), none (the absorbing states), and a random one.
    std::vector<std::size_t> target;
    std::uniform_int_distribution<int> coin(0, 2);
    for (std::size_t s = 0; s < base.size(); ++s)
      if (coin(rng) == 0)
        for (std::size_t i = 0; i < copies; ++i) target.push_back(s * copies + i);
    INFO("round " << round << ", " << m.size() << " states");
    check_values(m, target);
    check_values(m, std::nullopt);
    std::vector<std::size_t> any;
    for (std::size_t s = 0; s < m.size(); ++s)
      if (coin(rng) == 0) any.push_back(s);
    check_values(m, any);
    // At least as coarse as the planted partition.
    const lumped l = lump(m, target, false);
    for (std::size_t s = 0; s < m.size(); ++s) CHECK(l.lumping.block[s] == l.lumping.block[(s / copies) * copies]);
    planted_blocks += base.size();
    found_blocks += l.lumping.block_count();
  }
  CHECK(found_blocks <= planted_blocks);
}

TEST_CASE("lumping: a closed block that is not absorbing stays unabsorbed (a cycle with a twin)", "[markov][lump]") {
  // s0 -> x (absorbing) or a; a <-> b forever, with equal rewards: {a, b}
  // is one closed block, which a self-loop of probability 1 would make
  // absorbing.
  markov_builder b("cycle");
  const auto s0 = b.state("s0"), x = b.state("x"), a = b.state("a"), c = b.state("b");
  b.transition(s0, x, ratio<Rational>(1, 3));
  b.transition(s0, a, ratio<Rational>(2, 3));
  b.transition(a, c, Rational(1));
  b.transition(c, a, Rational(1));
  b.absorbing(x);
  const markov_model m = b.build();
  const lumped l = lump(m, std::nullopt, true);
  CHECK(l.lumping.block_count() == 3);
  REQUIRE(l.quotient.model.size() == 4);
  CHECK(l.quotient.model.name(3) == "a~");
  CHECK(l.quotient.block_of == std::vector<std::size_t>{0, 1, 2, 2});
  const markov_chain<Rational> qc(l.quotient.model);
  markov_query q;
  q.start = 0;
  const markov_absorption<Rational> r = absorption_probabilities(qc, q);
  CHECK(r.never == ratio<Rational>(2, 3));
  CHECK_THROWS_AS(expected_steps(qc, q), std::domain_error);  // infinite, as on the chain
  check_values(m, std::nullopt);
  check_values(m, std::vector<std::size_t>{x});
}

TEST_CASE("lumping: Herman's ring collapses by about its number of processes", "[markov][lump]") {
  for (const int n : {3, 5, 7}) {
    const markov_model m = herman(n);
    const std::vector<std::size_t>& stable = m.labels().at("stable");
    const lumped l = lump(m, stable, false);
    INFO("herman " << n << ": " << l.lumping.block_count() << " blocks");
    // The rotation classes bound the quotient (2^n/n + 2 for a prime n).
    CHECK(l.lumping.block_count() <= (std::size_t{1} << n) / static_cast<std::size_t>(n) + 2);
    // The stable states only move among themselves: their closed blocks get twins.
    CHECK(l.quotient.model.size() >= l.lumping.block_count());
    // A state and its rotations share a block.
    for (std::size_t s = 0; s < m.size(); ++s) {
      const std::size_t rotated = ((s << 1) | (s >> (n - 1))) & (m.size() - 1);
      CHECK(l.lumping.block[s] == l.lumping.block[rotated]);
    }
    // The label stable is a union of blocks: the quotient keeps it.
    CHECK(lumped_states(l.quotient, l.lumping, stable) == l.quotient.model.labels().at("stable"));
    check_values(m, stable);
  }
  // The double run on the quotient agrees with the exact run on the chain.
  const markov_model m3 = herman(3);
  const lumped l3 = lump(m3, m3.labels().at("stable"), false);
  markov_query q, lq;
  q.start = 0;
  q.target = m3.labels().at("stable");
  lq.start = l3.lumping.block[0];
  lq.target = mapped(l3, q.target);
  CHECK(expected_steps(markov_chain<Rational>(m3), q) == expected_steps(markov_chain<Rational>(l3.quotient.model), lq));
  CHECK(expected_steps(markov_chain<double>(l3.quotient.model), lq) ==
        Approx(to_double(expected_steps(markov_chain<Rational>(m3), q))));
}

TEST_CASE("lumping: the initial partition, refinement rounds and errors", "[markov][lump]") {
  // a and b step to c (absorbing); then a is also made to reach b.
  markov_builder b1("ab");
  const auto a = b1.state("a"), b = b1.state("b"), c = b1.state("c");
  b1.transition(a, c, Rational(1));
  b1.transition(b, c, Rational(1));
  b1.absorbing(c);
  const markov_model m1 = b1.build();
  CHECK(lumping_classes(m1, std::nullopt, false) == std::vector<std::size_t>{0, 0, 1});
  const markov_lumping l1 = coarsest_lumping(m1, lumping_classes(m1, std::nullopt, false));
  CHECK(l1.block_count() == 2);
  CHECK(l1.rounds == 1);
  const markov_quotient q1 = lumped_model(m1, l1);
  REQUIRE(q1.model.size() == 2);
  CHECK(q1.model.name(0) == "a");
  CHECK(q1.model.transitions(0).size() == 1);
  CHECK(q1.model.transitions(0)[0].probability == 1);

  markov_builder b2("ab2");
  b2.state("a"), b2.state("b"), b2.state("c");
  b2.transition(0, 1, ratio<Rational>(1, 2));
  b2.transition(0, 2, ratio<Rational>(1, 2));
  b2.transition(1, 2, Rational(1));
  b2.absorbing(2);
  const markov_model m2 = b2.build();
  const markov_lumping l2 = coarsest_lumping(m2, lumping_classes(m2, std::nullopt, false));
  CHECK(l2.block_count() == 3);
  CHECK(l2.rounds == 2);

  // Rewards and the target keep states apart; absorbing_apart splits c.
  CHECK(lumping_classes(m1, std::vector<std::size_t>{b}, false) == std::vector<std::size_t>{0, 1, 2});
  CHECK_THROWS_AS(lumping_classes(m1, std::vector<std::size_t>{7}, false), std::invalid_argument);
  CHECK_THROWS_AS(coarsest_lumping(m1, std::vector<std::size_t>{0, 0}), std::invalid_argument);
  markov_lumping bad = l1;
  bad.block[2] = 5;
  CHECK_THROWS_AS(lumped_model(m1, bad), std::invalid_argument);
  CHECK_THROWS_AS(lumped_states(q1, l1, std::vector<std::size_t>{3}), std::invalid_argument);
  // Budgets: refused before the first round.
  {
    budget_scope tight({.work_steps = 10});
    CHECK_THROWS_AS(coarsest_lumping(m1, lumping_classes(m1, std::nullopt, false)), resource_error);
  }
  {
    budget_scope tight({.state_bytes = 64});
    CHECK_THROWS_AS(coarsest_lumping(m1, std::vector<std::size_t>{0, 0, 0}), resource_error);
  }
}
