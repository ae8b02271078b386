// Links exactdp::numeric and exactdp::probability only: an exact recurrence
// in three policies, the correctly rounded conversion (MPFR, in numeric) and
// a compiled part of probability (soup_servings_within). Prints
// "42 42.00000000000015 42 5/8 0.625" and exits 0 when everything agrees.
#include <exactdp/numeric/numeric.hpp>
#include <exactdp/probability/run.hpp>
#include <exactdp/probability/soup.hpp>

#include <cmath>
#include <iostream>

int main() {
  using namespace exactdp;
  const Rational exact = expected_rolls_for_run<Rational>(2);
  const double approx = expected_rolls_for_run<double>(2);
  const Mod residue = expected_rolls_for_run<Mod>(2);
  // LeetCode 808 "Soup Servings": n = 50 gives 0.625.
  const Rational soup = soup_servings<Rational>(50);
  const soup_estimate estimate = soup_servings_within(50, 1e-5);
  std::cout << to_string(exact) << ' ' << format_shortest(approx) << ' ' << residue.value() << ' ' << to_string(soup)
            << ' ' << format_shortest(estimate.value) << '\n';
  const bool agree = exact == 42 && residue.value() == to_residue(exact, Mod::modulus()) &&
                     std::fabs(approx - to_double(exact)) <= 1e-12 * 42 && soup == Rational(5, 8) &&
                     std::fabs(estimate.value - 0.625) <= 1e-12;
  return agree ? 0 : 1;
}
