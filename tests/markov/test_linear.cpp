// The dense component solvers: double (partial pivoting, state reduction),
// residues, the generic elimination and the exact FLINT solves (rational
// and integer) against a plain Rational Gauss-Jordan oracle.
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
      const int top = num(rng);      // drawn first: the operands of / are unsequenced
      b[i] = Rational(top) / Rational(den(rng));
    }
    const auto want = test::gauss_jordan(n, a, b);
    REQUIRE(want);
    std::vector<Rational> x = b;
    REQUIRE(detail::solve_dense_exact(n, a, x));
    CHECK(x == *want);

    // The integer solve: M = a scaled to integers row by row, rhs likewise.
    std::vector<detail::integer_entry> entries;
    std::vector<BigInt> cells, rhs(n), xi;
    cells.reserve(n * n);
    for (std::size_t i = 0; i < n; ++i) {
      BigInt l = denominator(b[i]);
      for (std::size_t j = 0; j < n; ++j) l = lcm(l, denominator(a[i * n + j]));
      for (std::size_t j = 0; j < n; ++j) {
        const Rational scaled = a[i * n + j] * Rational(l);
        cells.push_back(numerator(scaled) < 0 ? BigInt(-numerator(scaled)) : numerator(scaled));
        entries.push_back({i, j, &cells.back(), numerator(scaled) < 0});
      }
      rhs[i] = numerator(b[i] * Rational(l));
    }
    BigInt common;
    REQUIRE(detail::solve_integer_system(n, entries, rhs, xi, common));
    CHECK(common > 0);
    for (std::size_t i = 0; i < n; ++i) CHECK(make_rational(xi[i], common) == (*want)[i]);

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
  const BigInt one = 1, two = 2, four = 4;
  std::vector<BigInt> x, rhs{BigInt(1), BigInt(1)};
  BigInt den;
  CHECK_FALSE(detail::solve_integer_system(
      2, {{0, 0, &one, false}, {0, 1, &two, false}, {1, 0, &two, false}, {1, 1, &four, false}}, rhs, x, den));
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

TEST_CASE("state reduction gives the exit flows and reward of a component", "[markov][linear]") {
  // A random open component of c states with w - 1 outside states: the
  // exact flows are sum_i v_i·x(i, t) with v = b (I - Q)^-1 (v the
  // expected visits, self-loops included).
  std::mt19937 rng(1985);
  for (int round = 0; round < 100; ++round) {
    const std::size_t c = 1 + static_cast<std::size_t>(round % 12), w = 2 + static_cast<std::size_t>(round % 4);
    std::uniform_int_distribution<int> weight(0, 6), reward(0, 5);
    std::vector<Rational> q(c * c, Rational(0)), x(c * w, Rational(0)), b(c, Rational(0));
    for (std::size_t i = 0; i < c; ++i) {
      std::vector<int> wt(c + w - 1);
      int total = 0;
      for (auto& v : wt) total += v = weight(rng);
      ++wt[c], ++total;  // every state can leave: the component is open
      // q keeps the self-loop wt[i]: state reduction ignores the diagonal
      // and takes 1 - q[i][i] as the sum of the others.
      for (std::size_t j = 0; j < c; ++j) q[i * c + j] = Rational(wt[j]) / Rational(total);
      for (std::size_t t = 0; t + 1 < w; ++t) x[i * w + t] = Rational(wt[c + t]) / Rational(total);
      x[i * w + w - 1] = Rational(reward(rng));
      b[i] = Rational(weight(rng)) / Rational(7);
    }
    // Exact: v (I - Q) = b, i.e. (I - Q)^T v = b.
    std::vector<Rational> m(c * c);
    for (std::size_t i = 0; i < c; ++i)
      for (std::size_t j = 0; j < c; ++j) m[j * c + i] = (i == j ? Rational(1) : Rational(0)) - q[i * c + j];
    const auto v = test::gauss_jordan(c, m, b);
    REQUIRE(v);
    std::vector<double> qd(c * c), xd(c * w), bd(c), flow;
    for (std::size_t i = 0; i < c * c; ++i) qd[i] = to_double(q[i]);
    for (std::size_t i = 0; i < c * w; ++i) xd[i] = to_double(x[i]);
    for (std::size_t i = 0; i < c; ++i) bd[i] = to_double(b[i]);
    REQUIRE(detail::state_reduction_exits(c, w, qd, xd, bd, flow) == c);
    for (std::size_t t = 0; t < w; ++t) {
      Rational want = 0;
      for (std::size_t i = 0; i < c; ++i) want += (*v)[i] * x[i * w + t];
      CHECK(std::fabs(flow[t] - to_double(want)) <= 1e-13 * (1 + std::fabs(to_double(want))));
    }
  }
  // A state that cannot leave (in double) is reported by its position.
  std::vector<double> q{0, 1, 1, 0}, x{0, 0, 0, 0}, b{1, 0}, flow;
  CHECK(detail::state_reduction_exits(2, 2, q, x, b, flow) == 1);
}

TEST_CASE("state reduction gives the values of a component, accurately near a self-loop of 1", "[markov][linear]") {
  // Random open components: the exact x solves (I - Q) x = b, where b may
  // be negative (a bias) and Q keeps its diagonal, which state reduction
  // ignores (it takes 1 - q[i][i] as the sum of what leaves i).
  std::mt19937 rng(1994);
  for (int round = 0; round < 100; ++round) {
    const std::size_t c = 1 + static_cast<std::size_t>(round % 12);
    std::uniform_int_distribution<int> weight(0, 6), term(-5, 5);
    std::vector<Rational> q(c * c, Rational(0)), leave(c), b(c), m(c * c);
    for (std::size_t i = 0; i < c; ++i) {
      std::vector<int> wt(c + 1);
      int total = 0;
      for (auto& v : wt) total += v = weight(rng);
      ++wt[c], ++total;  // every state can leave
      for (std::size_t j = 0; j < c; ++j) q[i * c + j] = Rational(wt[j]) / Rational(total);
      leave[i] = Rational(wt[c]) / Rational(total);
      b[i] = Rational(term(rng)) / Rational(3);
      for (std::size_t j = 0; j < c; ++j) m[i * c + j] = (i == j ? Rational(1) : Rational(0)) - q[i * c + j];
    }
    const auto x = test::gauss_jordan(c, m, b);
    REQUIRE(x);
    std::vector<double> qd(c * c), ld(c), bd(c);
    for (std::size_t i = 0; i < c * c; ++i) qd[i] = to_double(q[i]);
    for (std::size_t i = 0; i < c; ++i) ld[i] = to_double(leave[i]), bd[i] = to_double(b[i]);
    REQUIRE(detail::state_reduction_values(c, qd, ld, bd) == c);
    for (std::size_t i = 0; i < c; ++i) {
      const double want = to_double((*x)[i]);
      CHECK(std::fabs(bd[i] - want) <= 1e-13 * (1 + std::fabs(want)));
    }
  }
  // The header's example: two states that pass to each other with
  // probability 1 - 2^-60; elimination with pivoting computes 1 - (1 -
  // 2^-60)^2 and loses every digit, state reduction sums what leaves.
  const double e = std::ldexp(1.0, -60);
  std::vector<double> q{0, 1 - e, 1 - e, 0}, leave{e, e}, b{1, 0};
  REQUIRE(detail::state_reduction_values(2, q, leave, b) == 2);
  // Exact: x0 = 1/(1 - r^2), x1 = r/(1 - r^2) with r = 1 - 2^-60, i.e.
  // 2^59 + 1/2 + O(2^-60) and 2^59 - 1/2 + O(2^-60).
  CHECK(std::fabs(b[0] - std::ldexp(1.0, 59)) <= std::ldexp(1.0, 59 - 50));
  CHECK(std::fabs(b[1] - std::ldexp(1.0, 59)) <= std::ldexp(1.0, 59 - 50));
  // A state that cannot leave (in double) is reported by its position.
  std::vector<double> q2{0, 1, 1, 0}, leave2{0, 0}, b2{1, 0};
  CHECK(detail::state_reduction_values(2, q2, leave2, b2) == 1);
}

TEST_CASE("residue matrix products with delayed reduction", "[markov][linear]") {
  std::mt19937 rng(31);
  for (const std::uint32_t p : {1'000'000'007u, 2'147'483'647u, 7u}) {
    for (const std::size_t n : {1u, 5u, 40u}) {
      std::uniform_int_distribution<std::uint32_t> residue(0, p - 1);
      std::vector<std::uint32_t> a(n * n), b(n * n), c;
      for (auto& x : a) x = residue(rng);
      for (auto& x : b) x = residue(rng);
      detail::multiply_residue_matrices(n, a, b, c, p);
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) {
          unsigned __int128 want = 0;
          for (std::size_t l = 0; l < n; ++l) want += static_cast<unsigned __int128>(a[i * n + l]) * b[l * n + j];
          CHECK(c[i * n + j] == static_cast<std::uint32_t>(want % p));
        }
    }
  }
}
