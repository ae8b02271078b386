// Facts shared by the game commands (game_facts.hpp).
#include "game_facts.hpp"

#include <algorithm>
#include <stdexcept>

#include "args.hpp"
#include "exactdp/games/nim.hpp"

namespace exactdp::tool {

void add_outcome_facts(result& r, outcome o) {
  const std::string name(outcome_name(o));
  r.add("outcome", name, "outcome", name + " for the player to move");
  r.add("first_player_wins", o == outcome::win);
}

std::vector<std::int64_t> read_move_set(std::span<const std::string> parts, std::string_view name,
                                        std::int64_t max_move) {
  std::vector<std::int64_t> moves = read_integer_list(parts, name, 1, max_move, 100000);
  std::vector<std::int64_t> sorted = moves;
  std::sort(sorted.begin(), sorted.end());
  const auto twice = std::adjacent_find(sorted.begin(), sorted.end());
  if (twice != sorted.end())
    throw std::invalid_argument(std::string(name) + " lists the move " + std::to_string(*twice) + " twice");
  return moves;
}

std::string list_text(std::span<const std::uint64_t> values) {
  std::string s;
  for (std::size_t i = 0; i < values.size() && i < 20; ++i) s += (i ? ", " : "") + std::to_string(values[i]);
  if (values.size() > 20) s += ", ... (" + std::to_string(values.size()) + " in all)";
  return s;
}

void add_play_fact(result& r, play_rule rule) { r.add("play", rule == play_rule::misere ? "misere" : "normal"); }

std::string play_words(play_rule rule) {
  return rule == play_rule::misere ? " (misère play: whoever makes the last move loses)" : "";
}

namespace {

void add_heap_move(result& r, std::size_t index, std::uint64_t heap, const heap_move& move) {
  const std::string text = describe(move, heap);
  r.add("winning_move",
        json{{"heap", index}, {"take", move.take}, {"left", move.left}, {"right", move.right}, {"text", text}},
        "winning move", text + " (heap number " + std::to_string(index) + ")");
}

}  // namespace

result sum_of_heaps_result(const std::string& game, std::span<const std::uint64_t> heaps,
                           std::span<const std::uint64_t> values, const std::optional<sum_move>& move, play_rule rule,
                           outcome misere_outcome) {
  const std::uint64_t sum = nim_sum(values);
  const bool misere = rule == play_rule::misere;
  result r;
  r.question = (game == "nim" ? std::string("Nim") : "the octal game " + game) + " on heaps " + list_text(heaps) +
               play_words(rule) + ": who wins, the player to move or the other?";
  r.add("game", game);
  r.add("heaps", std::vector<std::uint64_t>(heaps.begin(), heaps.end()));
  add_play_fact(r, rule);
  r.add("values", std::vector<std::uint64_t>(values.begin(), values.end()), "values",
        game == "nim" ? "" : list_text(values) + " (Grundy values of the heaps)");
  bool small = true;  // every heap holds at most one stone
  for (const std::uint64_t h : heaps) small = small && h <= 1;
  r.add("nim_sum", sum, "nim-sum",
        std::to_string(sum) + (!misere ? ""
                               : small ? " (every heap holds at most one stone: by Bouton's misère rule the mover "
                                         "wins when their number is even)"
                                       : " (a heap holds two or more stones: by Bouton's misère rule the mover wins "
                                         "when the nim-sum is not 0, as in normal play)"));
  const outcome o = misere ? misere_outcome : sum != 0 ? outcome::win : outcome::lose;
  add_outcome_facts(r, o);
  if (move) {
    add_heap_move(r, move->component, heaps[move->component], move->move);
  } else {
    r.add("winning_move", nullptr, "winning move",
          !misere             ? "none: every move leaves a non-zero nim-sum"
          : o == outcome::win ? "none needed: no stone is left, and under misère play the player who cannot move wins"
                              : "none: by Bouton's misère rule every move leaves a winning position for the opponent");
  }
  return r;
}

result nim_facts(std::span<const std::uint64_t> heaps, play_rule rule) {
  const nim_result a = rule == play_rule::misere ? misere_nim(heaps) : nim(heaps);
  std::optional<sum_move> move;
  if (a.winning_move) {
    const std::uint64_t h = heaps[a.winning_move->heap];
    move = sum_move{a.winning_move->heap,
                    heap_move{static_cast<std::size_t>(a.winning_move->remove), 0, h - a.winning_move->remove}};
  }
  return sum_of_heaps_result("nim", heaps, heaps, move, rule, a.result);
}

void add_misere_heap_facts(result& r, std::uint64_t heap, const misere_heap_result& a) {
  add_outcome_facts(r, a.result);
  if (a.winning_move) {
    heap_move move;
    std::uint64_t left_total = 0;
    for (const std::uint64_t h : *a.winning_move) left_total += h;
    move.take = static_cast<std::size_t>(heap - left_total);
    // One heap left is the right one (as describe() reads a move), two are left and right.
    const std::vector<std::uint64_t>& left = *a.winning_move;
    move.left = left.size() == 2 ? left[0] : 0;
    move.right = left.size() == 2 ? left[1] : left.size() == 1 ? left[0] : 0;
    add_heap_move(r, 0, heap, move);
  } else {
    r.add("winning_move", nullptr, "winning move",
          a.result == outcome::win
              ? "none needed: no move is possible, and under misère play the player who cannot move wins"
              : "none: every move leaves a winning position for the opponent");
  }
  r.add("positions", a.positions, "searched", count_of(a.positions, "position", "positions") + " (multisets of heaps)");
}

}  // namespace exactdp::tool
