// python/probability.cpp: the probability recurrences, each in the three
// number systems (compute in common.hpp).
#include <algorithm>
#include <array>
#include <stdexcept>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"
#include "exactdp/probability/boundary_paths.hpp"
#include "exactdp/probability/coupon.hpp"
#include "exactdp/probability/dice_sequences.hpp"
#include "exactdp/probability/fixed_points.hpp"
#include "exactdp/probability/knight.hpp"
#include "exactdp/probability/new21.hpp"
#include "exactdp/probability/rolls_to_reach.hpp"
#include "exactdp/probability/run.hpp"
#include "exactdp/probability/soup.hpp"

namespace exactdp::python {

namespace {

constexpr const char* number_doc =
    "\n\nnumber=\"exact\" gives the exact value, \"double\" a float, \"mod\" the residue modulo the prime "
    "modulus= (default 1000000007) as an int. Raises ValueError for bad arguments, exactdp.DomainError when "
    "the residue does not exist, exactdp.ResourceError above the state or work budget.";

std::string doc(const std::string& text) { return text + number_doc; }

}  // namespace

void bind_probability(py::module_& m) {
  m.def(
      "knight_probability",
      [](const int_arg& n_arg, const int_arg& moves_arg, const int_arg& row_arg, const int_arg& col_arg,
         const std::string& number, const modulus_arg& modulus) {
        const int n = integer_value<int>(n_arg, "n"), moves = integer_value<int>(moves_arg, "moves"),
                  row = integer_value<int>(row_arg, "row"), col = integer_value<int>(col_arg, "column");
        return compute<Rational>(
            number, modulus, [=]<class T>(std::type_identity<T>) { return knight_probability<T>(n, moves, row, col); });
      },
      py::arg("n").noconvert(), py::arg("moves").noconvert(), py::arg("row").noconvert(), py::arg("column").noconvert(),
      py::kw_only(), py::arg("number") = "exact", py::arg("modulus").noconvert() = py::none(),
      doc("Probability that a knight making `moves` uniformly random moves from (row, column) stays on the n x n "
          "board (LeetCode 688, Knight Probability in Chessboard). 1 <= n <= 100000, 0 <= moves <= 10^7. "
          "Exact: a Fraction with denominator a power of 8.")
          .c_str());
  m.def(
      "knight_paths",
      [](const int_arg& n_arg, const int_arg& moves_arg, const int_arg& row_arg, const int_arg& col_arg,
         const std::string& number, const modulus_arg& modulus) {
        const int n = integer_value<int>(n_arg, "n"), moves = integer_value<int>(moves_arg, "moves"),
                  row = integer_value<int>(row_arg, "row"), col = integer_value<int>(col_arg, "column");
        return compute<BigInt>(number, modulus,
                               [=]<class T>(std::type_identity<T>) { return knight_paths<T>(n, moves, row, col); });
      },
      py::arg("n").noconvert(), py::arg("moves").noconvert(), py::arg("row").noconvert(), py::arg("column").noconvert(),
      py::kw_only(), py::arg("number") = "exact", py::arg("modulus").noconvert() = py::none(),
      doc("Number of knight move sequences of length `moves` from (row, column) that never leave the n x n board "
          "(knight_probability times 8^moves). Exact: an int.")
          .c_str());
  const auto new21 = [](const int_arg& n_arg, const int_arg& k_arg, const int_arg& max_pts_arg,
                        const std::string& number, const modulus_arg& modulus) {
    const int n = integer_value<int>(n_arg, "n"), k = integer_value<int>(k_arg, "k"),
              max_pts = integer_value<int>(max_pts_arg, "max_pts");
    return compute<Rational>(number, modulus,
                             [=]<class T>(std::type_identity<T>) { return new21_probability<T>(n, k, max_pts); });
  };
  const std::string new21_doc =
      doc("Probability that Alice ends with at most n points, drawing uniform integers 1..max_pts while she has less "
          "than k (LeetCode 837, New 21 Game). 0 <= k <= n <= 10^9, 1 <= max_pts <= 10^9.");
  m.def("new21_probability", new21, py::arg("n").noconvert(), py::arg("k").noconvert(), py::arg("max_pts").noconvert(),
        py::kw_only(), py::arg("number") = "exact", py::arg("modulus").noconvert() = py::none(), new21_doc.c_str());
  m.def(
      "soup_servings",
      [](const int_arg& n_arg, const std::string& number, const modulus_arg& modulus) {
        const auto n = integer_value<std::int64_t>(n_arg, "n");
        return compute<Rational>(number, modulus, [=]<class T>(std::type_identity<T>) { return soup_servings<T>(n); });
      },
      py::arg("n").noconvert(), py::kw_only(), py::arg("number") = "exact", py::arg("modulus").noconvert() = py::none(),
      doc("Probability that soup A empties first plus half the probability that both empty at once, starting "
          "with n ml of each (LeetCode 808, Soup Servings). 0 <= n <= 10^15.")
          .c_str());
  m.def(
      "expected_rolls_for_run",
      [](const int_arg& k_arg, const int_arg& faces_arg, const std::string& number, const modulus_arg& modulus) {
        const int k = integer_value<int>(k_arg, "k"), faces = integer_value<int>(faces_arg, "faces");
        return compute<Rational>(number, modulus,
                                 [=]<class T>(std::type_identity<T>) { return expected_rolls_for_run<T>(k, faces); });
      },
      py::arg("k").noconvert(), py::arg("faces").noconvert() = 6, py::kw_only(), py::arg("number") = "exact",
      py::arg("modulus").noconvert() = py::none(),
      doc("Expected rolls of a fair die with `faces` faces until one given face comes up k times in a row "
          "(Feller, An Introduction to Probability Theory, XIII.7): (f^k - 1)/(f - 1)·f. 1 <= k <= 10^7. "
          "number=\"double\" runs the recurrence in floating point, as a user's program would: 1 - b rounds to 0 once "
          "f^-k is below half an ulp of 1 (k >= 21 for 6 faces, k >= 6 for 1000 faces) and the double is then inf, "
          "while the exact value is finite: what check() and ulp_distance() are for.")
          .c_str());
  m.def(
      "expected_rolls_to_reach",
      [](const int_arg& target_arg, const int_arg& faces_arg, const std::string& number, const modulus_arg& modulus) {
        const int target = integer_value<int>(target_arg, "target"), faces = integer_value<int>(faces_arg, "faces");
        return compute<Rational>(
            number, modulus, [=]<class T>(std::type_identity<T>) { return expected_rolls_to_reach<T>(target, faces); });
      },
      py::arg("target").noconvert(), py::arg("faces").noconvert() = 6, py::kw_only(), py::arg("number") = "exact",
      py::arg("modulus").noconvert() = py::none(),
      doc("Expected number of rolls of a fair die with `faces` faces until the running total is at least "
          "`target`.")
          .c_str());
  m.def(
      "dice_sequences",
      [](const int_arg& n_arg, const std::vector<int_arg>& roll_max_arg, const std::string& number,
         const modulus_arg& modulus) {
        const int n = integer_value<int>(n_arg, "n");
        const std::vector<int> limits = integer_values<int>(roll_max_arg, "roll_max");
        if (limits.size() != 6)
          throw std::invalid_argument("roll_max must hold 6 ints (one per face), not " + std::to_string(limits.size()));
        std::array<int, 6> roll_max{};
        std::copy(limits.begin(), limits.end(), roll_max.begin());
        return compute<BigInt>(number, modulus,
                               [=]<class T>(std::type_identity<T>) { return dice_sequences<T>(n, roll_max); });
      },
      py::arg("n").noconvert(), py::arg("roll_max").noconvert(), py::kw_only(), py::arg("number") = "exact",
      py::arg("modulus").noconvert() = py::none(),
      doc("Number of sequences of n die rolls in which face i never comes up more than roll_max[i] times in a "
          "row (LeetCode 1223, Dice Roll Simulation). roll_max: six ints in 1..15. Exact: an int.")
          .c_str());
  m.def(
      "boundary_paths",
      [](const int_arg& rows_arg, const int_arg& columns_arg, const int_arg& max_moves_arg, const int_arg& row_arg,
         const int_arg& col_arg, const std::string& number, const modulus_arg& modulus) {
        const int rows = integer_value<int>(rows_arg, "rows"), columns = integer_value<int>(columns_arg, "columns"),
                  max_moves = integer_value<int>(max_moves_arg, "max_moves"), row = integer_value<int>(row_arg, "row"),
                  col = integer_value<int>(col_arg, "column");
        return compute<BigInt>(number, modulus, [=]<class T>(std::type_identity<T>) {
          return boundary_paths<T>(rows, columns, max_moves, row, col);
        });
      },
      py::arg("rows").noconvert(), py::arg("columns").noconvert(), py::arg("max_moves").noconvert(),
      py::arg("row").noconvert(), py::arg("column").noconvert(), py::kw_only(), py::arg("number") = "exact",
      py::arg("modulus").noconvert() = py::none(),
      doc("Number of paths of at most max_moves steps (up, down, left, right) from (row, column) that "
          "leave the rows x columns grid (LeetCode 576, Out of Boundary Paths). Exact: an int.")
          .c_str());
  m.def(
      "expected_fixed_points",
      [](const int_arg& n_arg, const std::string& number, const modulus_arg& modulus) {
        const int n = integer_value<int>(n_arg, "n");
        return compute<Rational>(number, modulus,
                                 [=]<class T>(std::type_identity<T>) { return expected_fixed_points<T>(n); });
      },
      py::arg("n").noconvert(), py::kw_only(), py::arg("number") = "exact", py::arg("modulus").noconvert() = py::none(),
      doc("Expected number of fixed points of a uniformly random permutation of n items (1 for n >= 1).").c_str());
  m.def(
      "expected_draws_to_collect",
      [](const int_arg& n_arg, const std::string& number, const modulus_arg& modulus) {
        const int n = integer_value<int>(n_arg, "n");
        return compute<Rational>(number, modulus,
                                 [=]<class T>(std::type_identity<T>) { return expected_draws_to_collect<T>(n); });
      },
      py::arg("n").noconvert(), py::kw_only(), py::arg("number") = "exact", py::arg("modulus").noconvert() = py::none(),
      doc("Expected uniform draws with replacement until all n kinds of coupon are seen: n·H(n) (the coupon "
          "collector's problem, Feller IX.3). 0 <= n <= 10^7.")
          .c_str());
}

}  // namespace exactdp::python
