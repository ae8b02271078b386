// Octal games under misère play: a single heap searched by the win/lose
// engine over multisets of heaps.
#include "exactdp/grundy/misere.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "exactdp/games/win_lose.hpp"

namespace exactdp {

namespace {

struct heaps_hash {
  std::size_t operator()(const std::vector<std::uint64_t>& v) const {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ v.size();
    for (const std::uint64_t x : v) h = (h ^ x) * 0x100000001b3ULL + (h >> 29);
    return static_cast<std::size_t>(h);
  }
};

// A position is a sorted multiset of non-empty heaps.
struct octal_misere_game {
  using position = std::vector<std::uint64_t>;
  const octal_game& game;

  void moves(const position& p, std::vector<position>& out) const {
    out.clear();
    for (std::size_t idx = 0; idx < p.size(); ++idx) {
      if (idx > 0 && p[idx] == p[idx - 1]) continue;  // equal heaps give equal options
      const std::uint64_t h = p[idx];
      auto emit = [&](std::uint64_t a, std::uint64_t b) {  // replace heap idx by heaps a and b (0: none)
        position q;
        q.reserve(p.size() + 1);
        for (std::size_t i = 0; i < p.size(); ++i)
          if (i != idx) q.push_back(p[i]);
        if (a > 0) q.push_back(a);
        if (b > 0) q.push_back(b);
        std::sort(q.begin(), q.end());
        out.push_back(std::move(q));
      };
      for (std::size_t k = 0; k < game.digits.size(); ++k) {
        const unsigned d = game.digits[k];
        const std::uint64_t take = k;
        if ((d & 1u) && take > 0 && h == take) emit(0, 0);
        if ((d & 2u) && take > 0 && h > take) emit(h - take, 0);
        if ((d & 4u) && h >= take + 2)
          for (std::uint64_t a = 1; 2 * a <= h - take; ++a) emit(a, h - take - a);
      }
    }
    // Distinct options only (a split and a removal can coincide).
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }

  outcome no_move_outcome(const position&) const { return no_move_outcome_under(play_rule::misere); }
};

}  // namespace

misere_heap_result misere_octal_heap(const octal_game& game, std::uint64_t heap, std::size_t max_positions) {
  if (heap > misere_max_heap)
    throw std::invalid_argument("misère play: heap " + std::to_string(heap) + " is above the limit of " +
                                std::to_string(misere_max_heap));
  const octal_misere_game g{game};
  std::vector<std::uint64_t> start;
  if (heap > 0) start.push_back(heap);
  // A position is a sorted vector of at most `heap` heaps: 8 bytes each,
  // plus the allocation's overhead.
  const auto r =
      win_lose_search<octal_misere_game, heaps_hash>(g, start, max_positions, static_cast<std::size_t>(8 * heap + 16));
  misere_heap_result a;
  a.result = r.result;
  a.positions = r.positions;
  if (r.result == outcome::win) a.winning_move = r.best_move;
  return a;
}

void refuse_misere_sum(const std::string& what) {
  throw std::invalid_argument(
      "misère play has no rule for " + what +
      ": misère Grundy values do not add by XOR as normal-play values do, so a sum must be searched as a "
      "whole; give a single heap (searched exactly), or Nim heaps (Bouton's misère rule)");
}

misere_heap_result misere_octal(const octal_game& game, std::span<const std::uint64_t> heaps,
                                std::size_t max_positions) {
  if (heaps.empty()) throw std::invalid_argument("misère play: give a heap");
  if (heaps.size() > 1) refuse_misere_sum("a sum of " + std::to_string(heaps.size()) + " heaps of " + game.code());
  return misere_octal_heap(game, heaps[0], max_positions);
}

}  // namespace exactdp
