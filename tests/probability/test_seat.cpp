// seat_probability (seat.hpp): LeetCode 1227, Airplane Seat Assignment
// Probability.
#include <catch2/catch.hpp>

#include <vector>

#include "chance_support.hpp"
#include "exactdp/probability/seat.hpp"

using namespace exactdp;

namespace {
// Independent oracle: every boarding, by the rule of the problem, with
// exact weights. Passenger p (0-based) boards after passengers 0..p-1 have
// sat (`taken`); passenger 0 picks uniformly among all seats, a later one
// sits in their own seat if it is free, else uniformly among the free ones.
// Returns the probability that passenger n - 1 sits in seat n - 1.
Rational boardings(std::vector<bool>& taken, int p) {
  const int n = static_cast<int>(taken.size());
  if (p == n - 1) return taken[static_cast<std::size_t>(p)] ? Rational(0) : Rational(1);
  if (p > 0 && !taken[static_cast<std::size_t>(p)]) {
    taken[static_cast<std::size_t>(p)] = true;
    Rational r = boardings(taken, p + 1);
    taken[static_cast<std::size_t>(p)] = false;
    return r;
  }
  std::vector<std::size_t> free;
  for (std::size_t s = 0; s < taken.size(); ++s)
    if (!taken[s]) free.push_back(s);
  Rational total = 0;
  for (const std::size_t s : free) {
    taken[s] = true;
    total += boardings(taken, p + 1);
    taken[s] = false;
  }
  return total / static_cast<long>(free.size());
}

Rational by_boarding(int n) {
  std::vector<bool> taken(static_cast<std::size_t>(n), false);
  if (n == 1) return 1;  // the only passenger takes the only seat
  return boardings(taken, 0);
}
}  // namespace

TEST_CASE("seat_probability: every boarding for n <= 8, and 1/2 for n >= 2 in every number system",
          "[probability][seat]") {
  for (int n = 1; n <= 8; ++n) {
    INFO("n = " << n);
    REQUIRE(seat_probability<Rational>(n) == by_boarding(n));
  }
  REQUIRE(seat_probability<Rational>(1) == 1);
  REQUIRE(seat_probability<double>(1) == 1.0);
  REQUIRE(seat_probability<double>(seat_max_passengers) == 0.5);
  for (const int n : {2, 3, 8, 1000, 100000}) {
    INFO("n = " << n);
    const Rational exact =
        test::check_policies<Rational>([n]<class T>(std::type_identity<T>) { return seat_probability<T>(n); }, 0);
    REQUIRE(exact == Rational(1, 2));
    REQUIRE(seat_probability<double>(n) == 0.5);  // every step exact in double
    REQUIRE(seat_probability_bound(n).denominator == BigInt(2));
  }
}

TEST_CASE("seat_probability: errors", "[probability][seat][errors]") {
  REQUIRE_THROWS_WITH(seat_probability<double>(0), Catch::Contains("between 1 and 10^6, not 0"));
  REQUIRE_THROWS_AS(seat_probability<double>(seat_max_passengers + 1), std::invalid_argument);
  REQUIRE_THROWS_AS(seat_probability_bound(0), std::invalid_argument);
  dyn_modulus_scope scope(3);
  REQUIRE_THROWS_WITH(seat_probability<DynModInt>(3),
                      "seat_probability: the probability 1/3 of each of 3 free seats has no residue modulo 3 "
                      "(step: dividing by m = 3)");
  REQUIRE(seat_probability<DynModInt>(2).value() == 2);  // 1/2 mod 3
}
