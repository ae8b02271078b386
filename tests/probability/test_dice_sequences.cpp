// dice_sequences (dice_sequences.hpp).
#include <catch2/catch.hpp>

#include <array>
#include <random>
#include <vector>

#include "chance_support.hpp"
#include "exactdp/probability/dice_sequences.hpp"

using namespace exactdp;

namespace {
// Independent oracle: every one of the 6^n sequences, checked for runs.
std::int64_t dice_by_enumeration(int n, const std::array<int, 6>& limits) {
  std::int64_t total = 1;
  for (int i = 0; i < n; ++i) total *= 6;
  std::int64_t allowed = 0;
  std::vector<int> seq(static_cast<std::size_t>(n));
  for (std::int64_t code = 0; code < total; ++code) {
    std::int64_t c = code;
    for (auto& face : seq) {
      face = static_cast<int>(c % 6);
      c /= 6;
    }
    bool ok = true;
    int run = 0;
    for (std::size_t i = 0; i < seq.size() && ok; ++i) {
      run = (i > 0 && seq[i] == seq[i - 1]) ? run + 1 : 1;
      ok = run <= limits[static_cast<std::size_t>(seq[i])];
    }
    if (ok) ++allowed;
  }
  return allowed;
}
}  // namespace

TEST_CASE("dice_sequences: seed values and handed case C12", "[probability][dice_sequences]") {
  REQUIRE(dice_sequences<BigInt>(2, {1, 1, 2, 2, 2, 3}) == 34);
  REQUIRE(dice_sequences<BigInt>(2, {1, 1, 1, 1, 1, 1}) == 30);
  REQUIRE(dice_sequences<BigInt>(3, {1, 1, 1, 2, 2, 3}) == 181);
  // C12: the exact count, and a residue that a signed % would make negative.
  REQUIRE(dice_sequences<BigInt>(20, {1, 1, 1, 1, 1, 1}) == BigInt("114440917968750"));
  REQUIRE(dice_sequences<Mod>(20, {1, 1, 1, 1, 1, 1}).value() == 917167670u);
  // n = 0: one empty sequence, not 6.
  REQUIRE(dice_sequences<BigInt>(0, {1, 1, 1, 1, 1, 1}) == 1);
  REQUIRE(dice_sequences<Mod>(0, {3, 3, 3, 3, 3, 3}).value() == 1u);
  REQUIRE(dice_sequences<BigInt>(1, {1, 1, 1, 1, 1, 1}) == 6);
}

TEST_CASE("dice_sequences: every sequence for n <= 6 with random limits", "[probability][dice_sequences]") {
  std::mt19937 rng(12);
  for (int trial = 0; trial < 40; ++trial) {
    std::array<int, 6> limits{};
    for (int& l : limits) l = 1 + static_cast<int>(rng() % 4);
    const int n = static_cast<int>(rng() % 7);
    INFO("n = " << n);
    REQUIRE(dice_sequences<BigInt>(n, limits) == dice_by_enumeration(n, limits));
  }
}

TEST_CASE("dice_sequences: fixed-width and BigInt tables agree across widths", "[probability][dice_sequences]") {
  // 6^n crosses 64, 128, ..., 2048 bits: the width dispatch must not wrap.
  const std::array<int, 6> limits{15, 2, 3, 4, 5, 15};
  for (const int n : {24, 25, 50, 100, 300, 792, 793, 900}) {
    INFO("n = " << n);
    REQUIRE(dice_sequences<BigInt>(n, limits) == detail::dice_walk<BigInt>(n, limits, 0));
  }
}

TEST_CASE("dice_sequences: policies agree", "[probability][dice_sequences]") {
  for (const int n : {0, 1, 5, 20, 21, 30}) {
    INFO("n = " << n);
    // Counts below 2^53 are exact in double; above, each step rounds.
    test::check_policies<BigInt>(
        [n]<class T>(std::type_identity<T>) {
          return dice_sequences<T>(n, {1, 2, 3, 1, 2, 15});
        },
        n * 1.2e-15);
  }
}

TEST_CASE("dice_sequences: errors", "[probability][dice_sequences][errors]") {
  REQUIRE_THROWS_WITH(dice_sequences<Mod>(-1, {1, 1, 1, 1, 1, 1}), Catch::Contains("between 0 and 10^8"));
  REQUIRE_THROWS_WITH(dice_sequences<Mod>(2, {1, 1, 1, 16, 1, 1}), Catch::Contains("face 4 must be between 1 and 15"));
  REQUIRE_THROWS_AS(dice_sequences<Mod>(2, {0, 1, 1, 1, 1, 1}), std::invalid_argument);
  const long double saved = work_budget_steps();
  work_budget_steps() = 1e5L;
  REQUIRE_THROWS_AS(dice_sequences<Mod>(1'000'000, {1, 1, 1, 1, 1, 1}), resource_error);
  work_budget_steps() = saved;
}

TEST_CASE("dice_sequences: the lazy residue path gives the residue of adding in the type",
          "[probability][dice_sequences]") {
  // dice_sequences<ModInt/DynModInt> runs detail::dice_walk_lazy (raw
  // residues, one reduction per roll); detail::dice_walk adds in the type.
  // Moduli near 2^31 leave the least room in 64 bits.
  std::mt19937 rng(1223);
  for (int trial = 0; trial < 150; ++trial) {
    const int n = trial < 20 ? trial : static_cast<int>(rng() % 4000);
    std::array<int, 6> limits{};
    for (int& limit : limits) limit = 1 + static_cast<int>(rng() % 15);
    INFO("n = " << n << ", limits " << limits[0] << " " << limits[1] << " " << limits[2] << " " << limits[3] << " "
                << limits[4] << " " << limits[5]);
    REQUIRE(dice_sequences<Mod>(n, limits) == detail::dice_walk<Mod>(n, limits, 0));
    using near_2_31 = ModInt<2'147'483'647>;  // 2^31 - 1, prime
    REQUIRE(dice_sequences<near_2_31>(n, limits) == detail::dice_walk<near_2_31>(n, limits, 0));
    for (const std::uint32_t p : {3u, 7u, 998'244'353u, 2'147'483'629u, 2'147'483'647u}) {
      INFO("modulus " << p);
      dyn_modulus_scope scope(p);
      REQUIRE(dice_sequences<DynModInt>(n, limits) == detail::dice_walk<DynModInt>(n, limits, 0));
    }
  }
}
