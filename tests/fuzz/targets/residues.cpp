// Fuzz target: the residue list of `unmod` (one item per line), CRT and
// rational reconstruction. Only std::invalid_argument may escape the parser.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/numeric/numeric.hpp"
#include "../budgets.hpp"
#include "../message.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::vector<std::string> items;
  for (std::string line; std::getline(in, line);) items.push_back(line);
  if (items.empty()) return 0;
  std::vector<exactdp::residue_class> classes;
  try {
    classes = exactdp::parse_residues(items, 1'000'000'007);
  } catch (const std::invalid_argument& e) {
    exactdp::fuzz::check_message(e.what());
    return 0;
  }
  exactdp::residue_class combined;
  try {
    combined = exactdp::crt_combine(classes);
  } catch (const std::invalid_argument& e) {
    exactdp::fuzz::check_message(e.what());
    return 0;  // two equal primes: not coprime
  }
  const auto q = exactdp::reconstruct(combined.residue, combined.modulus);
  if (q) {
    // The fraction found is within the bound and has the residue asked for.
    const exactdp::BigInt bound = exactdp::reconstruction_bound(combined.modulus);
    if (abs(numerator(*q)) > bound || denominator(*q) > bound) __builtin_trap();
    const exactdp::BigInt lhs = numerator(*q) - combined.residue * denominator(*q);
    if (lhs % combined.modulus != 0) __builtin_trap();
  }
  return 0;
}
