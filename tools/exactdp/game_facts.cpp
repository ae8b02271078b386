// Facts shared by the game commands (game_facts.hpp).
#include "game_facts.hpp"

#include <algorithm>
#include <stdexcept>

#include "args.hpp"

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

result sum_of_heaps_result(const std::string& game, std::span<const std::uint64_t> heaps,
                           std::span<const std::uint64_t> values, const std::optional<sum_move>& move) {
  std::uint64_t sum = 0;
  for (const std::uint64_t v : values) sum ^= v;
  result r;
  r.question = (game == "nim" ? std::string("Nim") : "the octal game " + game) + " on heaps " + list_text(heaps) +
               ": who wins, the player to move or the other?";
  r.add("game", game);
  r.add("heaps", std::vector<std::uint64_t>(heaps.begin(), heaps.end()));
  r.add("values", std::vector<std::uint64_t>(values.begin(), values.end()), "values",
        game == "nim" ? "" : list_text(values) + " (Grundy values of the heaps)");
  r.add("nim_sum", sum, "nim-sum", std::to_string(sum));
  add_outcome_facts(r, sum != 0 ? outcome::win : outcome::lose);
  if (move) {
    const std::string text = describe(move->move, heaps[move->component]);
    r.add("winning_move",
          json{{"heap", move->component},
               {"take", move->move.take},
               {"left", move->move.left},
               {"right", move->move.right},
               {"text", text}},
          "winning move", text + " (heap number " + std::to_string(move->component) + ")");
  } else {
    r.add("winning_move", nullptr, "winning move", "none: every move leaves a non-zero nim-sum");
  }
  return r;
}

}  // namespace exactdp::tool
