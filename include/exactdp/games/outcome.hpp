// exactdp/games/outcome.hpp: the outcome of a position for the player to
// move, shared by every game family (win/lose search, negamax, retrograde
// analysis). Source: Berlekamp, Conway and Guy, "Winning Ways" (1982), ch. 2.
// Tests: tests/games/test_shared_outcome.cpp.
#pragma once

#include <cstdint>
#include <string_view>

namespace exactdp {

/// Game-theoretic value of a position for the player to move. `undecided`
/// only appears inside an analysis (and as "not terminal" in inputs).
enum class outcome : std::uint8_t { undecided, lose, draw, win };

/// The outcome seen by the other player: win <-> lose; draw and undecided stay.
/// Cost: O(1).
/// Example: opposite(outcome::win) == outcome::lose.
constexpr outcome opposite(outcome o) noexcept {
  switch (o) {
    case outcome::win:
      return outcome::lose;
    case outcome::lose:
      return outcome::win;
    default:
      return o;
  }
}

/// "undecided", "lose", "draw" or "win". Cost: O(1).
/// Example: outcome_name(outcome::draw) == "draw".
constexpr std::string_view outcome_name(outcome o) noexcept {
  switch (o) {
    case outcome::lose:
      return "lose";
    case outcome::draw:
      return "draw";
    case outcome::win:
      return "win";
    default:
      return "undecided";
  }
}

}  // namespace exactdp
