// The bounds of the chance recurrences (<recurrence>_bound) and
// primes_needed: the bound holds for the exact answer, and the residue runs
// modulo primes_needed primes combine back into it (by CRT on the numerator
// when the denominator is known, by rational reconstruction otherwise).
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "exactdp/numeric/numeric.hpp"
#include "exactdp/probability/boundary_paths.hpp"
#include "exactdp/probability/coupon.hpp"
#include "exactdp/probability/dice_sequences.hpp"
#include "exactdp/probability/fixed_points.hpp"
#include "exactdp/probability/knight.hpp"
#include "exactdp/probability/new21.hpp"
#include "exactdp/probability/rolls_to_reach.hpp"
#include "exactdp/probability/run.hpp"
#include "exactdp/probability/soup.hpp"

using namespace exactdp;

namespace {

BigInt bit(std::uint64_t bits) { return BigInt(1) << static_cast<unsigned>(bits); }

// The residues of the recurrence modulo the given primes (DynModInt64 runs).
template <class Solve>
std::vector<residue_class> residues(const Solve& solve, const std::vector<std::uint64_t>& primes) {
  std::vector<residue_class> classes;
  for (const std::uint64_t p : primes) {
    dyn_modulus64_scope scope(p);
    classes.push_back({BigInt(solve(std::type_identity<DynModInt64>{}).value()), BigInt(p)});
  }
  return classes;
}

std::optional<Rational> combine(const answer_bound& b, const std::vector<residue_class>& classes) {
  if (b.denominator) return combine_known_denominator(classes, *b.denominator);
  const residue_class c = crt_combine(classes);
  return reconstruct(c.residue, c.modulus);
}

template <class Exact, class Solve>
void check_bound(const answer_bound& b, const Solve& solve) {
  const Rational exact = Rational(solve(std::type_identity<Exact>{}));
  BigInt num = numerator(exact), den = denominator(exact);
  if (b.denominator) {  // N = exact·D is an integer with the numerator's bound
    REQUIRE(*b.denominator > 0);
    REQUIRE(*b.denominator < bit(b.denominator_bits));
    const Rational scaled = exact * Rational(*b.denominator);
    REQUIRE(denominator(scaled) == 1);
    num = numerator(scaled);
    den = *b.denominator;
  }
  REQUIRE(abs(num) < bit(b.numerator_bits));
  REQUIRE(den < bit(b.denominator_bits));
  for (const int prime_bits : {62, 31, 16}) {
    INFO("primes of " << prime_bits << " bits");
    const std::uint64_t k = primes_needed(b, prime_bits);
    const std::vector<std::uint64_t> primes = primes_below(static_cast<std::size_t>(k), prime_bits);
    const std::vector<residue_class> classes = residues(solve, primes);
    REQUIRE(combine(b, classes) == exact);
    // One prime fewer cannot hold the numerator once it reaches half their product.
    if (k > 1) {
      const std::vector<residue_class> fewer(classes.begin(), classes.end() - 1);
      BigInt product = 1;
      for (const residue_class& c : fewer) product *= c.modulus;
      if (b.denominator && 2 * abs(num) >= product) CHECK(combine(b, fewer) != exact);
    }
  }
}

}  // namespace

TEST_CASE("primes_needed: CRT on the numerator needs half the primes of reconstruction", "[probability][bounds]") {
  const answer_bound known{3001, 3001, BigInt(1) << 3000};
  answer_bound unknown = known;
  unknown.denominator.reset();
  CHECK(primes_needed(known) == 50);    // 3002 bits / 61
  CHECK(primes_needed(unknown) == 99);  // 6003 bits / 61
  CHECK(primes_needed(known, 31) == 101);
  CHECK(primes_needed(detail::integer_bound(1)) == 1);
  CHECK_THROWS_AS(primes_needed(known, 63), std::invalid_argument);
  CHECK_THROWS_AS(primes_needed(known, 2), std::invalid_argument);
}

TEST_CASE("bounds of the probabilities with a known denominator", "[probability][bounds]") {
  // Named copies, not structured bindings: clang 14 cannot capture those in a lambda.
  for (const auto& c :
       std::vector<std::array<int, 4>>{{1, 0, 0, 0}, {1, 5, 0, 0}, {3, 2, 0, 0}, {8, 40, 0, 0}, {8, 100, 3, 4}}) {
    const int n = c[0], moves = c[1], row = c[2], col = c[3];
    INFO("knight " << n << " " << moves);
    check_bound<Rational>(knight_probability_bound(n, moves, row, col),
                          [&]<class T>(std::type_identity<T>) { return knight_probability<T>(n, moves, row, col); });
    check_bound<BigInt>(knight_paths_bound(n, moves, row, col),
                        [&]<class T>(std::type_identity<T>) { return knight_paths<T>(n, moves, row, col); });
  }
  for (const int faces : {1, 2, 6})
    for (const int k : {1, 5, 40}) {
      INFO("run " << k << " faces " << faces);
      check_bound<Rational>(expected_rolls_for_run_bound(k, faces),
                            [&]<class T>(std::type_identity<T>) { return expected_rolls_for_run<T>(k, faces); });
    }
  for (const int target : {0, 1, 7, 300})
    for (const int faces : {1, 6}) {
      INFO("rolls to reach " << target << " faces " << faces);
      check_bound<Rational>(expected_rolls_to_reach_bound(target, faces),
                            [&]<class T>(std::type_identity<T>) { return expected_rolls_to_reach<T>(target, faces); });
    }
  for (const auto& c :
       std::vector<std::array<int, 3>>{{0, 0, 1}, {5, 3, 4}, {10, 3, 4}, {21, 17, 10}, {300, 300, 300}}) {
    const int n = c[0], k = c[1], m = c[2];
    INFO("new21 " << n << " " << k << " " << m);
    check_bound<Rational>(new21_probability_bound(n, k, m),
                          [&]<class T>(std::type_identity<T>) { return new21_probability<T>(n, k, m); });
  }
  for (const std::int64_t ml : {0, 1, 50, 1000}) {
    INFO("soup " << ml);
    check_bound<Rational>(soup_servings_bound(ml),
                          [&]<class T>(std::type_identity<T>) { return soup_servings<T>(ml); });
  }
  for (const int n : {0, 1, 2, 3, 30, 200}) {
    INFO("coupon " << n);
    check_bound<Rational>(expected_draws_to_collect_bound(n),
                          [&]<class T>(std::type_identity<T>) { return expected_draws_to_collect<T>(n); });
  }
  for (const int n : {0, 1, 5}) {
    INFO("fixed points " << n);
    check_bound<Rational>(expected_fixed_points_bound(n),
                          [&]<class T>(std::type_identity<T>) { return expected_fixed_points<T>(n); });
  }
}

TEST_CASE("bounds of the counts (denominator 1)", "[probability][bounds]") {
  for (const int n : {0, 1, 30, 200}) {
    INFO("dice " << n);
    check_bound<BigInt>(dice_sequences_bound(n, {1, 1, 2, 2, 2, 3}), [&]<class T>(std::type_identity<T>) {
      return dice_sequences<T>(n, {1, 1, 2, 2, 2, 3});
    });
  }
  for (const auto& c :
       std::vector<std::array<int, 5>>{{1, 1, 0, 0, 0}, {1, 1, 3, 0, 0}, {8, 50, 23, 5, 26}, {20, 20, 60, 0, 0}}) {
    const int m = c[0], n = c[1], moves = c[2], row = c[3], col = c[4];
    INFO("boundary " << m << "x" << n << " " << moves);
    check_bound<BigInt>(boundary_paths_bound(m, n, moves, row, col),
                        [&]<class T>(std::type_identity<T>) { return boundary_paths<T>(m, n, moves, row, col); });
  }
}

TEST_CASE("bounds: errors and the state budget", "[probability][bounds][errors]") {
  CHECK_THROWS_AS(knight_probability_bound(0, 1, 0, 0), std::invalid_argument);
  CHECK_THROWS_AS(new21_probability_bound(1, 1, 0), std::invalid_argument);
  CHECK_THROWS_AS(expected_draws_to_collect_bound(-1), std::invalid_argument);
  CHECK(detail::lcm_up_to(10) == 2520);
  CHECK(detail::lcm_up_to(1) == 1);
  const std::uint64_t saved = state_budget_bytes();
  state_budget_bytes() = 1 << 20;
  CHECK_THROWS_AS(new21_probability_bound(1'000'000'000, 1'000'000'000, 1'000'000'000), resource_error);
  CHECK_THROWS_AS(soup_servings_bound(1'000'000'000'000'000), resource_error);
  CHECK_THROWS_AS(knight_probability_bound(3, 10'000'000, 0, 0), resource_error);
  state_budget_bytes() = saved;
}

// Where the bits are a multiple of prime_bits - 1 (issue 25: untested there):
// a known denominator needs ceil((numerator_bits + 1) / (prime_bits - 1))
// primes, an unknown one ceil((2·max(bits) + 1) / (prime_bits - 1)).
TEST_CASE("primes_needed at multiples of the prime's bits", "[probability][bounds]") {
  const auto known = [](std::uint64_t bits) { return answer_bound{bits, 1, BigInt(1)}; };
  CHECK(primes_needed(known(1)) == 1);
  CHECK(primes_needed(known(60)) == 1);
  CHECK(primes_needed(known(61)) == 2);  // 62 bits do not fit one prime above 2^61: 2|N| may pass it
  CHECK(primes_needed(known(121)) == 2);
  CHECK(primes_needed(known(122)) == 3);
  CHECK(primes_needed(answer_bound{30, 30, std::nullopt}) == 1);
  CHECK(primes_needed(answer_bound{30, 31, std::nullopt}) == 2);
  CHECK(primes_needed(answer_bound{61, 1, std::nullopt}) == 3);
  CHECK(primes_needed(known(29), 31) == 1);
  CHECK(primes_needed(known(30), 31) == 2);
  for (std::uint64_t k = 1; k <= 8; ++k) {
    CHECK(primes_needed(known(61 * k - 1)) == k);
    CHECK(primes_needed(known(61 * k)) == k + 1);
  }
}
