// exactdp as a library: one recurrence in the three number systems, a double
// of your own measured against the exact value, a fraction recovered from its
// residues, and the three kinds of error a caller should catch.
// CI builds it against the installed package and compares its output with
// expected-output.txt (scripts/ci-extra.sh); docs/library.md shows both.
#include <exactdp/numeric/numeric.hpp>
#include <exactdp/probability/coupon.hpp>
#include <exactdp/probability/knight.hpp>

#include <array>
#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>

using namespace exactdp;

// Runs one computation and says which kind of error, if any, it threw.
template <class F>
void attempt(const std::string& what, F compute) {
  try {
    const auto value = compute();
    std::cout << what << ": " << value << '\n';
  } catch (const std::invalid_argument& e) {  // bad input: the arguments are wrong
    std::cout << what << ": bad input: " << e.what() << '\n';
  } catch (const std::domain_error& e) {  // no answer exists in this number system
    std::cout << what << ": no answer: " << e.what() << '\n';
  } catch (const resource_error& e) {  // above the budget: raise it or ask for less
    std::cout << what << ": too big: " << e.what() << '\n';
  }
}

int main() try {
  // 1. One recurrence, three number systems: expected draws to see all 20 coupons.
  const Rational exact = expected_draws_to_collect<Rational>(20);
  const double fast = expected_draws_to_collect<double>(20);
  const Mod residue = expected_draws_to_collect<Mod>(20);
  const double_conversion nearest = to_double_checked(exact);  // correctly rounded
  std::cout << "exact    " << to_string(exact) << " ~ " << format_decimal(exact, 25) << '\n';
  std::cout << "nearest  " << format_shortest(nearest.value)
            << (nearest.status == double_status::exact ? " (exact)" : " (rounded)") << '\n';
  std::cout << "mod      " << residue.value() << " (mod " << Mod::modulus() << ")\n";

  // 2. Doubles measured in ulps: the library's double run, and your own
  // 20 times the harmonic sum added up forwards.
  double mine = 0;
  for (int i = 1; i <= 20; ++i) mine += 1.0 / i;
  mine *= 20;
  for (const auto& [name, value] : {std::pair{"double   ", fast}, std::pair{"mine     ", mine}})
    std::cout << name << format_shortest(value)
              << ", ulps from the nearest: " << ulp_distance(value, nearest.value).value() << '\n';

  // 3. Back from residues: one prime bounds the fraction by 22360, two by 706485796.
  DynModInt other;
  {
    const dyn_modulus_scope scope(998244353);  // DynModInt's modulus until the scope ends
    other = expected_draws_to_collect<DynModInt>(20);
  }
  const std::array<residue_class, 2> both = {{{residue.value(), Mod::modulus()}, {other.value(), 998244353}}};
  const residue_class combined = crt_combine(both);
  const auto from_one = reconstruct(residue.value(), Mod::modulus());
  const auto from_two = reconstruct(combined.residue, combined.modulus);
  std::cout << "one mod  " << (from_one ? to_string(*from_one) : "none") << '\n'
            << "two mods " << (from_two ? to_string(*from_two) : "none") << '\n';

  // 4. Errors: bad input, no residue, and a table above a budget the caller set.
  attempt("knight from (5, 0)", [] { return to_string(knight_probability<Rational>(3, 1, 5, 0)); });
  attempt("1/1000000007 mod P", [] { return to_residue(make_rational(1, 1000000007), 1000000007); });
  state_budget_bytes() = 1 << 20;  // 1 MiB for tables from now on
  attempt("knight on 1000x1000", [] { return knight_probability<double>(1000, 10, 0, 0); });

  const bool agree = from_two == exact && to_residue(exact, Mod::modulus()) == residue.value();
  return agree ? 0 : 1;
} catch (const std::exception& e) {  // anything else: std::bad_alloc, a dependency's error
  std::cerr << "error: " << e.what() << '\n';
  return 1;
}
