// The commands of choices under chance and the new games, run in-process
// through exactdp::tool::run_command_line: pig, mdp, game, guess-number,
// stone7, and --misere on nim, nim-sum, take and grundy. Values of the
// public cases (the lottery MDP, Pig to 10, Guess Number II, Stone Game VII,
// misère Nim), independent oracles (Pig by value iteration in double, Pig as
// a game model file, plain game-tree searches for misère play and Guess
// Number), every error path of the model files and options, and --json
// parsed.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "command.hpp"
#include "exactdp/decision/json_model.hpp"
#include "exactdp/numeric/convert.hpp"
#include "support/paths.hpp"

namespace {

using nlohmann::json;

struct ran {
  int status = -1;
  std::string out, err;
};

ran run(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  ran r;
  r.status = exactdp::tool::run_command_line(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

json run_json(std::vector<std::string> args) {
  args.push_back("--json");
  const ran r = run(args);
  INFO(r.err);
  REQUIRE(r.status == 0);
  return json::parse(r.out);
}

// The answer printed alone (--as X), without its newline.
std::string alone(std::vector<std::string> args, const std::string& as) {
  args.insert(args.end(), {"--as", as});
  const ran r = run(args);
  INFO(r.err);
  REQUIRE(r.status == 0);
  REQUIRE(!r.out.empty());
  return r.out.substr(0, r.out.size() - 1);
}

// An error: the status, one "exactdp: error:" line containing `words`, and
// nothing on standard output.
void expect_error(const std::vector<std::string>& args, int status, const std::string& words) {
  const ran r = run(args);
  INFO(r.err);
  CHECK(r.status == status);
  CHECK(r.err.rfind("exactdp: error: ", 0) == 0);
  CHECK(r.err.find(words) != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.out.empty());
}

std::string example(const std::string& name) { return std::string(EXACTDP_SOURCE_DIR) + "/examples/decision/" + name; }

// A model file in a temporary directory of this test run, removed when the
// run ends.
std::string model_file(const std::string& name, const std::string& text) {
  struct run_dir {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("exactdp_tool_decision_" + std::to_string(::getpid()));
    run_dir() { std::filesystem::create_directories(path); }
    run_dir(const run_dir&) = delete;
    run_dir& operator=(const run_dir&) = delete;
    ~run_dir() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  };
  static const run_dir dir;
  const std::filesystem::path p = dir.path / name;
  std::ofstream(p) << text;
  return p.string();
}

// ---- oracles ----

// Pig by plain value iteration in double (Gauss-Seidel sweeps until no value
// moves by more than 1e-15): P[i][j][k] for the player to move.
struct pig_oracle {
  int faces, target;
  std::vector<double> p;
  double& at(int i, int j, int k) {
    return p[(static_cast<std::size_t>(i) * target + j) * target + static_cast<std::size_t>(k)];
  }
  double roll(int i, int j, int k) {
    double v = 1 - at(j, i, 0);
    for (int f = 2; f <= faces; ++f) v += i + k + f >= target ? 1.0 : at(i, j, k + f);
    return v / faces;
  }
  pig_oracle(int f, int t) : faces(f), target(t), p(static_cast<std::size_t>(t) * t * t, 0.0) {
    for (double change = 1; change > 1e-15;) {
      change = 0;
      for (int i = 0; i < target; ++i)
        for (int j = 0; j < target; ++j)
          for (int k = target - i - 1; k >= 0; --k) {
            const double v = std::max(roll(i, j, k), 1 - at(j, i + k, 0));
            change = std::max(change, std::fabs(v - at(i, j, k)));
            at(i, j, k) = v;
          }
    }
  }
};

// Pig as a decision model file: Max and Min alternate; "M i j k" is Max to
// move with score i against j and turn total k, "m i j k" the same for Min;
// reaching "W" is Max's win (payoff 1), "L" Min's (payoff 0).
std::string pig_model(int faces, int target) {
  json nodes = json::array();
  const std::string rational = "1/" + std::to_string(faces);
  for (const char who : {'M', 'm'}) {
    const char other = who == 'M' ? 'm' : 'M';
    const std::string end = who == 'M' ? "W" : "L";
    auto id = [](char w, int i, int j, int k) {
      return std::string(1, w) + " " + std::to_string(i) + " " + std::to_string(j) + " " + std::to_string(k);
    };
    for (int i = 0; i < target; ++i)
      for (int j = 0; j < target; ++j)
        for (int k = 0; i + k < target; ++k) {
          std::map<std::string, int> roll;  // successor -> faces
          ++roll[id(other, j, i, 0)];
          for (int f = 2; f <= faces; ++f) ++roll[i + k + f >= target ? end : id(who, i, j, k + f)];
          json to = json::object();
          for (const auto& [s, n] : roll) to[s] = std::to_string(n) + "/" + std::to_string(faces);
          nodes.push_back(
              json{{"id", id(who, i, j, k)},
                   {"kind", who == 'M' ? "max" : "min"},
                   {"choices", json::array({json{{"action", "roll"}, {"to", to}},
                                            json{{"action", "hold"}, {"to", json{{id(other, j, i + k, 0), 1}}}}})}});
        }
  }
  nodes.push_back(json{{"id", "W"}, {"kind", "terminal"}, {"payoff", 1}});
  nodes.push_back(json{{"id", "L"}, {"kind", "terminal"}, {"payoff", 0}});
  return json{{"start", "M 0 0 0"}, {"nodes", nodes}, {"labels", json{{"win", json::array({"W"})}}}}.dump(1);
}

// Plain game-tree search of misère play over multisets of heaps: `moves(h)`
// lists the heap multisets one heap of h can become. The player who cannot
// move wins.
bool misere_wins(std::vector<std::uint64_t> heaps,
                 const std::function<std::vector<std::vector<std::uint64_t>>(std::uint64_t)>& moves,
                 std::map<std::vector<std::uint64_t>, bool>& memo) {
  heaps.erase(std::remove(heaps.begin(), heaps.end(), 0), heaps.end());
  std::sort(heaps.begin(), heaps.end());
  if (const auto it = memo.find(heaps); it != memo.end()) return it->second;
  bool any_move = false, wins = false;
  for (std::size_t h = 0; h < heaps.size() && !wins; ++h)
    for (const auto& left : moves(heaps[h])) {
      any_move = true;
      std::vector<std::uint64_t> next = heaps;
      next.erase(next.begin() + static_cast<std::ptrdiff_t>(h));
      next.insert(next.end(), left.begin(), left.end());
      if (!misere_wins(next, moves, memo)) {
        wins = true;
        break;
      }
    }
  return memo[heaps] = any_move ? wins : true;
}

std::vector<std::vector<std::uint64_t>> nim_moves(std::uint64_t h) {
  std::vector<std::vector<std::uint64_t>> out;
  for (std::uint64_t left = 0; left < h; ++left) out.push_back({left});
  return out;
}

// Kayles (0.77): take 1 or 2 counters, leaving 0, 1 or 2 heaps.
std::vector<std::vector<std::uint64_t>> kayles_moves(std::uint64_t h) {
  std::vector<std::vector<std::uint64_t>> out;
  for (std::uint64_t take = 1; take <= 2 && take <= h; ++take) {
    const std::uint64_t rest = h - take;
    out.push_back({rest});
    for (std::uint64_t a = 1; a + a <= rest; ++a) out.push_back({a, rest - a});
  }
  return out;
}

// Guess Number II by minimax over the candidates l..r.
std::int64_t guess_cost(std::int64_t l, std::int64_t r,
                        std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t>& memo) {
  if (l >= r) return 0;
  if (const auto it = memo.find({l, r}); it != memo.end()) return it->second;
  std::int64_t best = -1;
  for (std::int64_t x = l; x <= r; ++x) {
    const std::int64_t c = x + std::max(guess_cost(l, x - 1, memo), guess_cost(x + 1, r, memo));
    if (best < 0 || c < best) best = c;
  }
  return memo[{l, r}] = best;
}

}  // namespace

// ---- pig ----

TEST_CASE("pig: 6 faces, target 10, from (0, 0, 0) is 7776/10961 (mod 878660713)", "[tool][decision][D06]") {
  const std::vector<std::string> cmd{"pig", "--faces", "6", "--target", "10"};
  CHECK(alone(cmd, "exact") == "7776/10961");
  CHECK(alone(cmd, "mod") == "878660713");
  CHECK(std::fabs(std::stod(alone(cmd, "double")) - 0.70942432259830313) <= 1e-15);
  const json j = run_json(cmd);
  CHECK(j["exact"] == "7776/10961");
  CHECK(j["mod"] == 878660713);
  CHECK(j["faces"] == 6);
  CHECK(j["target"] == 10);
  CHECK(j["state"] == json{{"score", 0}, {"opponent", 0}, {"turn_total", 0}});
  CHECK(j["action"] == "roll");
  CHECK(j["actions"]["roll"]["exact"] == "7776/10961");
  // A turn starts with a roll: at turn total 0 holding is not an action.
  CHECK(j["actions"]["hold"]["exact"].is_null());
  CHECK(j["tie"] == false);
  CHECK(j["states"] == 550);
  CHECK(j["guess_wrong"] == 0);
  CHECK(j["pairs_proved"] == 55);
  // The default is the published game: 6 faces.
  CHECK(alone({"pig", "--target", "10"}, "exact") == "7776/10961");
}

TEST_CASE("pig: every state against plain value iteration in double (1e-9)", "[tool][decision]") {
  for (const auto& [faces, target] : std::vector<std::pair<int, int>>{{6, 10}, {3, 7}, {2, 5}}) {
    pig_oracle oracle(faces, target);
    for (int i = 0; i < target; i += 2)
      for (int j = 0; j < target; j += 3)
        for (int k = 0; i + k < target; k += 2) {
          INFO("faces " << faces << " target " << target << " at " << i << " " << j << " " << k);
          const json a = run_json({"pig", "--faces", std::to_string(faces), "--target", std::to_string(target), "--at",
                                   std::to_string(i), std::to_string(j), std::to_string(k)});
          const double want = oracle.at(i, j, k);
          CHECK(std::fabs(std::stod(a["double"].get<std::string>()) - want) <= 1e-9);
          CHECK(std::fabs(exactdp::to_double(exactdp::parse_rational(a["exact"].get<std::string>())) - want) <= 1e-9);
          const double roll = oracle.roll(i, j, k), hold = 1 - oracle.at(j, i + k, 0);
          CHECK(std::fabs(std::stod(a["actions"]["roll"]["double"].get<std::string>()) - roll) <= 1e-9);
          if (k == 0) {  // a turn starts with a roll: no hold at turn total 0
            CHECK(a["actions"]["hold"]["double"].is_null());
            CHECK(a["action"] == "roll");
          } else {
            CHECK(std::fabs(std::stod(a["actions"]["hold"]["double"].get<std::string>()) - hold) <= 1e-9);
            if (std::fabs(roll - hold) > 1e-9) CHECK(a["action"] == (roll > hold ? "roll" : "hold"));
          }
          // The residue is the exact value's.
          CHECK(a["mod"] == exactdp::to_residue(exactdp::parse_rational(a["exact"].get<std::string>()), 1000000007));
        }
  }
}

TEST_CASE("pig: 2 faces, target 96, where the double iteration meets a nearly singular pair, is solved exactly",
          "[tool][decision]") {
  // The pair of scores (0, 53) made the double strategy iteration flip on
  // rounding noise for ever; the double run now keeps its strategy after
  // 4T + 100 rounds, and the exact run proves or improves every pair.
  const json j = run_json({"pig", "--faces", "2", "--target", "96"});
  REQUIRE(j["exact"].is_string());
  CHECK(j["mod"] == exactdp::to_residue(exactdp::parse_rational(j["exact"].get<std::string>()), 1'000'000'007));
  // The double of that run is within 1e-6 of the exact value (measured 3.3e-7).
  CHECK(std::fabs(std::stod(j["double"].get<std::string>()) - std::stod(j["exact_double"].get<std::string>())) < 1e-6);
  // A turn starts with a roll: at turn total 0 the action is roll.
  const json at = run_json({"pig", "--faces", "2", "--target", "96", "--at", "0", "53", "0", "--as", "double"});
  CHECK(at["action"] == "roll");
}

TEST_CASE("pig: the game command on Pig written as a model file gives the same values", "[tool][decision]") {
  for (const auto& [faces, target] : std::vector<std::pair<int, int>>{{3, 6}, {2, 4}, {6, 8}}) {
    INFO("faces " << faces << " target " << target);
    const std::string file =
        model_file("pig_" + std::to_string(faces) + "_" + std::to_string(target) + ".json", pig_model(faces, target));
    const std::string exact =
        alone({"pig", "--faces", std::to_string(faces), "--target", std::to_string(target)}, "exact");
    // Pig counts a play that never ends as a draw, 1/2 each: the payoff game with default 1/2.
    CHECK(alone({"game", file, "--query", "payoff", "--default", "1/2"}, "exact") == exact);
    // No optimal play draws, so Max's probability of winning is the same value.
    CHECK(alone({"game", file, "--query", "reach", "--target", "win"}, "exact") == exact);
    CHECK(alone({"game", file, "--query", "reach", "--target", "win"}, "mod") ==
          alone({"pig", "--faces", std::to_string(faces), "--target", std::to_string(target)}, "mod"));
  }
}

TEST_CASE("pig: --at reads I J K as three words or one list, and refuses states outside the game", "[tool][decision]") {
  const std::vector<std::string> base{"pig", "--target", "10", "--as", "exact"};
  auto with = [&](std::vector<std::string> more) {
    std::vector<std::string> args = base;
    args.insert(args.end(), more.begin(), more.end());
    return args;
  };
  CHECK(run(with({"--at", "2", "3", "4"})).out == run(with({"--at", "2,3,4"})).out);
  CHECK(run(with({"--at", "2", "3", "4"})).out == run(with({"--at=2", "3", "4"})).out);
  expect_error(with({"--at", "10", "0", "0"}), 2,
               "I (the mover's score, below the target 10) must be an integer in 0..9");
  expect_error(with({"--at", "0", "10", "0"}), 2,
               "J (the opponent's score, below the target 10) must be an integer in 0..9");
  expect_error(with({"--at", "3", "0", "7"}), 2,
               "K (the turn total, with I + K below the target 10) must be an integer in 0..6");
  expect_error(with({"--at", "-1", "0", "0"}), 2, "must be an integer in 0..9, not '-1'");
  expect_error(with({"--at", "1", "2"}), 2, "--at needs three integers I J K");
  expect_error(with({"--at", "1,2,3,4"}), 2, "--at");
  expect_error(with({"--at", "010,0,0"}), 2, "must be an integer in 0..9, not '010'");  // ten, not eight
  expect_error(with({"--at", "1,0,x"}), 2, "must be an integer in 0..8, not 'x'");
  expect_error({"pig", "--faces", "1"}, 2, "--faces must be an integer in 2..1000, not '1'");
  expect_error({"pig", "--target", "0"}, 2, "--target must be an integer in 1..10^4, not '0'");
  expect_error({"pig", "--target", "0x10"}, 2, "--target must be an integer");
  // Leading zeros are decimal.
  CHECK(alone({"pig", "--target", "010"}, "exact") == "7776/10961");
  // Budgets: the strategy table of target 10000 (5·10^11 bytes) is refused before any work.
  expect_error({"pig", "--target", "10000"}, 1, "--max-memory");
}

// ---- guess-number and stone7 ----

TEST_CASE("guess-number: LeetCode 375's values and a minimax search", "[tool][decision][D07]") {
  for (const auto& [n, cost] : std::vector<std::pair<int, int>>{{1, 0}, {2, 1}, {3, 2}, {10, 16}, {200, 952}}) {
    const json j = run_json({"guess-number", std::to_string(n)});
    CHECK(j["n"] == n);
    CHECK(j["cost"] == cost);
  }
  std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> memo;
  for (int n = 2; n <= 25; ++n) {
    const json j = run_json({"guess-number", std::to_string(n)});
    CHECK(j["cost"] == guess_cost(1, n, memo));
    // The first guess achieves the cost.
    const std::int64_t x = j["first_guess"];
    CHECK(x + std::max(guess_cost(1, x - 1, memo), guess_cost(x + 1, n, memo)) == j["cost"].get<std::int64_t>());
  }
  CHECK(run_json({"guess-number", "10"})["first_guess"] == 7);
  expect_error({"guess-number", "0"}, 2, "N must be an integer in 1..10^5, not '0'");
  expect_error({"guess-number", "100000"}, 1, "above the state budget of 2 GiB");
  expect_error({"guess-number", "10000"}, 1, "above the work budget");
}

TEST_CASE("stone7: LeetCode 1690's values in every number system", "[tool][decision][D08]") {
  CHECK(alone({"stone7", "5", "3", "1", "4", "2"}, "exact") == "6");
  CHECK(alone({"stone7", "5", "3", "1", "4", "2"}, "int64") == "6");
  CHECK(alone({"stone7", "5,3,1,4,2"}, "double") == "6");
  CHECK(alone({"stone7", "7", "90", "5", "1", "100", "10", "10", "2"}, "exact") == "122");
  CHECK(alone({"stone7", "--values=7,90,5,1,100,10,10,2"}, "int64") == "122");
  const json j = run_json({"stone7", "5", "3", "1", "4", "2"});
  CHECK(j["exact"] == "6");
  CHECK(j["first_end"] == "right");  // remove the 2 and score 13
  CHECK(j["row"] == json::array({"5", "3", "1", "4", "2"}));
  // Fractions are exact: halving every stone halves the lead.
  CHECK(alone({"stone7", "5/2", "3/2", "1/2", "2", "1"}, "exact") == "3");
  expect_error({"stone7", "1", "2", "--as", "mod"}, 2, "--as mod is not available for stone7");
  expect_error({"stone7"}, 2, "stone7 needs the row");
  expect_error({"stone7", "1", "x"}, 2, "each value of the row");
}

// ---- misère play ----

TEST_CASE("nim --misere: the published verdicts and a game-tree search", "[tool][decision][D05]") {
  const std::vector<std::pair<std::string, std::string>> published{
      {"3,4,5", "win"}, {"1,1,1", "lose"}, {"1,1", "win"},     {"1", "lose"},
      {"2,2", "lose"},  {"1,2,3", "lose"}, {"2,3,4,5", "lose"}};
  for (const auto& [heaps, verdict] : published) {
    INFO(heaps);
    const json j = run_json({"nim", "--misere", heaps});
    CHECK(j["outcome"] == verdict);
    CHECK(j["play"] == "misere");
    CHECK(run_json({"nim-sum", "--misere", heaps})["outcome"] == verdict);
  }
  CHECK(run_json({"nim", "1,1"})["outcome"] == "lose");  // normal play differs
  CHECK(run_json({"nim", "1,1"})["play"] == "normal");
  std::map<std::vector<std::uint64_t>, bool> memo;
  for (std::uint64_t a = 0; a <= 4; ++a)
    for (std::uint64_t b = a; b <= 4; ++b)
      for (std::uint64_t c = b; c <= 4; ++c) {
        const std::string heaps = std::to_string(a) + "," + std::to_string(b) + "," + std::to_string(c);
        INFO(heaps);
        const json j = run_json({"nim", "--misere", heaps});
        const bool wins = misere_wins({a, b, c}, nim_moves, memo);
        CHECK(j["first_player_wins"] == wins);
        if (!j["winning_move"].is_null()) {
          // The move leaves a losing position.
          std::vector<std::uint64_t> next{a, b, c};
          const std::size_t h = j["winning_move"]["heap"];
          next[h] -= j["winning_move"]["take"].get<std::uint64_t>();
          CHECK_FALSE(misere_wins(next, nim_moves, memo));
        } else if (wins) {
          CHECK(a + b + c == 0);  // a win without a move: no stone left
        }
      }
}

TEST_CASE("take --misere against a plain search; --table and --period follow the rule", "[tool][decision]") {
  for (const std::vector<std::int64_t>& moves : std::vector<std::vector<std::int64_t>>{{1, 2, 3}, {1, 3, 4}, {2, 3}}) {
    std::string list;
    for (const auto m : moves) {
      if (!list.empty()) list += ',';
      list += std::to_string(m);
    }
    std::vector<bool> win;
    for (std::int64_t n = 0; n <= 40; ++n) {
      bool any = false, w = false;
      for (const auto m : moves)
        if (m <= n) {
          any = true;
          w = w || !win[static_cast<std::size_t>(n - m)];
        }
      win.push_back(any ? w : true);
    }
    std::string wl;
    for (const bool w : win) wl += w ? 'W' : 'L';
    const json t = run_json({"take", "40", "--moves", list, "--misere", "--table", "40"});
    CHECK(t["wl_table"] == wl);
    CHECK(t["play"] == "misere");
    for (std::int64_t n = 0; n <= 40; n += 7) {
      const json j = run_json({"take", std::to_string(n), "--moves", list, "--misere"});
      CHECK(j["first_player_wins"] == static_cast<bool>(win[static_cast<std::size_t>(n)]));
    }
    // A pile beyond any table, through the period of the misère sequence.
    const json big = run_json({"take", "1000000000000", "--moves", list, "--misere"});
    CHECK(big["period"]["from_period"] == true);
  }
  CHECK(run_json({"take", "0", "--misere"})["outcome"] == "win");
  CHECK(run_json({"take", "0"})["outcome"] == "lose");
}

TEST_CASE("grundy --misere on one heap of Kayles against a plain search; nim-sum refuses sums", "[tool][decision]") {
  std::map<std::vector<std::uint64_t>, bool> memo;
  for (std::uint64_t n = 0; n <= 14; ++n) {
    INFO(n);
    const json j = run_json({"grundy", "--octal", "0.77", "--misere", "--n", std::to_string(n)});
    CHECK(j["play"] == "misere");
    CHECK(j["first_player_wins"] == misere_wins({n}, kayles_moves, memo));
    if (!j["winning_move"].is_null()) {
      std::vector<std::uint64_t> left;
      for (const char* side : {"left", "right"})
        if (j["winning_move"][side] != 0) left.push_back(j["winning_move"][side]);
      CHECK(n - j["winning_move"]["take"].get<std::uint64_t>() ==
            (left.empty() ? 0 : left[0]) + (left.size() > 1 ? left[1] : 0));
      CHECK_FALSE(misere_wins(left, kayles_moves, memo));
    }
    CHECK(run_json({"nim-sum", "--octal", "0.77", "--misere", std::to_string(n)})["outcome"] == j["outcome"]);
  }
  CHECK(run_json({"grundy", "--octal", "0.77", "--n", "3"})["play"] == "normal");
  expect_error({"nim-sum", "--octal", "0.07", "--misere", "3", "4"}, 2,
               "misère play has no rule for a sum of 2 heaps of 0.07");
  expect_error({"grundy", "--octal", "0.77", "--misere", "--table", "5"}, 2, "--table is for normal play");
  expect_error({"grundy", "--octal", "0.77", "--misere", "--period"}, 2, "--period is for normal play");
  expect_error({"grundy", "--octal", "0.77", "--misere"}, 2, "grundy --misere needs the heap: --n N");
  expect_error({"grundy", "--octal", "0.77", "--misere", "--n", "1000001"}, 2, "must be an integer in 0..10^6");
}

// ---- mdp and game ----

TEST_CASE("mdp: the lottery MDP, Pmax 3/4 (mod 750000006) and Pmin 0", "[tool][decision][D01]") {
  const std::string lottery = example("lottery.json");
  CHECK(alone({"mdp", lottery, "--query", "pmax", "--target", "goal"}, "exact") == "3/4");
  CHECK(alone({"mdp", lottery, "--query", "pmax", "--target", "goal"}, "mod") == "750000006");
  CHECK(std::stod(alone({"mdp", lottery, "--query", "pmax", "--target", "goal"}, "double")) ==
        Approx(0.75).epsilon(1e-15));
  CHECK(alone({"mdp", lottery, "--query", "pmin", "--target", "goal"}, "exact") == "0");
  CHECK(alone({"mdp", lottery, "--query", "pmin", "--target", "goal"}, "mod") == "0");
  const json j = run_json({"mdp", lottery, "--query", "pmax", "--target", "goal", "--strategy"});
  CHECK(j["query"] == "pmax");
  CHECK(j["target"] == "goal");
  CHECK(j["start"] == "0");
  CHECK(j["states"] == 9);
  CHECK(j["choices"] == 12);
  CHECK(j["guess_wrong"] == 0);
  REQUIRE(j["strategy"].size() == 1);  // state 4 is a goal state: only state 0 chooses
  CHECK(j["strategy"][0]["state"] == "0");
  CHECK(j["strategy"][0]["action"] == "b");
  CHECK(j["strategy"][0]["actions"][0] == json{{"action", "a"}, {"exact", "0"}, {"double", "0"}, {"infinite", false}});
  CHECK(j["strategy"][0]["actions"][1]["exact"] == "3/4");
  const json pmin = run_json({"mdp", lottery, "--query", "pmin", "--target", "goal", "--strategy"});
  CHECK(pmin["strategy"][0]["action"] == "a");
  CHECK(pmin["strategy"][0]["player"] == "min");
}

TEST_CASE("mdp: PRISM's explicit case files themselves, Pmax 3/4 and Pmin 0 (D01)", "[tool][decision][D01]") {
  const std::string tra = exactdp::test::source_path("tests/data/set2/mdp_choice.tra");
  CHECK(alone({"mdp", tra, "--query", "pmax", "--target", "goal"}, "exact") == "3/4");
  CHECK(alone({"mdp", tra, "--query", "pmax", "--target", "goal"}, "mod") == "750000006");
  CHECK(alone({"mdp", tra, "--query", "pmin", "--target", "goal"}, "exact") == "0");
  CHECK(alone({"mdp", tra, "--format", "prism", "--query", "pmax", "--target", "goal"}, "exact") == "3/4");
  const json j = run_json({"mdp", tra, "--query", "pmax", "--target", "goal", "--strategy"});
  CHECK(j["states"] == 9);
  CHECK(j["choices"] == 12);
  CHECK(j["start"] == "0");  // the init label
  // PRISM's files name no actions: the choices are called by their index.
  REQUIRE(j["strategy"].size() == 1);
  CHECK(j["strategy"][0]["actions"][1]["exact"] == "3/4");
}

TEST_CASE("mdp: the lottery's JSON holds exactly the numbers of PRISM's explicit files", "[tool][decision][D01]") {
  const std::string tra = exactdp::test::source_path("tests/data/set2/mdp_choice.tra");
  const exactdp::decision_model m = exactdp::load_decision_json(example("lottery.json"));
  std::ifstream in(tra);
  REQUIRE(in);
  std::size_t states = 0, choices = 0, transitions = 0;
  in >> states >> choices >> transitions;
  CHECK(m.size() == states);
  CHECK(m.choice_total() == choices);
  CHECK(m.targets().size() == transitions);
  std::size_t s = 0, c = 0, t = 0;
  std::string p;
  std::size_t lines = 0;
  while (in >> s >> c >> t >> p) {
    ++lines;
    const std::size_t state = *m.find(std::to_string(s));
    const std::size_t global = m.choice_begin()[state] + c;
    bool found = false;
    for (std::size_t e = m.edge_begin()[global]; e < m.edge_begin()[global + 1]; ++e)
      if (m.name(m.targets()[e]) == std::to_string(t)) {
        found = true;
        CHECK(m.probabilities()[e] == exactdp::parse_rational(p));
      }
    CHECK(found);
  }
  CHECK(lines == transitions);
  CHECK(m.label("goal") == std::vector<std::size_t>{*m.find("1"), *m.find("3"), *m.find("4")});
}

TEST_CASE("mdp: expected rewards, a tie, and the infinite reward of PRISM's convention", "[tool][decision]") {
  const std::string six = example("six.json");
  const json rmin = run_json({"mdp", six, "--query", "rmin", "--target", "six", "--strategy"});
  CHECK(rmin["exact"] == "4");
  CHECK(rmin["mod"] == 4);
  CHECK(rmin["strategy"][0]["action"] == "coin");
  CHECK(rmin["strategy"][0]["actions"][0]["exact"] == "13/3");   // roll the die once, then toss coins: 1 + 5/6·4
  CHECK(rmin["strategy"][0]["actions"][2]["infinite"] == true);  // give up: never a six
  CHECK(rmin["strategy"][0]["actions"][2]["exact"].is_null());
  CHECK(rmin["strategy"][0]["actions"][2]["double"] == "inf");
  // Rmax is infinite (give up): the answer Infinity, as PRISM and Storm print, in every system.
  const json rmax = run_json({"mdp", six, "--query", "rmax", "--target", "six"});
  CHECK(rmax["infinite"] == true);
  CHECK(rmax["exact"] == "Infinity");
  CHECK(rmax["double"] == "inf");
  CHECK(rmax["mod"].is_null());
  for (const char* as : {"exact", "mod"})
    CHECK(alone({"mdp", six, "--query", "rmax", "--target", "six"}, as) == "Infinity");
  CHECK(alone({"mdp", six, "--query", "rmax", "--target", "six"}, "double") == "inf");
  const json pmax = run_json({"mdp", six, "--query", "pmax", "--target", "six", "--strategy"});
  CHECK(pmax["exact"] == "1");
  CHECK(pmax["strategy"][0]["tie"] == true);  // the die and the coin both reach a six surely
  CHECK(run_json({"mdp", six, "--query", "pmin", "--target", "six"})["exact"] == "0");
  // A state as the target, by its id.
  CHECK(alone({"mdp", six, "--query", "pmin", "--target", "gave up"}, "exact") == "0");
  CHECK(alone({"mdp", six, "--query", "pmax", "--target", "gave up"}, "exact") == "1");
}

TEST_CASE("game: the duel, for reaching a label and for payoffs; expectiminimax files are game models",
          "[tool][decision]") {
  const std::string duel = example("duel.json");
  const json reach = run_json({"game", duel, "--query", "reach", "--target", "max wins", "--strategy"});
  CHECK(reach["exact"] == "3/4");
  CHECK(reach["mod"] == 750000006);
  CHECK(reach["strategy"].size() == 2);
  CHECK(reach["strategy"][0]["player"] == "max");
  CHECK(reach["strategy"][1]["player"] == "min");
  CHECK(reach["strategy"][1]["action"] == "shoot");
  const json payoff = run_json({"game", duel, "--query", "payoff"});
  CHECK(payoff["exact"] == "1/2");
  CHECK(payoff["default"] == "0");
  CHECK(payoff["target"].is_null());
  CHECK(alone({"game", duel, "--query", "payoff", "--default", "1/3"}, "exact") == "1/2");
  // The default never counts: whatever it is, Min shoots rather than wait forever.
  CHECK(alone({"game", duel, "--query", "payoff", "--default", "1"}, "exact") == "1/2");
  for (const auto& [file, value] :
       std::vector<std::pair<std::string, std::string>>{{"dice_duel.json", "-5/108"}, {"choose_die.json", "3/2"}}) {
    const std::string path = std::string(EXACTDP_SOURCE_DIR) + "/examples/games/" + file;
    CHECK(alone({"game", path, "--query", "payoff"}, "exact") == value);
    CHECK(alone({"expectiminimax", path}, "exact") == value);
  }
  const std::string choose = std::string(EXACTDP_SOURCE_DIR) + "/examples/games/choose_die.json";
  CHECK(run_json({"game", choose, "--query", "payoff", "--strategy"})["strategy"][0]["action"] == "coin");
}

TEST_CASE("mdp and game: the double is within 1e-12 of the exact value, the residue is the exact value's",
          "[tool][decision]") {
  for (const std::vector<std::string>& cmd : std::vector<std::vector<std::string>>{
           {"mdp", example("lottery.json"), "--query", "pmax", "--target", "goal"},
           {"mdp", example("six.json"), "--query", "rmin", "--target", "six"},
           {"game", example("duel.json"), "--query", "reach", "--target", "max wins"},
           {"game", example("duel.json"), "--query", "payoff", "--default", "-2/7"},
           {"game", model_file("pig_3_6.json", pig_model(3, 6)), "--query", "reach", "--target", "win"}}) {
    for (const std::string modulus : {"1000000007", "998244353"}) {
      std::vector<std::string> args = cmd;
      args.insert(args.end(), {"--modulus", modulus});
      const json j = run_json(args);
      const exactdp::Rational exact = exactdp::parse_rational(j["exact"].get<std::string>());
      CHECK(std::fabs(std::stod(j["double"].get<std::string>()) - exactdp::to_double(exact)) <= 1e-12);
      CHECK(j["mod"] == exactdp::to_residue(exact, std::stoull(modulus)));
    }
  }
}

TEST_CASE("mdp and game: every error of a model file names the line and column", "[tool][decision]") {
  auto check = [](const std::string& name, const std::string& text, const std::string& words) {
    INFO(name);
    expect_error({"mdp", model_file(name, text), "--query", "pmax", "--target", "goal"}, 2, words);
  };
  const std::string good_end = R"({"id": "g", "kind": "terminal"}], "labels": {"goal": ["g"]}})";
  check("unknown_key.json", R"({"strat": "a", "nodes": [{"id": "a", "kind": "terminal"}]})",
        ":1:11: unknown key 'strat' in the model (the keys are start, root, nodes, labels, description)");
  check("unknown_node_key.json",
        "{\"start\": \"a\", \"nodes\": [\n{\"id\": \"a\", \"kind\": \"max\", \"choice\": []}, " + good_end,
        ":2:38: unknown key 'choice' in node 0");
  check("unknown_choice_key.json",
        "{\"start\": \"a\", \"nodes\": [{\"id\": \"a\", \"kind\": \"max\", \"choices\": [\n{\"to\": {\"g\": 1}, "
        "\"rewards\": 1}]}, " +
            good_end,
        ":2:29: unknown key 'rewards' in choice 0 of node 'a'");
  check("duplicate_key.json",
        "{\"start\": \"a\",\n\"start\": \"a\", \"nodes\": [{\"id\": \"a\", \"kind\": \"terminal\"}]}",
        ":2:1: the key 'start' appears twice in one object (at 1:2 and 2:1)");
  check("duplicate_successor.json",
        R"({"start": "a", "nodes": [{"id": "a", "kind": "max", "choices": [{"to": {"g": "1/2", "g": "1/2"}}]}, )" +
            good_end,
        "the key 'g' appears twice in one object");
  check("duplicate_id.json", R"({"nodes": [{"id": "a", "kind": "terminal"}, {"id": "a", "kind": "terminal"}]})",
        "the node id 'a' is used twice");
  check("no_choices.json", R"({"start": "a", "nodes": [{"id": "a", "kind": "max"}, )" + good_end,
        "node 'a' (max) has no choices: give \"choices\" or \"children\", or make it terminal");
  check("empty_choices.json", R"({"start": "a", "nodes": [{"id": "a", "kind": "min", "choices": []}, )" + good_end,
        "node 'a' has an empty list of choices");
  check("sum.json",
        R"({"start": "a", "nodes": [{"id": "a", "kind": "max", "choices": [{"to": {"a": "1/2", "g": "1/3"}}]}, )" +
            good_end,
        "the probabilities of choice 0 of node 'a' add up to 5/6, not 1 (nothing is renormalised)");
  check(
      "sum_above.json",
      R"({"start": "a", "nodes": [{"id": "a", "kind": "max", "choices": [{"action": "go", "to": {"a": 0.5, "g": 0.500001}}]}, )" +
          good_end,
      "the probabilities of choice 'go' of node 'a' add up to 1000001/1000000, not 1");
  check(
      "chance_sum.json",
      R"({"start": "a", "nodes": [{"id": "a", "kind": "chance", "children": ["a", "g"], "probabilities": ["1/2", "1/4"]}, )" +
          good_end,
      "the probabilities of node 'a' add up to 3/4, not 1");
  check("negative.json",
        R"({"start": "a", "nodes": [{"id": "a", "kind": "max", "choices": [{"to": {"a": "-1/2", "g": "3/2"}}]}, )" +
            good_end,
        "is -1/2, outside [0, 1]");
  check("unknown_successor.json",
        R"({"start": "a", "nodes": [{"id": "a", "kind": "max", "choices": [{"to": {"b": 1}}]}, )" + good_end,
        "the successor 'b' is not a node");
  check("unknown_start.json", R"({"start": "z", "nodes": [)" + good_end, "the start node 'z' is not a node");
  check("start_and_root.json", R"({"start": "g", "root": "g", "nodes": [)" + good_end,
        "give the start node as \"start\" or as \"root\", not both");
  check("unknown_label_node.json",
        R"({"start": "g", "nodes": [{"id": "g", "kind": "terminal"}], "labels": {"goal": ["h"]}})",
        "label 'goal' lists the node 'h' is not a node");
  check(
      "two_actions.json",
      R"({"start": "a", "nodes": [{"id": "a", "kind": "max", "choices": [{"action": "x", "to": {"g": 1}}, {"action": "x", "to": {"a": 1}}]}, )" +
          good_end,
      "node 'a' has two choices called 'x'");
  check("chance_two.json",
        R"({"start": "a", "nodes": [{"id": "a", "kind": "chance", "choices": [{"to": {"g": 1}}, {"to": {"a": 1}}]}, )" +
            good_end,
        "node 'a' is a chance node with 2 choices: it has exactly one");
  check(
      "terminal_choices.json",
      R"({"start": "g", "nodes": [{"id": "g", "kind": "terminal", "choices": [{"to": {"g": 1}}]}], "labels": {"goal": ["g"]}})",
      "node 'g' is terminal: it has no choices, children or probabilities");
  check(
      "payoff_not_terminal.json",
      R"({"start": "a", "nodes": [{"id": "a", "kind": "max", "payoff": 1, "choices": [{"to": {"g": 1}}]}, )" + good_end,
      "node 'a' has a payoff, but only terminal nodes have one");
  check("both.json",
        R"({"start": "a", "nodes": [{"id": "a", "kind": "max", "children": ["g"], "choices": [{"to": {"g": 1}}]}, )" +
            good_end,
        "node 'a' has both \"choices\" and \"children\"");
  check("bad_kind.json", R"({"nodes": [{"id": "a", "kind": "maximum"}]})",
        "node 'a' has kind 'maximum': the kinds are max, min, chance, terminal");
  check("no_nodes.json", R"({"nodes": []})", "the model has no nodes");
  check("no_to.json",
        R"({"start": "a", "nodes": [{"id": "a", "kind": "max", "choices": [{"action": "x"}]}, )" + good_end,
        "choice 'x' of node 'a' has no \"to\"");
  check("empty_to.json", R"({"start": "a", "nodes": [{"id": "a", "kind": "max", "choices": [{"to": {}}]}, )" + good_end,
        "choice 0 of node 'a' has no successors");
  check("not_json.json", R"({"nodes": [)", "not valid JSON");
  check("deep.json", "{\"nodes\": " + std::string(100000, '['), "nested deeper than");
  // Past the file: the query against the model.
  const std::string ok = model_file(
      "ok.json",
      R"({"nodes": [{"id": "a", "kind": "max", "choices": [{"to": {"g": 1}, "reward": -1}]}, {"id": "g", "kind": "terminal"}], "labels": {"goal": ["g"]}})");
  expect_error({"mdp", ok, "--query", "pmax", "--target", "goal"}, 2, "names no start state; give one with --start");
  CHECK(alone({"mdp", ok, "--query", "pmax", "--target", "goal", "--start", "a"}, "exact") == "1");
  expect_error({"mdp", ok, "--query", "pmax", "--target", "gaol", "--start", "a"}, 2,
               "--target 'gaol' is neither a label nor a state of");
  expect_error({"mdp", ok, "--query", "pmax", "--target", "goal", "--start", "b"}, 2, "--start 'b' is not a state");
  expect_error({"mdp", ok, "--query", "rmin", "--target", "goal", "--start", "a"}, 2,
               "has the negative reward -1; expected total rewards (rmin) need rewards >= 0");
  expect_error({"mdp", ok, "--query", "pmaxx", "--target", "goal"}, 2, "--query must be pmax, pmin, rmax or rmin");
  expect_error({"mdp", ok, "--query", "reach", "--target", "goal"}, 2, "--query must be pmax, pmin, rmax or rmin");
  expect_error({"mdp", ok, "--query", "pmax"}, 2, "--query pmax needs --target LABEL");
  expect_error({"mdp", ok, "--target", "goal"}, 2, "mdp needs --query: pmax, pmin, rmax or rmin");
  expect_error({"game", ok}, 2, "game needs --query: reach or payoff");
  const std::string duel = example("duel.json");
  expect_error({"mdp", duel, "--query", "pmax", "--target", "max wins"}, 2,
               "the model has states of both players; ask for the value of the game");
  expect_error({"game", duel, "--query", "reach"}, 2, "--query reach needs --target LABEL");
  expect_error({"game", duel, "--query", "payoff", "--target", "max wins"}, 2, "--query payoff takes no --target");
  expect_error({"game", duel, "--query", "reach", "--target", "max wins", "--default", "1"}, 2,
               "--default is for --query payoff");
  expect_error({"game", duel, "--query", "payoff", "--default", "x"}, 2, "--default must be a number");
  expect_error({"game", duel, "--query", "pmax"}, 2, "--query must be reach or payoff");
  expect_error({"mdp", std::string(EXACTDP_SOURCE_DIR), "--query", "pmax", "--target", "goal"}, 2, "is a directory");
  expect_error({"mdp", "no such file.json", "--query", "pmax", "--target", "goal"}, 2, "No such file");
  // Errors under --json: one error document.
  const ran r = run({"game", duel, "--query", "reach", "--json"});
  CHECK(r.status == 2);
  const json e = json::parse(r.out);
  CHECK(e["command"] == "game");
  CHECK(e["error"]["status"] == 2);
}

TEST_CASE("every new command's --json is one document with its keys", "[tool][decision]") {
  const json pig = run_json({"pig", "--target", "6", "--at", "1", "2", "3", "--as", "double"});
  CHECK(pig["exact"].is_null());
  CHECK(pig["exact_rounds"].is_null());
  CHECK(pig["actions"]["roll"]["exact"].is_null());
  CHECK(pig["actions"]["roll"]["double"].is_string());
  const json mdp = run_json({"mdp", example("lottery.json"), "--query", "pmax", "--target", "goal", "--as", "double"});
  CHECK(mdp["exact"].is_null());
  CHECK(mdp["guess_wrong"].is_null());
  CHECK(mdp["double_rounds"].is_number());
  CHECK_FALSE(mdp.contains("strategy"));
  const json g = run_json({"guess-number", "5"});
  CHECK(g["command"] == "guess-number");
  CHECK(g["cost"] == 6);
  const json take = run_json({"take", "5", "--misere"});
  CHECK(take["play"] == "misere");
  const json ns = run_json({"nim-sum", "3", "4", "5"});
  CHECK(ns["play"] == "normal");
}
