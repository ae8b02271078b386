// Fuzz target: Flip Game II strings of any length. A string with a character
// other than '+' and '-' must be refused with std::invalid_argument; for the
// others, a winning flip must leave a position of value 0.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "exactdp/grundy/flip.hpp"
#include "../budgets.hpp"
#include "../message.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string s(reinterpret_cast<const char*>(data), size);
  exactdp::flip_grundy_result answer;
  try {
    answer = exactdp::flip_grundy(s);
  } catch (const std::invalid_argument& e) {
    exactdp::fuzz::check_message(e.what());
    return 0;
  }
  if (answer.wins != (answer.value != 0) || answer.wins != answer.flip.has_value()) __builtin_trap();
  if (answer.flip) {
    const std::size_t i = *answer.flip;
    if (i + 1 >= s.size() || s[i] != '+' || s[i + 1] != '+') __builtin_trap();
    s[i] = s[i + 1] = '-';
    if (exactdp::flip_grundy(s).value != 0) __builtin_trap();
  }
  return 0;
}
