// The modular exact solver (linear.hpp, lib/markov/modular_solve.cpp):
// against a Rational Gauss-Jordan oracle, a stop forced one digit too early
// caught by the exact check, the primes reported, the modular and the
// fraction-free paths agreeing on chains and decision models in all three
// number systems, the residue solve by FLINT and by our elimination
// agreeing, the same answers on one thread and two, and the budget's
// estimates (exact and residue) against the peak memory of a child process.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

#include "../decision/oracle.hpp"
#include "exactdp/decision/solve.hpp"
#include "exactdp/markov/linear.hpp"
#include "exactdp/markov/markov.hpp"
#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/numeric.hpp"
#include "oracle.hpp"
#include "support/child_peak.hpp"
#include "support/paths.hpp"

using namespace exactdp;

namespace {

// Sets the calling thread's modular threshold for a scope.
struct threshold_scope {
  std::size_t saved = detail::modular_threshold();
  explicit threshold_scope(std::size_t t) { detail::modular_threshold() = t; }
  ~threshold_scope() { detail::modular_threshold() = saved; }
  threshold_scope(const threshold_scope&) = delete;
  threshold_scope& operator=(const threshold_scope&) = delete;
};

constexpr std::size_t everything = 1, nothing = std::numeric_limits<std::size_t>::max();

// An integer system given as entries (cells kept alive by the caller).
struct integer_system {
  std::size_t n = 0;
  std::vector<BigInt> cells, rhs;
  std::vector<detail::integer_entry> entries;
};

// A random integer system: a diagonal that dominates, sparse off-diagonal
// entries of either sign, and repeated entries (which add up).
integer_system random_system(std::mt19937& rng, std::size_t n) {
  integer_system s;
  s.n = n;
  std::uniform_int_distribution<int> value(1, 9), coin(0, 2), col(0, static_cast<int>(n) - 1);
  s.cells.reserve(4 * n * n + n);
  for (std::size_t i = 0; i < n; ++i) {
    s.cells.push_back(BigInt(10 * static_cast<int>(n) + value(rng)));
    s.entries.push_back({i, i, &s.cells.back(), false});
    for (std::size_t k = 0; k < 3; ++k) {
      if (coin(rng) == 0) continue;
      s.cells.push_back(BigInt(value(rng)));
      s.entries.push_back({i, static_cast<std::size_t>(col(rng)), &s.cells.back(), coin(rng) == 1});
    }
    s.rhs.push_back(BigInt(value(rng) - 5));
  }
  return s;
}

std::vector<Rational> oracle_solution(const integer_system& s) {
  std::vector<Rational> a(s.n * s.n, Rational(0)), b(s.n);
  for (const auto& e : s.entries) {
    Rational& cell = a[e.row * s.n + e.col];
    cell = e.subtract ? cell - Rational(*e.value) : cell + Rational(*e.value);
  }
  for (std::size_t i = 0; i < s.n; ++i) b[i] = Rational(s.rhs[i]);
  const auto x = test::gauss_jordan(s.n, a, b);
  REQUIRE(x);
  return *x;
}

}  // namespace

TEST_CASE("the modular solve agrees with a Rational Gauss-Jordan oracle", "[markov][modular]") {
  std::mt19937 rng(2023);
  for (int round = 0; round < 60; ++round) {
    const std::size_t n = 1 + static_cast<std::size_t>(round % 40);
    const integer_system s = random_system(rng, n);
    const auto want = oracle_solution(s);
    for (const std::size_t confirm : {0, 1, 2}) {
      detail::modular_options options;
      options.confirm = confirm;
      detail::modular_stats stats;
      std::vector<BigInt> x;
      BigInt den;
      REQUIRE(detail::solve_integer_system_modular(n, s.entries, s.rhs, x, den, options, &stats));
      CHECK(den > 0);
      CHECK(stats.prime == detail::modular_prime(0));
      CHECK(stats.digits >= 1);
      for (std::size_t i = 0; i < n; ++i) CHECK(make_rational(x[i], den) == want[i]);
    }
    // The default path (modular from 24 rows) gives the same values.
    std::vector<BigInt> x;
    BigInt den;
    REQUIRE(detail::solve_integer_system(n, s.entries, s.rhs, x, den));
    for (std::size_t i = 0; i < n; ++i) CHECK(make_rational(x[i], den) == want[i]);
  }
}

TEST_CASE("a stop one digit too early is caught by the exact check", "[markov][modular]") {
  // x0 = 1/(p + 2), p the solver's prime: modulo p alone x0 is 1/2 (the
  // inverse of 2), a small fraction that the reconstruction finds at the
  // first digit. Its denominator needs three digits.
  const BigInt p(detail::modular_prime(0));
  const BigInt big = p + 2, one(1);
  const std::vector<detail::integer_entry> entries{{0, 0, &big, false}, {1, 1, &one, false}};
  const std::vector<BigInt> rhs{BigInt(1), BigInt(1)};
  std::vector<BigInt> x;
  BigInt den;
  SECTION("checking the first reconstruction: the exact check refuses 1/2, the lifting goes on") {
    detail::modular_options options;
    options.confirm = 0;
    detail::modular_stats stats;
    REQUIRE(detail::solve_integer_system_modular(2, entries, rhs, x, den, options, &stats));
    CHECK(stats.failed_checks >= 1);
    CHECK(stats.digits >= 3);
  }
  SECTION("by default one more digit must leave the reconstruction unchanged: 1/2 never reaches the check") {
    detail::modular_stats stats;
    REQUIRE(detail::solve_integer_system_modular(2, entries, rhs, x, den, {}, &stats));
    CHECK(stats.failed_checks == 0);
  }
  CHECK(make_rational(x[0], den) == Rational(1) / Rational(big));
  CHECK(make_rational(x[1], den) == Rational(1));
}

TEST_CASE("a singular system is refused, and a system singular modulo the first prime is not", "[markov][modular]") {
  const BigInt one(1), two(2);
  // Rows (1, 1) and (2, 2): singular over the rationals, so modulo every prime.
  const std::vector<detail::integer_entry> singular{
      {0, 0, &one, false}, {0, 1, &one, false}, {1, 0, &two, false}, {1, 1, &two, false}};
  std::vector<BigInt> x;
  BigInt den;
  detail::modular_stats stats;
  CHECK_FALSE(detail::solve_integer_system_modular(2, singular, {BigInt(1), BigInt(2)}, x, den, {}, &stats));
  CHECK(stats.singular_primes == 4);
  CHECK_FALSE(detail::solve_integer_system(2, singular, {BigInt(1), BigInt(2)}, x, den));
  // det = p: singular modulo the first prime only; the second one solves it.
  const BigInt p(detail::modular_prime(0));
  const std::vector<detail::integer_entry> unlucky{{0, 0, &p, false}, {1, 1, &one, false}};
  REQUIRE(detail::solve_integer_system_modular(2, unlucky, {BigInt(1), BigInt(3)}, x, den, {}, &stats));
  CHECK(stats.singular_primes == 1);
  CHECK(stats.prime == detail::modular_prime(1));
  CHECK(make_rational(x[0], den) == Rational(1) / Rational(p));
  CHECK(make_rational(x[1], den) == Rational(3));
}

TEST_CASE("the primes of the exact solves are recorded per thread", "[markov][modular]") {
  std::mt19937 rng(5);
  const markov_model m = test::random_model(rng, {60, 2, 5, true});
  const threshold_scope all(everything);
  detail::exact_solve_log() = {};
  (void)expected_steps(markov_chain<Rational>(m), markov_query{});
  const detail::exact_solve_record log = detail::exact_solve_log();
  if (log.modular > 0) {
    REQUIRE(log.primes.size() == 1);
    CHECK(log.primes[0] == detail::modular_prime(0));
    CHECK(log.digits >= log.modular);
  }
  CHECK(log.failed_checks == 0);
  CHECK(detail::modular_prime(0) == 134217757ULL);  // the first prime above 2^27
}

namespace {

// The exact answer by both paths; the double and the residue against it.
void check_chain(const markov_model& m, const markov_query& q) {
  Rational modular, fraction_free;
  {
    const threshold_scope all(everything);
    detail::exact_solve_log() = {};
    modular = reach_probability(markov_chain<Rational>(m), q);
  }
  {
    const threshold_scope none(nothing);
    fraction_free = reach_probability(markov_chain<Rational>(m), q);
  }
  CHECK(modular == fraction_free);
  const double d = reach_probability(markov_chain<double>(m), q);
  CHECK(std::fabs(d - to_double(modular)) <= 1e-9);
  const Mod r = reach_probability(markov_chain<Mod>(m), q);
  CHECK(r.value() == to_residue(modular, Mod::modulus()));
}

void check_steps(const markov_model& m, const markov_query& q) {
  Rational modular, fraction_free;
  {
    const threshold_scope all(everything);
    modular = expected_steps(markov_chain<Rational>(m), q);
  }
  {
    const threshold_scope none(nothing);
    fraction_free = expected_steps(markov_chain<Rational>(m), q);
  }
  CHECK(modular == fraction_free);
  const double d = expected_steps(markov_chain<double>(m), q);
  CHECK(std::fabs(d - to_double(modular)) <= 1e-9 * std::max(1.0, std::fabs(d)));
  const Mod r = expected_steps(markov_chain<Mod>(m), q);
  CHECK(r.value() == to_residue(modular, Mod::modulus()));
}

}  // namespace

TEST_CASE("chains: the modular and the fraction-free paths agree, in all three number systems", "[markov][modular]") {
  std::mt19937 rng(77);
  for (int round = 0; round < 20; ++round) {
    const std::size_t n = 10 + static_cast<std::size_t>(round) * 4;
    const markov_model m = test::random_model(rng, {n, 1 + static_cast<std::size_t>(round % 3), 4, round % 2 == 1});
    INFO("round " << round << ", " << n << " states");
    markov_query q;
    q.start = m.size() - 1;
    check_chain(m, q);
    // Expected steps exist when absorption is certain.
    if (reach_probability(markov_chain<Rational>(m), q) == 1) check_steps(m, q);
  }
  // The examples with one start and certain absorption.
  for (const char* name : {"examples/markov/chutes_and_ladders.json", "examples/markov/gamblers_ruin.json",
                           "examples/markov/ill_conditioned_chain.json", "examples/markov/sixes_run_6.json",
                           "examples/markov/knuth_yao_die.tra"}) {
    INFO(name);
    const markov_model m = load_markov_model(test::source_path(name));
    markov_query q;
    q.start = m.start() ? *m.start() : 0;
    check_chain(m, q);
    check_steps(m, q);
  }
}

namespace {

// Sets the calling thread's residue_flint_threshold for a scope.
struct residue_threshold_scope {
  std::size_t saved = detail::residue_flint_threshold();
  explicit residue_threshold_scope(std::size_t t) { detail::residue_flint_threshold() = t; }
  ~residue_threshold_scope() { detail::residue_flint_threshold() = saved; }
  residue_threshold_scope(const residue_threshold_scope&) = delete;
  residue_threshold_scope& operator=(const residue_threshold_scope&) = delete;
};

}  // namespace

TEST_CASE("the residue solve: FLINT's LU and the elimination with delayed reduction agree", "[markov][modular]") {
  std::mt19937_64 rng(99);
  for (const std::uint32_t p : {3U, 65537U, 1'000'000'007U, 2'147'483'647U}) {
    for (std::size_t n = 1; n <= 70; n += 3) {
      INFO("p = " << p << ", n = " << n);
      std::vector<std::uint32_t> a(n * n), b(n);
      for (auto& x : a) x = static_cast<std::uint32_t>(rng() % 4 == 0 ? 0 : rng() % p);  // zeros: pivots to skip
      for (auto& x : b) x = static_cast<std::uint32_t>(rng() % p);
      if (n > 2 && n % 2 == 0)  // a singular one: row 1 is twice row 0
        for (std::size_t j = 0; j < n; ++j) a[n + j] = static_cast<std::uint32_t>(2ULL * a[j] % p);
      std::vector<std::uint32_t> ours = b, flint = b;
      bool ok_ours = false, ok_flint = false;
      {
        const residue_threshold_scope never(nothing);
        ok_ours = detail::solve_dense_residue(n, a, ours, p);
      }
      {
        const residue_threshold_scope always(everything);
        ok_flint = detail::solve_dense_residue(n, a, flint, p);
      }
      REQUIRE(ok_ours == ok_flint);
      if (!ok_ours) continue;
      CHECK(ours == flint);
      for (std::size_t i = 0; i < n; ++i) {  // a·x = b mod p
        unsigned __int128 s = 0;
        for (std::size_t j = 0; j < n; ++j) s += static_cast<unsigned __int128>(a[i * n + j]) * ours[j];
        CHECK(static_cast<std::uint64_t>(s % p) == b[i]);
      }
    }
  }
  // Chains in Mod and DynModInt: both paths give the exact value's residue.
  std::mt19937 chains(12);
  for (int round = 0; round < 6; ++round) {
    const markov_model m = test::random_model(chains, {30 + 20 * static_cast<std::size_t>(round), 1, 6, true});
    markov_query q;
    q.start = m.size() - 1;
    const Rational exact = reach_probability(markov_chain<Rational>(m), q);
    const residue_threshold_scope always(everything);
    CHECK(reach_probability(markov_chain<Mod>(m), q).value() == to_residue(exact, Mod::modulus()));
    const dyn_modulus_scope modulus(2'147'483'647);
    CHECK(reach_probability(markov_chain<DynModInt>(m), q).value() == to_residue(exact, 2'147'483'647));
  }
}

TEST_CASE("decision models: strategy evaluation by the modular and the fraction-free paths agree",
          "[markov][modular]") {
  std::mt19937 rng(31);
  for (int round = 0; round < 12; ++round) {
    const decision_model m = test::random_decision_model(rng, 6 + static_cast<std::size_t>(round) * 3, false);
    decision_query q;
    q.objective = round % 3 == 0 ? decision_objective::pmin : decision_objective::pmax;
    q.target = {0};
    decision_solution<Rational> modular, fraction_free;
    {
      const threshold_scope all(everything);
      modular = optimal_decision<Rational>(m, q);
    }
    {
      const threshold_scope none(nothing);
      fraction_free = optimal_decision<Rational>(m, q);
    }
    INFO("round " << round);
    REQUIRE(modular.value == fraction_free.value);
    // Residues evaluate the exact strategy; the double run finds its own.
    const auto r = evaluate_strategy<Mod>(m, q, modular.strategy);
    const auto d = optimal_decision<double>(m, q);
    for (std::size_t s = 0; s < m.size(); ++s) {
      CHECK(r.value[s].value() == to_residue(modular.value[s], Mod::modulus()));
      CHECK(std::fabs(d.value[s] - to_double(modular.value[s])) <= 1e-9);
    }
  }
}

namespace {

// A chain of one component of n states and an absorbing exit: dense (every
// state to every state, weights 1..3) or sparse (a ring with two chords a
// state, the shape of Herman's rings). Every state leaves with probability
// of at least 1/(3n + 3).
markov_model component_model(std::size_t n, bool dense) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> weight(1, 3);
  std::uniform_int_distribution<std::size_t> member(0, n - 1);
  markov_builder b("component");
  for (std::size_t s = 0; s < n; ++s) b.state(std::string("c").append(std::to_string(s)));
  const std::size_t out = b.state("out");
  b.absorbing(out);
  for (std::size_t s = 0; s < n; ++s) {
    std::vector<std::pair<std::size_t, int>> edges;
    if (dense) {
      for (std::size_t t = 0; t < n; ++t) edges.emplace_back(t, weight(rng));
    } else {
      edges.emplace_back((s + 1) % n, weight(rng));
      for (int k = 0; k < 2; ++k) {
        const std::size_t t = member(rng);
        if (t != (s + 1) % n && (edges.size() < 2 || t != edges[1].first)) edges.emplace_back(t, weight(rng));
      }
    }
    edges.emplace_back(out, 1);
    int total = 0;
    for (const auto& e : edges) total += e.second;
    for (const auto& e : edges) b.transition(s, e.first, Rational(e.second) / Rational(total));
  }
  b.start(0);
  return b.build();
}

// The peak memory (bytes) the solve of the chain in T adds to a child
// process (support/child_peak.hpp), the chain built before the measure. On
// one thread: a forked child has no copy of the parent's FLINT threads,
// which an earlier test may have started.
template <class T = Rational>
long double measured_solve_peak(const markov_model& m) {
  return test::child_peak_bytes([&] { return markov_chain<T>(m); },
                                [](const markov_chain<T>& chain) {
                                  const solve_threads_scope one(1);
                                  (void)expected_steps(chain, markov_query{});
                                });
}

// The estimate of markov_check_budget for the same component.
long double estimated_solve_bytes(const markov_model& m) {
  const markov_chain<Rational> chain(m);
  long double bits = 0, edges = 0;
  const std::size_t n = m.size() - 1;
  for (std::size_t s = 0; s < n; ++s) {
    bits += detail::markov_row_bits(chain, s);
    edges += static_cast<long double>(chain.row_begin()[s + 1] - chain.row_begin()[s]);
  }
  return detail::exact_component_cost(static_cast<long double>(n), edges, 64 + bits).bytes;
}

}  // namespace

TEST_CASE("the exact solve's memory estimate is within 2x of a child process's measured peak",
          "[markov][modular][budget]") {
#ifdef EXACTDP_SANITIZE
  // Catch2 2 has no SKIP: the test says why it measures nothing and ends.
  WARN("not measured: the sanitizers' shadow memory is not the solver's");
  return;
#endif
  for (const bool dense : {true, false}) {
    for (const std::size_t n : {100, 400, 800}) {
      const markov_model m = component_model(n, dense);
      const long double estimate = estimated_solve_bytes(m);
      const long double measured = measured_solve_peak(m);
      INFO((dense ? "dense " : "sparse ") << n << " states: estimate " << static_cast<double>(estimate)
                                          << " bytes, measured peak " << static_cast<double>(measured) << " bytes");
      REQUIRE(measured > 0);
      // Pages already touched before the solve are not counted in the
      // measure; allow the fixed 4 MiB of the process's own arenas.
      CHECK(measured <= 2 * estimate + (4 << 20));
      // The estimate assumes a dense fill-in: a sparse system's LU leaves
      // pages of its zeroed matrix untouched, which the resident peak does
      // not count, so only the dense systems show that it is not loose.
      if (dense) CHECK(estimate <= 2 * measured + (4 << 20));
    }
  }
}

TEST_CASE("the exact chain's memory estimate is within 2x of a child process's measured peak",
          "[markov][modular][budget]") {
#ifdef EXACTDP_SANITIZE
  WARN("not measured: the sanitizers' shadow memory is not the chain's");
  return;
#endif
  // markov_check_budget counts the chain with the system it solves (issue
  // 23: a dense chain of 3,200 states passed 2 GiB with each checked alone).
  for (const bool dense : {true, false}) {
    const markov_model m = component_model(800, dense);
    const long double estimate = markov_chain_bytes<Rational>(static_cast<long double>(m.size()),
                                                              static_cast<long double>(m.transition_count()));
    const long double measured =
        test::child_peak_bytes([] { return 0; }, [&](int) { const markov_chain<Rational> chain(m); });
    INFO((dense ? "dense" : "sparse") << " 800 states: estimate " << static_cast<double>(estimate)
                                      << " bytes, measured peak " << static_cast<double>(measured) << " bytes");
    REQUIRE(measured > 0);
    CHECK(measured <= estimate + (4 << 20));
    CHECK(estimate <= 2 * measured + (4 << 20));
  }
}

TEST_CASE("the residue solve's memory estimate is within 2x of a child process's measured peak",
          "[markov][modular][budget]") {
#ifdef EXACTDP_SANITIZE
  WARN("not measured: the sanitizers' shadow memory is not the solver's");
  return;
#endif
  // Dense components below and above residue_flint_threshold (our
  // elimination, FLINT's nmod_mat_solve_vec), as markov_check_budget
  // charges them (dense_solve_bytes).
  for (const std::size_t n : {600, 1100}) {
    const markov_model m = component_model(n, true);
    const long double estimate = detail::dense_solve_bytes<Mod>(static_cast<long double>(n));
    const long double measured = measured_solve_peak<Mod>(m);
    INFO("dense " << n << " states: estimate " << static_cast<double>(estimate) << " bytes, measured peak "
                  << static_cast<double>(measured) << " bytes");
    REQUIRE(measured > 0);
    CHECK(measured <= 2 * estimate + (4 << 20));
    CHECK(estimate <= 2 * measured + (4 << 20));
  }
}

TEST_CASE("one thread and two give the same answers, exact and residue", "[markov][modular]") {
  // Components large enough for FLINT's LU to split its products over
  // threads (a dense one of 300 states; FLINT multiplies on threads from
  // its first block).
  for (const bool dense : {true, false}) {
    const markov_model m = component_model(300, dense);
    Rational exact[2];
    std::uint32_t residue[2] = {0, 0};
    for (const std::size_t threads : {1, 2}) {
      const solve_threads_scope scope(threads);
      CHECK(solve_threads() == threads);
      const residue_threshold_scope always(everything);
      exact[threads - 1] = expected_steps(markov_chain<Rational>(m), markov_query{});
      residue[threads - 1] = expected_steps(markov_chain<Mod>(m), markov_query{}).value();
    }
    CHECK(exact[0] == exact[1]);
    CHECK(residue[0] == residue[1]);
    CHECK(residue[0] == to_residue(exact[0], Mod::modulus()));
  }
  CHECK_THROWS_AS(solve_threads_scope(0), std::invalid_argument);
}
