// Soup Servings under a stated tolerance: the certified cutoff (see soup.hpp).
#include "exactdp/probability/soup.hpp"

#include <cmath>
#include <sstream>

#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/format.hpp"

namespace exactdp {

soup_estimate soup_servings_within(std::int64_t n, double tolerance) {
  const std::int64_t units = detail::soup_units(n);
  if (!std::isfinite(tolerance) || tolerance <= 0 || tolerance >= 1)
    throw std::invalid_argument("the tolerance must be a number with 0 < tolerance < 1, not " +
                                format_shortest(tolerance));
  const Rational tol = to_rational(tolerance);
  const Rational one(1);

  // The gap 1 - f(u, u) shrinks by a factor of about 10^0.0225 per unit
  // (measured: 10^-5.7 at u = 200, 10^-37 at u = 1600, 10^-68 at u = 3000),
  // so the tolerance needs about 44·log10(1/tolerance) units and the checked
  // limit twice that. Its exact table is checked against the budgets before
  // any work, with 40 units per decade (an underestimate): a tolerance whose
  // certificate is out of reach is refused at once, not after the smaller
  // limits' work.
  std::int64_t predicted = 64;
  while (static_cast<long double>(predicted) < 2 * 40.0L * std::log10(1.0L / tolerance)) predicted *= 2;
  detail::check_soup_budget<BigInt>(predicted, static_cast<long double>(predicted) + 4);

  // Grow the checked limit until the suffix where both conditions hold starts
  // at or below half of it.
  std::int64_t cutoff_units = 0, limit = 32;
  std::vector<Rational> diagonal;
  for (;;) {
    limit *= 2;
    diagonal = detail::soup_exact_diagonal(limit);
    const auto within = [&](std::int64_t u) { return one - diagonal[static_cast<std::size_t>(u)] <= tol; };
    if (!within(limit)) continue;
    std::int64_t u = limit;
    while (u > 0 && within(u - 1) && diagonal[static_cast<std::size_t>(u - 1)] <= diagonal[static_cast<std::size_t>(u)])
      --u;
    if (2 * u <= limit) {
      cutoff_units = u;
      break;
    }
  }

  soup_estimate e;
  e.tolerance = tolerance;
  e.cutoff_n = cutoff_units == 0 ? 0 : 25 * (cutoff_units - 1) + 1;
  e.checked_to_n = 25 * limit;
  e.gap_at_cutoff = one - diagonal[static_cast<std::size_t>(cutoff_units)];
  e.used_cutoff = units >= cutoff_units;
  e.value = e.used_cutoff ? 1.0 : soup_servings<double>(n);
  std::ostringstream why;
  why << "for tolerance " << format_shortest(tolerance) << " the cutoff is " << e.cutoff_n
      << " ml: the exact value there is 1 - " << format_decimal(e.gap_at_cutoff, 5) << ", and the exact values from "
      << e.cutoff_n << " ml to " << e.checked_to_n
      << " ml are all within the tolerance of 1 and never decrease (checked on fractions); beyond " << e.checked_to_n
      << " ml this rests on the drift argument (A loses 62.5 ml per serving on average, B 37.5 ml)";
  e.reason = why.str();
  return e;
}

}  // namespace exactdp
