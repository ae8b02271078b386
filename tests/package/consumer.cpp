// One exact computation through the installed package: prints
// "42 42.00000000000015 42" and exits 0 when the three policies agree.
#include <exactdp/numeric/numeric.hpp>
#include <exactdp/probability/run.hpp>

#include <cmath>
#include <iostream>

int main() {
  using namespace exactdp;
  const Rational exact = expected_rolls_for_run<Rational>(2);
  const double approx = expected_rolls_for_run<double>(2);
  const Mod residue = expected_rolls_for_run<Mod>(2);
  std::cout << to_string(exact) << ' ' << format_shortest(approx) << ' ' << residue.value() << '\n';
  const bool agree = exact == 42 && residue.value() == to_residue(exact, Mod::modulus()) &&
                     std::fabs(approx - to_double(exact)) <= 1e-12 * 42;
  return agree ? 0 : 1;
}
