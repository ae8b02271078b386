// Fuzz target: octal codes ("0.07", "4.7", ...) and a short Grundy table by
// both methods, which must agree. Only std::invalid_argument may escape the
// parser; the tables are small, so no budget error is expected.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "exactdp/grundy/octal.hpp"
#include "../budgets.hpp"
#include "../message.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  exactdp::octal_game game;
  try {
    game = exactdp::parse_octal(text);
  } catch (const std::invalid_argument& e) {
    exactdp::fuzz::check_message(e.what());
    return 0;
  }
  if (exactdp::parse_octal(game.code()).digits != game.digits) __builtin_trap();  // the code round-trips
  const auto naive = exactdp::octal_grundy_naive(game, 200);
  const auto sparse = exactdp::octal_grundy_sparse(game, 200, std::nullopt, 16);
  if (naive != sparse) __builtin_trap();
  return 0;
}
