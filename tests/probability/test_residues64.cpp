// Every chance recurrence over the 64-bit residues (ModInt64, DynModInt64):
// the exact value mapped to a residue modulo 61- and 62-bit primes equals the
// residue run, including the edge cases of each recurrence.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "exactdp/numeric/numeric.hpp"
#include "exactdp/probability/boundary_paths.hpp"
#include "exactdp/probability/chance.hpp"
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

using mersenne61 = ModInt64<(std::uint64_t{1} << 61) - 1>;

// The primes: 2^61 - 1 at compile time, and three run-time primes near 2^62.
template <class Exact, class Solve>
void check_residues64(const Solve& solve) {
  const Rational exact = Rational(solve(std::type_identity<Exact>{}));
  REQUIRE(to_residue64(exact, mersenne61::modulus()) == solve(std::type_identity<mersenne61>{}).value());
  for (const std::uint64_t p : primes_below(3)) {
    dyn_modulus64_scope scope(p);
    REQUIRE(to_residue64(exact, p) == solve(std::type_identity<DynModInt64>{}).value());
  }
}

}  // namespace

TEST_CASE("64-bit residues: knight, run, coupon", "[probability][residues64]") {
  for (const auto& values : std::vector<std::array<int, 4>>{
           {1, 0, 0, 0}, {1, 3, 0, 0}, {3, 2, 0, 0}, {8, 30, 0, 0}, {8, 100, 3, 4}, {5, 17, 2, 1}}) {
    const int n = values[0], moves = values[1], row = values[2], col = values[3];
    INFO("knight " << n << " " << moves);
    check_residues64<Rational>(
        [&]<class T>(std::type_identity<T>) { return knight_probability<T>(n, moves, row, col); });
    check_residues64<BigInt>([&]<class T>(std::type_identity<T>) { return knight_paths<T>(n, moves, row, col); });
  }
  for (const int faces : {1, 2, 6, 1000})
    for (const int k : {1, 2, 7, 60}) {
      INFO("run " << k << " faces " << faces);
      check_residues64<Rational>([&]<class T>(std::type_identity<T>) { return expected_rolls_for_run<T>(k, faces); });
    }
  for (const int n : {0, 1, 2, 3, 33, 1000, 4097}) {
    INFO("coupon " << n);
    check_residues64<Rational>([&]<class T>(std::type_identity<T>) { return expected_draws_to_collect<T>(n); });
  }
}

TEST_CASE("64-bit residues: new21, soup, rolls to reach, fixed points", "[probability][residues64]") {
  for (const auto& values : std::vector<std::array<int, 3>>{
           {0, 0, 1}, {5, 3, 4}, {21, 17, 10}, {9, 9, 9}, {200, 150, 100}, {5500, 5000, 1000}}) {
    const int n = values[0], k = values[1], m = values[2];
    INFO("new21 " << n << " " << k << " " << m);
    check_residues64<Rational>([&]<class T>(std::type_identity<T>) { return new21_probability<T>(n, k, m); });
  }
  for (const std::int64_t ml : {0, 1, 50, 100, 1234, 4800}) {
    INFO("soup " << ml);
    check_residues64<Rational>([&]<class T>(std::type_identity<T>) { return soup_servings<T>(ml); });
  }
  for (const int target : {0, 1, 3, 100, 2000})
    for (const int faces : {1, 6, 13}) {
      INFO("rolls to reach " << target << " faces " << faces);
      check_residues64<Rational>(
          [&]<class T>(std::type_identity<T>) { return expected_rolls_to_reach<T>(target, faces); });
    }
  for (const int n : {0, 1, 49, 1'000'000}) {
    INFO("fixed points " << n);
    check_residues64<Rational>([&]<class T>(std::type_identity<T>) { return expected_fixed_points<T>(n); });
  }
}

TEST_CASE("64-bit residues: counts of dice sequences and boundary paths", "[probability][residues64]") {
  for (const int n : {0, 1, 2, 20, 300}) {
    INFO("dice " << n);
    check_residues64<BigInt>([&]<class T>(std::type_identity<T>) { return dice_sequences<T>(n, {1, 1, 2, 2, 2, 3}); });
    check_residues64<BigInt>([&]<class T>(std::type_identity<T>) {
      return dice_sequences<T>(n, {15, 15, 15, 15, 15, 15});
    });
  }
  for (const auto& values :
       std::vector<std::array<int, 5>>{{1, 1, 0, 0, 0}, {2, 2, 2, 0, 0}, {8, 50, 23, 5, 26}, {50, 50, 50, 25, 25}}) {
    const int m = values[0], n = values[1], moves = values[2], row = values[3], col = values[4];
    INFO("boundary " << m << "x" << n << " " << moves);
    check_residues64<BigInt>([&]<class T>(std::type_identity<T>) { return boundary_paths<T>(m, n, moves, row, col); });
  }
}

TEST_CASE("64-bit residues: a chance step and its errors", "[probability][residues64]") {
  const chance_step<mersenne61> step({1, 2, 3});
  CHECK(step.expected({mersenne61(6), mersenne61(6), mersenne61(6)}) == mersenne61(6));
  CHECK(step.probability(2).value() == to_residue64(make_rational(1, 2), mersenne61::modulus()));
  // faces ≡ 0 mod P: the run has no residue.
  dyn_modulus64_scope scope(3);
  CHECK_THROWS_AS(expected_rolls_for_run<DynModInt64>(2, 3), std::domain_error);
  CHECK_THROWS_AS(expected_draws_to_collect<DynModInt64>(3), std::domain_error);
  CHECK(expected_draws_to_collect<DynModInt64>(2).value() == 0u);  // 3 ≡ 0 mod 3, and no inverse is needed
}
