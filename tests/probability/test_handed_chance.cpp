// The handed reference cases (tests/data/handed.json, a copy of
// ../shared/cases/handed.json) that belong to the chance recurrences:
// C03 soup (cutoff-tolerance), C04 and C05 new21 (truncated horizon, k = 0),
// C10 knight (off-by-one horizon), C12 dice (negative residue). Each is run
// in all three number systems and compared with the file's exact, double and
// mod answers.
#include <catch2/catch.hpp>

#include <array>
#include <fstream>
#include <functional>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "chance_support.hpp"
#include "exactdp/probability/dice_sequences.hpp"
#include "exactdp/probability/knight.hpp"
#include "exactdp/probability/new21.hpp"
#include "exactdp/probability/soup.hpp"
#include "support/paths.hpp"

using namespace exactdp;

namespace {
struct three_runs {
  std::function<Rational()> exact;
  std::function<double()> approx;
  std::function<std::uint32_t()> residue;
};

template <class Exact, class Solve>
three_runs runs(Solve solve) {
  return {[solve] { return Rational(solve(std::type_identity<Exact>{})); },
          [solve] { return static_cast<double>(solve(std::type_identity<double>{})); },
          [solve] { return solve(std::type_identity<Mod>{}).value(); }};
}

three_runs runs_for(const std::string& function, const nlohmann::json& in) {
  if (function == "soup_servings") {
    const std::int64_t n = in["n"];
    return runs<Rational>([n]<class T>(std::type_identity<T>) { return soup_servings<T>(n); });
  }
  if (function == "new21_game") {
    const int n = in["n"], k = in["k"], m = in["maxPts"];
    return runs<Rational>([n, k, m]<class T>(std::type_identity<T>) { return new21_probability<T>(n, k, m); });
  }
  if (function == "knight_probability") {
    const int n = in["n"], k = in["k"], r = in["row"], c = in["column"];
    return runs<Rational>([n, k, r, c]<class T>(std::type_identity<T>) { return knight_probability<T>(n, k, r, c); });
  }
  std::array<int, 6> limits{};
  for (std::size_t f = 0; f < 6; ++f) limits[f] = in["rollMax"][f];
  const int n = in["n"];
  return runs<BigInt>([n, limits]<class T>(std::type_identity<T>) { return dice_sequences<T>(n, limits); });
}
}  // namespace

TEST_CASE("handed cases of the chance recurrences, in all three number systems", "[probability][handed]") {
  std::ifstream file(test::source_path("tests/data/handed.json"));
  REQUIRE(file.good());
  const nlohmann::json all = nlohmann::json::parse(file);
  const std::map<std::string, std::string> mine = {{"C03", "soup_servings"},
                                                   {"C04", "new21_game"},
                                                   {"C05", "new21_game"},
                                                   {"C10", "knight_probability"},
                                                   {"C12", "dice_sequences"}};
  int seen = 0;
  for (const auto& c : all["cases"]) {
    const std::string id = c["id"];
    if (!mine.count(id)) continue;
    ++seen;
    INFO(id << " (" << c["kind"].get<std::string>() << ")");
    REQUIRE(c["function"] == mine.at(id));
    const three_runs r = runs_for(c["function"], c["input"]);
    const Rational exact = r.exact();
    REQUIRE(exact == parse_rational(c["expected"]["exact"].get<std::string>()));
    // The file's double is the correctly rounded exact value; the double run
    // is within 1e-15 relative of it (stated tolerance of these recurrences).
    const double expected_double = to_double(parse_rational(c["expected"]["double"].get<std::string>()));
    REQUIRE(ulp_distance(to_double(exact), expected_double) == 0);
    REQUIRE(std::abs(r.approx() - expected_double) <= 1e-15 * std::max(1.0, std::abs(expected_double)));
    REQUIRE(r.residue() == std::stoul(c["expected"]["mod"].get<std::string>()));
  }
  REQUIRE(seen == 5);
}
