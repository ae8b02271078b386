// The two-player game commands: take, divisor, predict, stone, stone2,
// stone3, can-i-win, flip-search, nim, expectiminimax (command.hpp).
#include <algorithm>
#include <limits>
#include <memory>

#include "args.hpp"
#include "command.hpp"
#include "exactdp/games/can_i_win.hpp"
#include "exactdp/games/divisor.hpp"
#include "exactdp/games/expectiminimax.hpp"
#include "exactdp/games/flip.hpp"
#include "exactdp/games/nim.hpp"
#include "exactdp/games/row.hpp"
#include "exactdp/games/stone.hpp"
#include "exactdp/games/subtraction.hpp"
#include "exactdp/io/json_input.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/io/shown_text.hpp"
#include "game_facts.hpp"
#include "row_game.hpp"

namespace exactdp::tool {
namespace {

// ---- take ----

struct take_options {
  std::string n;
  std::vector<std::string> moves{"1,2,3"};
  std::optional<std::string> table;
  bool period = false;
  bool misere = false;
};

void setup_take(CLI::App& cmd, take_options& o) {
  cmd.add_option("N", o.n, "Stones in the pile, 0 <= N <= 2^63-1")->required();
  cmd.add_option("--moves", o.moves, "The move set, e.g. 1,3,4 (default 1,2,3: Nim Game); each 1..10^6, no repeats")
      ->expected(1);
  cmd.add_option("--table", o.table, "Also print W/L for the piles 0..K, 0 <= K <= 10000");
  cmd.add_flag("--period", o.period, "Also find and print the certified period (always done for N > 10^6)");
  cmd.add_flag("--misere", o.misere,
               "Misère play: whoever takes the last stone loses (a pile below the smallest move is a win)");
}

result run_take(const take_options& o) {
  const auto n = parse_integer<std::uint64_t>(o.n, "N (the pile)", 0, subtraction_max_pile);
  const std::vector<std::int64_t> moves = read_move_set(o.moves, "--moves", 1'000'000);
  std::optional<std::uint64_t> table_to;
  if (o.table) table_to = parse_integer<std::uint64_t>(*o.table, "--table", 0, 10000);
  const play_rule rule = o.misere ? play_rule::misere : play_rule::normal;
  const subtraction_result a = subtraction_game(n, moves, rule);
  std::optional<subtraction_period> period = a.certificate;
  if (o.period && !period) period = find_subtraction_period(moves, rule);
  std::string moves_text;
  for (const std::int64_t m : moves) moves_text += (moves_text.empty() ? "" : ",") + std::to_string(m);

  result r;
  r.question = "pile of " + count_of(n, "stone", "stones") + ", moves {" + moves_text + "}" + play_words(rule) +
               ": who wins, the player to move or the other?";
  r.add("n", n);
  r.add("moves", moves);
  add_play_fact(r, rule);
  add_outcome_facts(r, a.result);
  if (a.winning_move)
    r.add("winning_move", json{{"take", *a.winning_move}, {"leaves", n - *a.winning_move}}, "winning move",
          "take " + std::to_string(*a.winning_move) + " (leaves " + std::to_string(n - *a.winning_move) +
              ", a losing pile)");
  else if (a.result == outcome::win)  // misère play, no move left
    r.add("winning_move", nullptr, "winning move",
          "none needed: no move is possible, and under misère play the player who cannot move wins");
  else
    r.add("winning_move", nullptr, "winning move", "none: every move leaves a winning pile for the opponent");
  if (period) {
    const std::uint64_t checked_to = period->checked_to - 1;
    r.add("period",
          json{{"preperiod", period->preperiod},
               {"period", period->period},
               {"checked_from", period->checked_from},
               {"checked_to", checked_to},
               {"from_period", a.certificate.has_value()}},
          "period",
          std::to_string(period->period) + " from n = " + std::to_string(period->preperiod) +
              " on; certified by w(n) = w(n + " + std::to_string(period->period) +
              ") for n = " + std::to_string(period->checked_from) + " .. " + std::to_string(checked_to) +
              " (the periodicity theorem of octal games: with the largest move " +
              std::to_string(period->largest_move) +
              ", a match over n < 2·max(start, 1) + period + largest move repeats forever)" +
              (a.certificate ? "; the answer came from the period (a table to N would not fit)" : ""));
  }
  if (table_to) {
    const std::vector<outcome> table = subtraction_table(moves, *table_to, rule);
    std::string wl, text;
    std::vector<std::uint64_t> losing;
    for (std::size_t i = 0; i < table.size(); ++i) {
      wl += table[i] == outcome::win ? 'W' : 'L';
      if (table[i] == outcome::lose) losing.push_back(i);
    }
    for (std::size_t i = 0; i < wl.size(); i += 50) text += (i ? "\n" : "") + wl.substr(i, 50);
    r.add("wl_table", wl, "table", text + "\n(W/L for n = 0.." + std::to_string(*table_to) + ", 50 per line)");
    r.add("losing", losing);
  }
  return r;
}

// ---- divisor ----

struct divisor_options {
  std::string n;
};

void setup_divisor(CLI::App& cmd, divisor_options& o) {
  cmd.add_option("N", o.n, "The starting number, 0 <= N <= 2^64-1")->required();
}

result run_divisor(const divisor_options& o) {
  const auto n = parse_integer<std::uint64_t>(o.n, "N", 0, std::numeric_limits<std::uint64_t>::max());
  const divisor_result a = divisor_game(n);
  result r;
  r.question = "divisor game from " + std::to_string(n) + ": who wins, the player to move or the other?";
  r.add("n", n);
  add_outcome_facts(r, a.result);
  if (a.winning_move)
    r.add("winning_move", json{{"take", 1}, {"leaves", n - 1}}, "winning move",
          "x = 1 (leaves the odd number " + std::to_string(n - 1) + ", whose divisors are all odd)");
  else
    r.add("winning_move", nullptr, "winning move",
          n == 0   ? "none: no x satisfies 0 < x < 0, so the player to move cannot move"
          : n == 1 ? "none: 1 has no divisor x with 0 < x < 1"
                   : "none: " + std::to_string(n) +
                         " is odd, so every divisor is odd and every move leaves an "
                         "even number");
  return r;
}

// ---- the row games: predict, stone, stone2, stone3 (row_game.hpp) ----

result run_predict(const row_options& o) {
  return row_game<row_game_result>(
      o, "predict", "Predict the Winner: the first player's best lead (score minus the other's)",
      [](auto row) { return best_lead_exact(row); }, [](auto row) { return best_lead(row); },
      [](const auto& a) { return a.lead; },
      [](result& r, const auto& a, const std::vector<Rational>& row) {
        using T = std::decay_t<decltype(a.lead)>;
        const bool wins = a.lead >= T(0);
        r.add("first_player_wins", wins, "winner",
              std::string(wins ? "the first player" : "the second player") +
                  (a.lead == T(0) ? " (a tie, which counts for the first player)" : ""));
        const bool left = a.first_move == row_end::left;
        r.add("first_end", left ? "left" : "right", "first move",
              std::string("take the ") + (left ? "left" : "right") + " end (" + brief(row[left ? 0 : row.size() - 1]) +
                  ")");
        r.add("scores", json{{"first", json_of(a.scores.first)}, {"second", json_of(a.scores.second)}}, "scores",
              "first " + text_of(a.scores.first) + ", second " + text_of(a.scores.second) + " (total " +
                  text_of(a.total) + ")");
      });
}

// Stone Game: the lead by the DP, and the verdict by parity when it applies.
template <class T>
struct stone_answer {
  row_game_result<T> dp;
  stone_game_result<T> verdict;
};

result run_stone(const row_options& o) {
  return row_game<stone_answer>(
      o, "stone", "Stone Game: does the first player end with strictly more? The first player's best lead",
      [](auto row) {
        return stone_answer<Rational>{best_lead_exact(row), stone_game(row)};
      },
      [](auto row) {
        using T = typename decltype(row)::value_type;
        return stone_answer<std::remove_cv_t<T>>{best_lead(row), stone_game(row)};
      },
      [](const auto& a) { return a.dp.lead; },
      [](result& r, const auto& a, const std::vector<Rational>&) {
        const auto& v = a.verdict;
        r.add("first_player_wins", v.first_player_wins, "winner",
              v.first_player_wins ? "the first player (strictly more)" : "not the first player");
        r.add("by_parity", v.by_parity);
        if (v.by_parity) {
          r.add("parity_class", v.takes_even_indices ? "even" : "odd", "parity",
                "even count, odd integer total: take every " + std::string(v.takes_even_indices ? "even" : "odd") +
                    "-indexed pile, sum " + text_of(v.parity_sum) + " against " + text_of(v.other_sum) +
                    "; first move: the " + (v.takes_even_indices ? "left" : "right") + " end");
          r.add("parity_sum", json_of(v.parity_sum));
          r.add("other_sum", json_of(v.other_sum));
        }
        const bool left = a.dp.first_move == row_end::left;
        r.add("first_end", left ? "left" : "right", "first move",
              std::string("the ") + (left ? "left" : "right") + " end (by the DP)");
      });
}

result run_stone2(const row_options& o) {
  return row_game<stone_game_ii_result>(
      o, "stone2", "Stone Game II: the most the first player can collect",
      [](auto row) { return stone_game_ii_exact(row); }, [](auto row) { return stone_game_ii(row); },
      [](const auto& a) { return a.first_score; },
      [](result& r, const auto& a, const std::vector<Rational>&) {
        r.add("second_score", json_of(a.second_score), "second",
              "the second player collects " + text_of(a.second_score));
        r.add("first_take", a.first_take, "first move", "take " + count_of(a.first_take, "pile", "piles"));
      });
}

result run_stone3(const row_options& o) {
  return row_game<stone_game_iii_result>(
      o, "stone3", "Stone Game III: Alice's best lead (Alice moves first)",
      [](auto row) { return stone_game_iii_exact(row); }, [](auto row) { return stone_game_iii(row); },
      [](const auto& a) { return a.lead; },
      [](result& r, const auto& a, const std::vector<Rational>&) {
        r.add("winner", to_string(a.winner), "winner", to_string(a.winner));
        r.add("first_take", a.first_take, "first move",
              "take " + count_of(static_cast<std::uint64_t>(a.first_take), "pile", "piles"));
      });
}

// ---- can-i-win ----

struct can_i_win_options {
  std::string max_choosable, desired;
};

void setup_can_i_win(CLI::App& cmd, can_i_win_options& o) {
  cmd.add_option("MAX", o.max_choosable, "maxChoosableInteger, 1 <= MAX <= 25")->required();
  cmd.add_option("DESIRED", o.desired, "desiredTotal, any 64-bit integer (<= 0 is met before anyone moves)")
      ->required();
}

result run_can_i_win(const can_i_win_options& o) {
  const int max = parse_integer<int>(o.max_choosable, "MAX", 1, 25);
  const auto desired = parse_integer<std::int64_t>(o.desired, "DESIRED", std::numeric_limits<std::int64_t>::min(),
                                                   std::numeric_limits<std::int64_t>::max());
  const can_i_win_result a = can_i_win(max, desired);
  result r;
  r.question = "numbers 1.." + std::to_string(max) + ", desired total " + std::to_string(desired) +
               ": can the first player force a win?";
  r.add("max_choosable", max);
  r.add("desired_total", desired);
  r.add("first_player_wins", a.first_player_wins, "answer",
        a.first_player_wins ? "yes: the first player can force a win" : "no: the first player cannot force a win");
  r.add("outcome", std::string(outcome_name(a.result)), "outcome",
        a.result == outcome::draw ? "draw (the numbers run out before the total is reached)" : "");
  r.add("winning_move", a.winning_pick ? json{{"pick", *a.winning_pick}} : json(nullptr), "winning pick",
        a.winning_pick ? std::to_string(*a.winning_pick) : "");
  r.add("guard", a.guard.empty() ? json(nullptr) : json(a.guard), "guard", a.guard);
  r.add("positions", a.positions, "positions",
        a.guard.empty() ? std::to_string(a.positions) + " solved by the " + a.method : "");
  r.add("method", a.method.empty() ? json(nullptr) : json(a.method));
  return r;
}

// ---- flip-search ----

struct flip_search_options {
  std::string position;
  std::string max_positions = std::to_string(flip_search_default_positions);
};

void setup_flip_search(CLI::App& cmd, flip_search_options& o) {
  cmd.add_option("STRING", o.position, "The position: '+' and '-' only, at most 64 characters")->required();
  cmd.add_option("--max-positions", o.max_positions, "Most distinct strings to search, 1..10^9 (default 5000000)");
}

result run_flip_search(const flip_search_options& o) {
  const auto max_positions = parse_integer<std::size_t>(o.max_positions, "--max-positions", 1, 1'000'000'000);
  const flip_search_result a = flip_wins_by_search(o.position, max_positions);
  result r;
  r.question = "Flip Game II on \"" + o.position + "\" by search over the strings: does the player to move win?";
  r.add("position", o.position);
  add_outcome_facts(r, a.result);
  if (a.winning_flip) {
    std::string next = o.position;
    next[*a.winning_flip] = next[*a.winning_flip + 1] = '-';
    r.add("winning_move", json{{"flip", *a.winning_flip}, {"leaves", next}}, "winning flip",
          "positions " + std::to_string(*a.winning_flip) + " and " + std::to_string(*a.winning_flip + 1) + " -> \"" +
              next + "\"");
  } else {
    r.add("winning_move", nullptr, "winning flip", "none");
  }
  r.add("positions", a.positions, "searched", count_of(a.positions, "string", "strings"));
  return r;
}

// ---- nim ----

struct nim_options {
  std::vector<std::string> heaps;
  bool misere = false;
};

void setup_nim(CLI::App& cmd, nim_options& o) {
  cmd.add_option("HEAPS", o.heaps, "Heap sizes, 0 <= h <= 2^64-1, separated by spaces or commas")->required();
  cmd.add_flag("--misere", o.misere,
               "Misère play: whoever takes the last stone loses (Bouton's rule: the XOR rule while some heap has 2 "
               "or more stones; with heaps of at most one stone, the mover wins when their number is even)");
}

result run_nim(const nim_options& o) {
  std::vector<std::uint64_t> heaps;
  for (const std::string_view h : split_list(o.heaps, "HEAPS"))
    heaps.push_back(parse_integer<std::uint64_t>(h, "each heap", 0, std::numeric_limits<std::uint64_t>::max()));
  return nim_facts(heaps, o.misere ? play_rule::misere : play_rule::normal);
}

// ---- expectiminimax ----

struct expectiminimax_options {
  std::string file;
  answer_options answer;
  expectiminimax_options() { answer.systems = {"exact", "double", "decimal"}; }
};

void setup_expectiminimax(CLI::App& cmd, expectiminimax_options& o) {
  cmd.add_option("FILE", o.file, "The model (JSON, see docs/games.md), or - for standard input")->required();
  add_answer_options(cmd, o.answer);
}

result run_expectiminimax(const expectiminimax_options& o) {
  if (o.answer.as == "mod")
    throw std::invalid_argument(
        "--as mod is not available for expectiminimax: max and min nodes compare values, and residues modulo P have "
        "no order (use --as exact or double)");
  const std::string text = read_text(o.file, "the expectiminimax model", json_bytes_per_byte);
  const auto m = std::make_shared<const expectiminimax_model>(
      parse_expectiminimax_model(text, o.file == "-" ? "standard input" : o.file));
  auto best = std::make_shared<std::optional<std::size_t>>();
  value_runs runs;
  runs.exact = [m, best] {
    const auto a = expectiminimax(m->graph<Rational>());
    *best = a.best_child[m->root];
    return a.values[m->root];
  };
  runs.approx = [m, best] {
    const auto a = expectiminimax(m->graph<double>());
    if (!*best) *best = a.best_child[m->root];
    return a.values[m->root];
  };
  result r;
  const auto& root = m->nodes[m->root];
  r.question = "value of the root \"" + shown_text(root.id) + "\" (a " + to_string(root.kind) + " node of " +
               count_of(m->nodes.size(), "node", "nodes") + ") for the first player";
  r.main = compute_answer(runs, o.answer);
  r.as = o.answer.as;
  r.add("root", root.id);
  r.add("nodes", m->nodes.size());
  r.add("best_move", *best ? json(m->nodes[**best].id) : json(nullptr), "best move",
        *best ? "\"" + shown_text(m->nodes[**best].id) + "\" (at the root)" : "");
  return r;
}

}  // namespace

void add_game_commands(command_list& list) {
  add_command<take_options>(list, "take",
                            "Subtraction game: a pile of N stones, a move removes k stones for k in --moves, who "
                            "cannot move loses (N up to 2^63-1, through a certified period)",
                            setup_take, run_take);
  add_command<divisor_options>(list, "divisor",
                               "Divisor Game: from n, a move picks a divisor x of n with 0 < x < n and leaves n - x; "
                               "who cannot move loses (the mover wins iff n is even)",
                               setup_divisor, run_divisor);
  add_command<row_options>(list, "predict",
                           "Predict the Winner: players take numbers from either end of a row; the first player's "
                           "best lead, the optimal first move and both scores (a tie counts for the first player)",
                           setup_row, run_predict);
  add_command<row_options>(list, "stone",
                           "Stone Game: piles in a row taken from either end; does the first player end with "
                           "strictly more? The parity argument when it applies, and the lead by the DP",
                           setup_row, run_stone);
  add_command<row_options>(list, "stone2",
                           "Stone Game II: take the first X piles, 1 <= X <= 2M, then M = max(M, X), M starts at 1; "
                           "the most the first player can collect",
                           setup_row, run_stone2);
  add_command<row_options>(list, "stone3",
                           "Stone Game III: take 1, 2 or 3 piles from the front (values may be negative); Alice, "
                           "Bob or Tie, the lead and the optimal first move",
                           setup_row, run_stone3);
  add_command<can_i_win_options>(list, "can-i-win",
                                 "Can I Win: pick unused numbers 1..MAX into a shared total; whoever makes it reach "
                                 "DESIRED wins. Can the first player force a win?",
                                 setup_can_i_win, run_can_i_win);
  add_command<flip_search_options>(
      list, "flip-search",
      "Flip Game II by memoised search over the strings: flip \"++\" to \"--\"; who cannot move loses",
      setup_flip_search, run_flip_search);
  add_command<nim_options>(list, "nim",
                           "Nim: remove any positive number of stones from one heap; who cannot move loses (XOR "
                           "rule), or with --misere wins (Bouton's misère rule)",
                           setup_nim, run_nim);
  add_command<expectiminimax_options>(list, "expectiminimax",
                                      "Value of an acyclic game with max, min and chance nodes, read from a JSON "
                                      "model file (see docs/games.md); exact probabilities",
                                      setup_expectiminimax, run_expectiminimax);
}

}  // namespace exactdp::tool
