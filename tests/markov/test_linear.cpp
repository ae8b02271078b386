// The dense component solvers: double (partial pivoting), residues (FLINT
// nmod_mat), the generic elimination and the exact FLINT solves (row- and
// column-scaled) against a plain Rational Gauss-Jordan oracle.
#include "exactdp/markov/linear.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "exactdp/numeric/numeric.hpp"
#include "oracle.hpp"

using namespace exactdp;

TEST_CASE("dense solvers agree with a Rational Gauss-Jordan oracle", "[markov][linear]") {
  std::mt19937 rng(99);
  for (int round = 0; round < 150; ++round) {
    const std::size_t n = 1 + static_cast<std::size_t>(round % 25);
    // Random sparse-ish rational matrices; with round % 3 == 0 every column
    // shares one denominator (the shape of a chain's (I - Q)^T), otherwise
    // every row does.
    std::uniform_int_distribution<int> num(-9, 9), den(1, 12), zero(0, 2);
    std::vector<Rational> a(n * n, Rational(0)), b(n, Rational(0));
    std::vector<int> line_den(n);
    for (auto& d : line_den) d = den(rng);
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) {
        if (zero(rng) == 0 && i != j) continue;
        const int d = round % 3 == 0 ? line_den[j] : round % 3 == 1 ? line_den[i] : den(rng);
        a[i * n + j] = Rational(num(rng)) / Rational(d);
      }
      a[i * n + i] += Rational(20);  // diagonally dominant: nonsingular
      b[i] = Rational(num(rng)) / Rational(den(rng));
    }
    const auto want = test::gauss_jordan(n, a, b);
    REQUIRE(want);
    std::vector<Rational> x = b;
    REQUIRE(detail::solve_dense_exact(n, a, x));
    CHECK(x == *want);

    std::vector<detail::minus_entry<Rational>> entries;
    std::vector<Rational> negated(n * n);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        negated[i * n + j] = (i == j ? Rational(1) : Rational(0)) - a[i * n + j];
        entries.push_back({i, j, &negated[i * n + j]});
      }
    x = b;
    REQUIRE(detail::solve_identity_minus_exact(n, entries, x));
    CHECK(x == *want);

    std::vector<double> ad(n * n), bd(n);
    for (std::size_t i = 0; i < n * n; ++i) ad[i] = to_double(a[i]);
    for (std::size_t i = 0; i < n; ++i) bd[i] = to_double(b[i]);
    REQUIRE(detail::solve_dense_double(n, ad, bd));
    for (std::size_t i = 0; i < n; ++i) CHECK(std::fabs(bd[i] - to_double((*want)[i])) < 1e-12);

    std::vector<Mod> am(n * n), bm(n);
    for (std::size_t i = 0; i < n * n; ++i) am[i] = to_modint<Mod>(a[i]);
    for (std::size_t i = 0; i < n; ++i) bm[i] = to_modint<Mod>(b[i]);
    std::vector<Mod> am2 = am, bm2 = bm;
    REQUIRE(detail::solve_dense(n, am, bm));  // FLINT nmod_mat
    REQUIRE(detail::solve_dense_elimination(n, am2, bm2));
    for (std::size_t i = 0; i < n; ++i) {
      CHECK(bm[i] == to_modint<Mod>((*want)[i]));
      CHECK(bm2[i] == bm[i]);
    }
  }
}

TEST_CASE("singular systems are reported, never solved", "[markov][linear][errors]") {
  // Rows 2·r0 = r1: singular in every type.
  std::vector<Rational> a{Rational(1), Rational(2), Rational(2), Rational(4)}, b{Rational(1), Rational(1)};
  CHECK_FALSE(detail::solve_dense_exact(2, a, b));
  std::vector<double> ad{1, 2, 2, 4}, bd{1, 1};
  CHECK_FALSE(detail::solve_dense_double(2, ad, bd));
  std::vector<Mod> am{Mod(1), Mod(2), Mod(2), Mod(4)}, bm{Mod(1), Mod(1)};
  std::vector<Mod> am2 = am, bm2 = bm;
  CHECK_FALSE(detail::solve_dense(2, am, bm));
  CHECK_FALSE(detail::solve_dense_elimination(2, am2, bm2));
  // Nonsingular over Q, singular mod 7: det = 1·8 - 1·1 = 7.
  dyn_modulus_scope scope(7);
  std::vector<DynModInt> a7{DynModInt(1), DynModInt(1), DynModInt(1), DynModInt(8)}, b7{DynModInt(1), DynModInt(2)};
  CHECK_FALSE(detail::solve_dense(2, a7, b7));
}
