// Commands for Sprague-Grundy values: grundy (octal and subtraction games,
// tables, certified periods, any heap size), nim-sum (sums and the winning
// move), flip (Flip Game II at any length).
#include <charconv>
#include <iostream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "command.hpp"
#include "exactdp/grundy/flip.hpp"
#include "exactdp/grundy/period.hpp"

namespace exactdp::tool {
namespace {

std::uint64_t parse_heap(const std::string& text, const char* what) {
  std::uint64_t v = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec == std::errc::result_out_of_range || ptr != end || ec != std::errc{})
    throw std::invalid_argument(std::string(what) + " '" + text +
                                "' is not a whole number between 0 and 18446744073709551615");
  return v;
}

// The game options shared by grundy and nim-sum.
struct game_options {
  std::optional<std::string> octal;
  std::optional<std::string> subtract;
  std::size_t max_values = 65536;
  std::string method = "sparse";
};

void add_game_options(CLI::App& cmd, game_options& o) {
  cmd.add_option("--octal", o.octal, "Octal game code, e.g. 0.07 (Dawson's Kayles), 0.137, 0.77 (Kayles), 4.7");
  cmd.add_option("--subtract", o.subtract, "Subtraction game: the numbers of counters a move may take, e.g. 1,3,4");
  cmd.add_option("--max-values", o.max_values,
                 "Compute at most this many values while looking for a period, 1..2^31 (default 65536)")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 31));
  cmd.add_option("--method", o.method, "sparse (default: the sparse-space method) or naive (the O(N^2) oracle)")
      ->check(CLI::IsMember({"sparse", "naive"}));
}

std::optional<octal_game> game_of(const game_options& o) {
  if (o.octal && o.subtract) throw std::invalid_argument("give either --octal or --subtract, not both");
  if (o.octal) return parse_octal(*o.octal);
  if (o.subtract) return parse_subtraction_set(*o.subtract);
  return std::nullopt;
}

grundy_method method_of(const game_options& o) {
  return o.method == "naive" ? grundy_method::naive : grundy_method::sparse;
}

std::string not_certified(const octal_values& v) {
  return "not certified up to " + std::to_string(v.certificate().computed) + " values";
}

void add_certificate(nlohmann::json& j, const period_certificate& c) {
  j["certified"] = c.certified;
  j["computed"] = c.computed;
  if (c.certified) {
    j["preperiod"] = c.preperiod;
    j["period"] = c.period;
    j["checked_from"] = c.checked_from;
    j["checked_to"] = c.checked_to;
  }
}

struct grundy_options {
  game_options game;
  std::optional<std::string> n;
  std::optional<std::size_t> table;
  bool period = false;
  bool json = false;
};

void setup_grundy(CLI::App& app) {
  auto opts = std::make_shared<grundy_options>();
  CLI::App* cmd = app.add_subcommand(
      "grundy",
      "Sprague-Grundy values of an octal or subtraction game: G(N) for any heap size once the period is certified "
      "(grundy --octal 0.07 --n 1000000000000000000), a table, or the certified period");
  add_game_options(*cmd, opts->game);
  cmd->add_option("--n", opts->n, "Heap size N, 0 <= N < 2^64: print G(N)");
  cmd->add_option("--table", opts->table, "Print G(0..K-1), 1 <= K <= 2^31")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 31));
  cmd->add_flag("--period", opts->period,
                "Print the preperiod e, the period p and the range checked by the octal periodicity theorem, or "
                "'not certified up to M values' (the default when neither --n nor --table is given)");
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([opts] {
    const grundy_options& o = *opts;
    const std::optional<octal_game> game = game_of(o.game);
    if (!game) throw std::invalid_argument("grundy needs a game: --octal CODE or --subtract LIST");
    std::optional<std::uint64_t> n;
    if (o.n) n = parse_heap(*o.n, "heap size");
    std::size_t max_values = o.game.max_values;
    if (o.table) max_values = std::max(max_values, *o.table);
    const octal_values values = solve_octal(*game, max_values, method_of(o.game));
    const period_certificate& c = values.certificate();
    if (n && !values.known(*n))
      throw std::domain_error("heap " + std::to_string(*n) + " of " + game->code() + " is beyond the " +
                              std::to_string(c.computed) + " computed values and the period is " +
                              not_certified(values) + " (raise --max-values)");
    const bool show_period = o.period || (!n && !o.table);
    if (o.json) {
      nlohmann::json j;
      j["game"] = game->code();
      j["max_take"] = game->max_take();
      add_certificate(j, c);
      if (n) {
        j["n"] = *n;
        j["grundy"] = values.grundy(*n);
      }
      if (o.table) {
        std::vector<grundy_value> t(*o.table);
        for (std::size_t i = 0; i < t.size(); ++i) t[i] = values.grundy(i);  // the period may stop the table early
        j["table"] = t;
      }
      std::cout << j.dump() << '\n';
      return;
    }
    std::cout << "game: " << game->code() << '\n';
    if (n) std::cout << "G(" << *n << ") = " << values.grundy(*n) << '\n';
    if (o.table) {
      std::cout << "G(0.." << *o.table - 1 << "):";
      for (std::size_t i = 0; i < *o.table; ++i) std::cout << ' ' << values.grundy(i);
      std::cout << '\n';
    }
    if (show_period) {
      if (c.certified) {
        std::cout << "period: " << c.period << '\n'
                  << "preperiod: " << c.preperiod << '\n'
                  << "checked: G(n+" << c.period << ") = G(n) for " << c.checked_from << " <= n < " << c.checked_to
                  << " (t = " << game->max_take() << ", " << c.computed << " values computed)\n";
      } else {
        std::cout << "period: " << not_certified(values) << '\n';
      }
    }
  });
}

struct nim_sum_options {
  game_options game;
  std::vector<std::string> heaps;
  bool json = false;
};

void setup_nim_sum(CLI::App& app) {
  auto opts = std::make_shared<nim_sum_options>();
  CLI::App* cmd = app.add_subcommand(
      "nim-sum",
      "Nim sum (XOR) of the Grundy values of independent heaps and a winning move (nim-sum 3 4 5: 2, take 2 from "
      "the heap of 3); with --octal/--subtract the heaps are heaps of that game");
  add_game_options(*cmd, opts->game);
  cmd->add_option("HEAP", opts->heaps, "Heap sizes, 0 <= HEAP < 2^64 (Nim heaps when no game is given)")->required();
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([opts] {
    const nim_sum_options& o = *opts;
    std::vector<std::uint64_t> heaps;
    for (const std::string& h : o.heaps) heaps.push_back(parse_heap(h, "heap"));
    const std::optional<octal_game> game = game_of(o.game);
    std::vector<std::uint64_t> values;
    std::optional<sum_move> move;
    std::string move_text;
    std::optional<octal_values> solved;
    if (game) {
      solved.emplace(solve_octal(*game, o.game.max_values, method_of(o.game)));
      for (const std::uint64_t h : heaps) {
        if (!solved->known(h))
          throw std::domain_error("heap " + std::to_string(h) + " of " + game->code() + " is beyond the " +
                                  std::to_string(solved->certificate().computed) +
                                  " computed values and the period is " + not_certified(*solved) +
                                  " (raise --max-values)");
        values.push_back(solved->grundy(h));
      }
      move = winning_move(*solved, heaps);
      if (move) move_text = describe(move->move, heaps[move->component]);
    } else {
      values = heaps;  // a Nim heap of size h has value h
      const std::uint64_t s = nim_sum(values);
      if (s != 0)
        for (std::size_t i = 0; i < heaps.size(); ++i)
          if ((heaps[i] ^ s) < heaps[i]) {
            move = sum_move{i, heap_move{static_cast<std::size_t>(heaps[i] - (heaps[i] ^ s)), 0, heaps[i] ^ s}};
            move_text = "take " + std::to_string(move->move.take) + " from heap " + std::to_string(heaps[i]) +
                        " leaving " + std::to_string(heaps[i] ^ s);
            break;
          }
    }
    const std::uint64_t sum = nim_sum(values);
    if (o.json) {
      nlohmann::json j;
      j["game"] = game ? game->code() : std::string("nim");
      j["heaps"] = heaps;
      j["values"] = values;
      j["nim_sum"] = sum;
      j["wins"] = sum != 0;
      if (move) {
        j["move"] = {{"component", move->component},
                     {"take", move->move.take},
                     {"left", move->move.left},
                     {"right", move->move.right},
                     {"text", move_text}};
      } else {
        j["move"] = nullptr;
      }
      std::cout << j.dump() << '\n';
      return;
    }
    std::cout << "game: " << (game ? game->code() : std::string("nim")) << '\n' << "values:";
    for (const std::uint64_t v : values) std::cout << ' ' << v;
    std::cout << "\nnim-sum: " << sum << '\n';
    if (move)
      std::cout << "the player to move wins: " << move_text << " (component " << move->component << ")\n";
    else
      std::cout << "the player to move loses: every move leaves a non-zero nim-sum\n";
  });
}

struct flip_options {
  std::optional<std::string> position;
  std::optional<std::string> run;
  bool json = false;
};

void setup_flip(CLI::App& app) {
  auto opts = std::make_shared<flip_options>();
  CLI::App* cmd = app.add_subcommand(
      "flip",
      "Flip Game II: can the player to move win on this string of '+' and '-' (flip \"++\" to \"--\"; no move "
      "loses)? Any length, through the certified period of 0.07; prints a winning flip");
  cmd->add_option("STRING", opts->position, "The position, e.g. +++++; '-' reads it from standard input");
  cmd->add_option("--run", opts->run, "Instead of STRING: one run of N pluses, 0 <= N < 2^64");
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([opts] {
    const flip_options& o = *opts;
    if (o.position.has_value() == o.run.has_value())
      throw std::invalid_argument("flip needs exactly one of STRING (or '-' for standard input) and --run N");
    grundy_value value = 0;
    std::optional<std::uint64_t> flip;
    std::size_t length = 0;
    std::string position;
    if (o.run) {
      const std::uint64_t len = parse_heap(*o.run, "run length");
      value = flip_run_grundy(len);
      flip = flip_run_winning_flip(len);
    } else {
      if (*o.position == "-") {
        position.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
        while (!position.empty() && (position.back() == '\n' || position.back() == '\r' || position.back() == ' '))
          position.pop_back();
      } else {
        position = *o.position;
      }
      length = position.size();
      const flip_answer a = solve_flip(position);
      value = a.value;
      if (a.flip) flip = *a.flip;
    }
    const bool wins = value != 0;
    if (o.json) {
      nlohmann::json j;
      j["value"] = value;
      j["wins"] = wins;
      j["flip"] = flip ? nlohmann::json(*flip) : nlohmann::json(nullptr);
      if (!o.run) j["length"] = length;
      std::cout << j.dump() << '\n';
      return;
    }
    std::cout << "value: " << value << '\n';
    if (!wins) {
      std::cout << "the player to move loses\n";
      return;
    }
    std::cout << "the player to move wins: flip positions " << *flip << " and " << *flip + 1;
    if (!o.run && length <= 80) {
      std::string after = position;
      after[static_cast<std::size_t>(*flip)] = '-';
      after[static_cast<std::size_t>(*flip) + 1] = '-';
      std::cout << " (" << after << ")";
    }
    std::cout << '\n';
  });
}

void setup(CLI::App& app) {
  setup_grundy(app);
  setup_nim_sum(app);
  setup_flip(app);
}

}  // namespace

EXACTDP_REGISTER_COMMANDS(50, setup);

}  // namespace exactdp::tool
