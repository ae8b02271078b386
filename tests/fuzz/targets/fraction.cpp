// Fuzz target: the exact number parser (the tool's `mod FRACTION`, `--check`)
// and everything a parsed value goes through. Any exception other than
// std::invalid_argument, any crash or sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "exactdp/numeric/numeric.hpp"
#include "../budgets.hpp"
#include "../message.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  exactdp::Rational q;
  try {
    q = exactdp::parse_rational(text);
  } catch (const std::invalid_argument& e) {
    exactdp::fuzz::check_message(e.what());
    return 0;
  }
  if (exactdp::parse_rational(exactdp::to_string(q)) != q) __builtin_trap();  // printing round-trips
  const exactdp::double_conversion d = exactdp::to_double_checked(q);
  if (d.status == exactdp::double_status::exact && exactdp::to_rational(d.value) != q) __builtin_trap();
  (void)exactdp::format_decimal(q, 25);
  try {
    const std::uint32_t r = exactdp::to_residue(q, 1'000'000'007);
    // Residue round trip: r·den ≡ num (mod P).
    const exactdp::Mod lhs =
        exactdp::Mod::from_residue(r) * exactdp::to_modint<exactdp::Mod>(exactdp::Rational(denominator(q)));
    if (lhs != exactdp::to_modint<exactdp::Mod>(exactdp::Rational(numerator(q)))) __builtin_trap();
  } catch (const std::domain_error& e) {
    exactdp::fuzz::check_message(e.what());
    if (denominator(q) % 1'000'000'007 != 0) __builtin_trap();  // only a vanishing denominator may fail
  }
  return 0;
}
