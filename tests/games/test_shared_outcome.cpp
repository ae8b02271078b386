// The games and retrograde families share one outcome type: both headers in
// one translation unit, and a value passes from one to the other.
#include <catch2/catch.hpp>

#include "exactdp/games/value.hpp"
#include "exactdp/retrograde/retrograde.hpp"

using namespace exactdp;

TEST_CASE("games and retrograde share one outcome type") {
  const outcome o = outcome::win;
  CHECK(opposite(o) == outcome::lose);
  CHECK(outcome_name(opposite(outcome::lose)) == "win");
  CHECK(outcome_name(outcome::draw) == "draw");
  CHECK(opposite(outcome::draw) == outcome::draw);
}
