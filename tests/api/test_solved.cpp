// api/solved.hpp: in_systems solves once per number system (a residue run
// once per modulus), keeps each solution or the failure of its solve, lets a
// residue solve read the exact solution, and reads values agreeing with the
// exact ones.
#include "exactdp/api/solved.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "exactdp/numeric/convert.hpp"
#include "exactdp/probability/knight.hpp"

using namespace exactdp;
using Catch::Equals;

namespace {

// A solution with many values: the knight's survival probabilities on a 4x4
// board from the corner, after 0..5 moves.
template <class T>
struct survival {
  std::vector<T> values;
};

template <class T>
survival<T> solve_survival() {
  survival<T> s;
  for (int moves = 0; moves <= 5; ++moves) s.values.push_back(knight_probability<T>(4, moves, 0, 0));
  return s;
}

// Counts the solves of each system.
struct counts {
  int exact = 0, approx = 0, residue = 0;
};

}  // namespace

// std::vector through an alias of one parameter: clang 14 does not match a
// template of two parameters (the allocator's default) to `template <class> class`.
template <class T>
using values_of = std::vector<T>;

TEST_CASE("in_systems: each system solves once, and many values are read from it", "[api][solved]") {
  counts n;
  auto solve = [&n]<class T>(std::type_identity<T>, auto &) {
    if constexpr (std::is_same_v<T, Rational>) ++n.exact;
    if constexpr (std::is_same_v<T, double>) ++n.approx;
    if constexpr (field_traits<T>::is_residue) ++n.residue;
    return solve_survival<T>();
  };
  api::in_systems<survival, decltype(solve)> s(solve);
  CHECK(s.find<Rational>() == nullptr);
  CHECK(s.find<double>() == nullptr);
  CHECK(s.find_residue(998'244'353) == nullptr);
  const std::vector<Rational> exact = solve_survival<Rational>().values;
  for (std::size_t m = 0; m < exact.size(); ++m) {
    CHECK(s.get<Rational>().values[m] == exact[m]);
    CHECK(s.get<double>().values[m] == Approx(to_double(exact[m])).epsilon(1e-14));
    for (const std::uint64_t p : {std::uint64_t{998'244'353}, std::uint64_t{1'000'000'007}})
      CHECK(s.residue(p, [m](const survival<DynModInt> &r) { return std::uint64_t{r.values[m].value()}; }) ==
            to_residue(exact[m], p));
  }
  CHECK(n.exact == 1);
  CHECK(n.approx == 1);
  CHECK(n.residue == 2);  // once per modulus
  REQUIRE(s.find<Rational>() != nullptr);
  CHECK(s.find<Rational>()->values == exact);
  REQUIRE(s.find_residue(998'244'353) != nullptr);
  CHECK(s.find_residue(998'244'353)->values[1].value() == to_residue(exact[1], 998'244'353));
  CHECK(s.find_residue(7) == nullptr);
  // The residue's value is read while its modulus is set, and the thread's
  // modulus is the default again afterwards.
  CHECK(s.residue(998'244'353, [](const survival<DynModInt> &) { return DynModInt::modulus(); }) == 998'244'353);
  CHECK(DynModInt::modulus() == 1'000'000'007);
}

TEST_CASE("in_systems: a failed solve is kept and thrown again, never solved twice", "[api][solved][errors]") {
  counts n;
  // 1/3 has no residue modulo 3: the residue solve fails, the others do not.
  auto solve = [&n]<class T>(std::type_identity<T>, auto &) {
    if constexpr (std::is_same_v<T, Rational>) {
      ++n.exact;
      throw std::domain_error("no exact value today");
    }
    if constexpr (field_traits<T>::is_residue) ++n.residue;
    if constexpr (std::is_same_v<T, double>) ++n.approx;
    return std::vector<T>{T(1) / T(3)};
  };
  api::in_systems<values_of, decltype(solve)> s(solve);
  for (int i = 0; i < 2; ++i) {
    CHECK_THROWS_WITH(s.get<Rational>(), Equals("no exact value today"));
    CHECK_THROWS_AS(s.residue(3, [](const std::vector<DynModInt> &v) { return v[0].value(); }), std::domain_error);
  }
  CHECK(s.get<double>()[0] == Approx(1.0 / 3));
  CHECK(s.residue(5, [](const std::vector<DynModInt> &v) { return v[0].value(); }) == 2);  // 3 * 2 = 6 = 1 mod 5
  CHECK(n.exact == 1);
  CHECK(n.residue == 2);  // modulo 3 once (failed), modulo 5 once
  CHECK(s.find<Rational>() == nullptr);
  CHECK(s.find_residue(3) == nullptr);
  CHECK(s.find_residue(5) != nullptr);
  // A modulus out of range is refused before any solve.
  CHECK_THROWS_AS(s.residue(std::uint64_t{1} << 40, [](const std::vector<DynModInt> &v) { return v[0].value(); }),
                  std::invalid_argument);
  CHECK(n.residue == 2);
}

TEST_CASE("in_systems: a residue solve reads the exact solution through the systems", "[api][solved]") {
  counts n;
  // The residue "solution" is the exact value's residue at the last move
  // count (as an optimal strategy's residues need the exact solve).
  auto solve = [&n]<class T>(std::type_identity<T>, auto &systems) {
    if constexpr (field_traits<T>::is_residue) {
      ++n.residue;
      return from_rational<T>(systems.template get<Rational>().values.back());
    } else {
      if constexpr (std::is_same_v<T, Rational>) ++n.exact;
      return solve_survival<T>();
    }
  };
  api::in_systems<survival, decltype(solve), Rational, api::itself> s(solve);
  const Rational last = solve_survival<Rational>().values.back();
  CHECK(s.residue(1'000'000'007, [](const DynModInt &v) { return std::uint64_t{v.value()}; }) ==
        to_residue(last, 1'000'000'007));
  CHECK(s.get<Rational>().values.back() == last);
  CHECK(n.exact == 1);
  CHECK(n.residue == 1);
}
