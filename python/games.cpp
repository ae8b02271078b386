// python/games.cpp: two-player games (Nim, the row games, Can I Win,
// subtraction games) and Grundy values (mex, nim-sum, octal games).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common.hpp"
#include "exactdp/games/can_i_win.hpp"
#include "exactdp/games/nim.hpp"
#include "exactdp/games/outcome.hpp"
#include "exactdp/games/row.hpp"
#include "exactdp/games/stone.hpp"
#include "exactdp/games/subtraction.hpp"
#include "exactdp/grundy/mex.hpp"
#include "exactdp/grundy/octal.hpp"
#include "exactdp/grundy/period.hpp"

namespace exactdp::python {

namespace {

py::str name_of(outcome o) { return py::str(std::string(outcome_name(o))); }
py::str name_of(row_end e) { return py::str(e == row_end::left ? "left" : "right"); }

py::dict nim_dict(const nim_result& a) {
  py::dict d;
  d["result"] = name_of(a.result);
  d["nim_sum"] = a.nim_sum;
  if (a.winning_move) {
    py::dict move;
    move["heap"] = a.winning_move->heap;
    move["remove"] = a.winning_move->remove;
    d["winning_move"] = move;
  } else {
    d["winning_move"] = py::none();
  }
  return d;
}

// A row game's values in the number system `number` asks for: "exact" reads
// ints as BigInt (the answers are ints) and any Fraction makes the row
// Rational (Fraction answers); "double" reads floats. The solver runs with
// the GIL released; convert turns its answer into a dict.
template <class Solve>
py::object row_compute(const py::sequence& values, const std::string& number, const Solve& solve) {
  switch (read_system(number, std::nullopt).kind) {
    case api::system_kind::approx: {
      std::vector<double> row;
      for (py::handle v : values) row.push_back(v.cast<double>());
      return solve(std::span<const double>(row));
    }
    case api::system_kind::exact: {
      bool integers = true;
      for (py::handle v : values) integers = integers && PyLong_Check(v.ptr());
      if (integers) {
        std::vector<BigInt> row;
        for (py::handle v : values) row.push_back(to_bigint(v));
        return solve(std::span<const BigInt>(row));
      }
      std::vector<Rational> row;
      for (py::handle v : values) row.push_back(to_rational(v));
      return solve(std::span<const Rational>(row));
    }
    case api::system_kind::residue:
    case api::system_kind::int64:
      break;
  }
  throw std::invalid_argument("a game compares values: number must be \"exact\" or \"double\", not \"mod\"");
}

constexpr const char* row_words =
    " values: a list of ints or Fractions (number=\"exact\", the default; ints give int answers) or floats "
    "(number=\"double\"). Raises ValueError for an empty row, exactdp.ResourceError above the work budget.";

std::string doc(const std::string& text) { return text + row_words; }

// G(0..count-1) by the library's rule of a table, as the tool's grundy
// --table computes it: the count and memory checked first, then the values
// up to count or to a certified period, and the period past them.
std::vector<grundy_value> grundy_table_of(const octal_game& game, const int_arg& count_arg) {
  const auto count = integer_value<std::size_t>(count_arg, "count");
  check_grundy_table(count, "count");
  return released([&] { return grundy_table(certified_octal_values(game, count), count); });
}

}  // namespace

void bind_games(py::module_& m) {
  // ---- Nim ----
  m.def(
      "nim",
      [](const std::vector<int_arg>& heaps) { return nim_dict(nim(integer_values<std::uint64_t>(heaps, "heaps"))); },
      py::arg("heaps").noconvert(),
      "Nim on any heaps (Bouton 1901): a dict with result (\"win\" or \"lose\" for the player to move), nim_sum "
      "and winning_move ({heap, remove} on the lowest heap that restores nim-sum 0, or None).");
  m.def(
      "misere_nim",
      [](const std::vector<int_arg>& heaps) {
        return nim_dict(misere_nim(integer_values<std::uint64_t>(heaps, "heaps")));
      },
      py::arg("heaps").noconvert(), "Misere Nim (the player who takes the last stone loses; Bouton 1901): as nim.");

  // ---- the row games ----
  m.def(
      "best_lead",
      [](const py::sequence& values, const std::string& number) {
        return row_compute(values, number, [](auto row) {
          const auto a = released([&] { return best_lead(row); });
          py::dict d;
          d["lead"] = value_to_python(a.lead);
          d["first_move"] = name_of(a.first_move);
          d["total"] = value_to_python(a.total);
          d["scores"] = py::make_tuple(value_to_python(a.scores.first), value_to_python(a.scores.second));
          return py::object(d);
        });
      },
      py::arg("values"), py::kw_only(), py::arg("number") = "exact",
      doc("Two players alternately take the leftmost or rightmost value of a row; the first player's best lead "
          "(LeetCode 486, Predict the Winner; LeetCode 877): a dict with lead, first_move (\"left\" or \"right\"), "
          "total and scores (first, second).")
          .c_str());
  m.def(
      "stone_game",
      [](const py::sequence& values, const std::string& number) {
        return row_compute(values, number, [](auto row) {
          const auto a = released([&] { return stone_game(row); });
          py::dict d;
          d["first_player_wins"] = a.first_player_wins;
          d["by_parity"] = a.by_parity;
          d["takes_even_indices"] = a.takes_even_indices;
          d["parity_sum"] = value_to_python(a.parity_sum);
          d["other_sum"] = value_to_python(a.other_sum);
          d["lead"] = a.dp ? value_to_python(a.dp->lead) : py::none();
          return py::object(d);
        });
      },
      py::arg("piles"), py::kw_only(), py::arg("number") = "exact",
      doc("Stone Game (LeetCode 877): does the first player finish with strictly more? A dict with "
          "first_player_wins, by_parity (answered by the parity argument), takes_even_indices, parity_sum, "
          "other_sum and lead (the DP's lead when the parity argument did not apply, else None).")
          .c_str());
  m.def(
      "stone_game_ii",
      [](const py::sequence& values, const std::string& number) {
        return row_compute(values, number, [](auto row) {
          const auto a = released([&] { return stone_game_ii(row); });
          py::dict d;
          d["first_score"] = value_to_python(a.first_score);
          d["second_score"] = value_to_python(a.second_score);
          d["first_take"] = a.first_take;
          return py::object(d);
        });
      },
      py::arg("piles"), py::kw_only(), py::arg("number") = "exact",
      doc("Stone Game II (LeetCode 1140): a dict with first_score, second_score and first_take (an optimal X).")
          .c_str());
  m.def(
      "stone_game_iii",
      [](const py::sequence& values, const std::string& number) {
        return row_compute(values, number, [](auto row) {
          const auto a = released([&] { return stone_game_iii(row); });
          py::dict d;
          d["lead"] = value_to_python(a.lead);
          d["winner"] = py::str(to_string(a.winner));
          d["first_take"] = a.first_take;
          return py::object(d);
        });
      },
      py::arg("values"), py::kw_only(), py::arg("number") = "exact",
      doc("Stone Game III (LeetCode 1406): a dict with lead (Alice's best lead), winner (\"Alice\", \"Bob\" or "
          "\"Tie\") and first_take (1..3).")
          .c_str());
  m.def(
      "stone_game_vii",
      [](const py::sequence& values, const std::string& number) {
        return row_compute(values, number, [](auto row) {
          const auto a = released([&] { return stone_game_vii(row); });
          py::dict d;
          d["lead"] = value_to_python(a.lead);
          d["first_move"] = name_of(a.first_move);
          return py::object(d);
        });
      },
      py::arg("stones"), py::kw_only(), py::arg("number") = "exact",
      doc("Stone Game VII (LeetCode 1690): each move removes an end stone and scores the sum of the rest; a dict "
          "with lead and first_move.")
          .c_str());

  // ---- Can I Win, subtraction games ----
  m.def(
      "can_i_win",
      [](const int_arg& max_choosable_arg, const int_arg& desired_total_arg) {
        const int max_choosable = integer_value<int>(max_choosable_arg, "max_choosable");
        const auto desired_total = integer_value<std::int64_t>(desired_total_arg, "desired_total");
        const can_i_win_result a = released([&] { return can_i_win(max_choosable, desired_total); });
        py::dict d;
        d["first_player_wins"] = a.first_player_wins;
        d["result"] = name_of(a.result);
        d["winning_pick"] = a.winning_pick ? py::object(py::int_(*a.winning_pick)) : py::none();
        d["guard"] = a.guard;
        d["positions"] = a.positions;
        d["method"] = a.method;
        return d;
      },
      py::arg("max_choosable").noconvert(), py::arg("desired_total").noconvert(),
      "Can the first player force the running total to reach desired_total, the players picking numbers "
      "1..max_choosable without replacement (LeetCode 464, Can I Win)? 1 <= max_choosable <= 25. A dict with "
      "first_player_wins, result, winning_pick, guard, positions and method.");
  m.def(
      "subtraction_game",
      [](const int_arg& n_arg, const std::vector<int_arg>& moves_arg, bool misere) {
        const auto n = integer_value<std::uint64_t>(n_arg, "n");
        const std::vector<std::int64_t> moves = integer_values<std::int64_t>(moves_arg, "moves");
        const subtraction_result a =
            released([&] { return subtraction_game(n, moves, misere ? play_rule::misere : play_rule::normal); });
        py::dict d;
        d["result"] = name_of(a.result);
        d["winning_move"] = a.winning_move ? py::object(py::int_(*a.winning_move)) : py::none();
        if (a.certificate) {
          py::dict c;
          c["preperiod"] = a.certificate->preperiod;
          c["period"] = a.certificate->period;
          d["certificate"] = c;
        } else {
          d["certificate"] = py::none();
        }
        return d;
      },
      py::arg("n").noconvert(), py::arg("moves").noconvert(), py::kw_only(), py::arg("misere") = false,
      "A pile of n counters; a move removes k counters for some k in `moves`; the player who cannot move loses "
      "(misere=True: wins). A dict with result (\"win\"/\"lose\" for the player to move), winning_move (the "
      "smallest winning k, or None) and certificate ({preperiod, period} when a certified period answered, "
      "n > 10^6).");

  // ---- Grundy values ----
  m.def(
      "mex", [](const std::vector<int_arg>& values) { return mex(integer_values<grundy_value>(values, "values")); },
      py::arg("values").noconvert(),
      "The minimum excludant: the least non-negative integer not in values (Sprague 1935, Grundy 1939).");
  m.def(
      "nim_sum",
      [](const std::vector<int_arg>& values) { return nim_sum(integer_values<std::uint64_t>(values, "values")); },
      py::arg("values").noconvert(), "The XOR of the values: the Grundy value of a sum of games.");
  m.def(
      "octal_grundy_values",
      [](const std::string& code, const int_arg& count_arg) { return grundy_table_of(parse_octal(code), count_arg); },
      py::arg("code"), py::arg("count").noconvert(),
      "The Grundy values G(0), ..., G(count - 1) of the octal game with the given code (\"0.07\" Dawson's Kayles, "
      "\"0.137\" Dawson's chess, \"4.7\"; Berlekamp, Conway and Guy, Winning Ways, chapter 4), as exactdp grundy "
      "--table prints them: values past a certified period come from the period (a long table of Dawson's Kayles "
      "costs its memory, not its work). 1 <= count <= 2^31. Raises ValueError for a malformed code or count, "
      "exactdp.ResourceError when count x 64 bytes pass the state budget or the work does.");
  m.def(
      "subtraction_grundy_values",
      [](const std::vector<int_arg>& takes, const int_arg& count_arg) {
        return grundy_table_of(octal_subtraction_game(integer_values<std::uint64_t>(takes, "takes")), count_arg);
      },
      py::arg("takes").noconvert(), py::arg("count").noconvert(),
      "The Grundy values G(0), ..., G(count - 1) of the subtraction game whose moves remove exactly s counters "
      "for some s in takes (1 <= s <= 4096).");
}

}  // namespace exactdp::python
