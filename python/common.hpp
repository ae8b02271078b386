// python/common.hpp: what every binding file of the Python module shares:
// the conversions between Python numbers and the library's (Fraction <->
// Rational, int <-> BigInt, through GMP's limbs and Python's int.to_bytes /
// int.from_bytes, never through a decimal string), the choice of number
// system (number="exact" | "double" | "mod", modulus=), and the one place
// where a computation runs with the GIL released.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/modint.hpp"
#include "exactdp/numeric/modint64.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp::python {

namespace py = pybind11;

/// The default modulus of number="mod": 1,000,000,007, the usual judge modulus.
inline constexpr std::uint64_t default_modulus = 1'000'000'007;

// ---- numbers ----

/// A Python int from a BigInt: GMP's magnitude exported as little-endian
/// bytes, read by int.from_bytes. Cost: linear in the size. Needs the GIL.
py::int_ to_python_int(const BigInt& z);
/// A BigInt from a Python int (or any object with __index__), through
/// int.to_bytes and mpz_import. Cost: linear in the size. Needs the GIL.
/// Throws py::type_error (TypeError) for an object that is not an integer.
BigInt to_bigint(py::handle x);
/// A fractions.Fraction from a Rational (already in lowest terms, so no gcd
/// is taken again on the Python side). Needs the GIL.
py::object to_fraction(const Rational& q);
/// A Rational from a Fraction, an int, or any numbers.Rational (an object
/// with integer numerator and denominator). A float is refused with
/// TypeError: convert it with Fraction(x) to say that its binary value is
/// meant. Throws ValueError for a zero denominator. Needs the GIL.
Rational to_rational(py::handle x);
/// to_rational into an existing Rational (reusing its limbs).
void read_rational(py::handle x, Rational& q);

// ---- the number systems ----

/// The JSON text of a model given as a dict (the shape of the model files),
/// for the library's strict reader. Python's json module writes it: a
/// circular dict is ValueError, Fractions are written as "p/q". Floats are
/// refused with TypeError naming `what` ("a Markov model"): a float's
/// decimal text is not the value meant (1/3 would be 0.3333333333333333).
/// Needs the GIL. Cost: linear in the dict's size.
std::string model_json_text(py::handle model, const std::string& what);

/// The properties every model class shares (Markov chains, decision
/// processes): size (the number of states), states (their names, in index
/// order) and start (the start state the model names, or None).
template <class Model, class Holder>
void bind_state_names(py::class_<Model, Holder>& c) {
  c.def_property_readonly("size", &Model::size, "Number of states.")
      .def_property_readonly(
          "states",
          [](const Model& model) {
            std::vector<std::string> names;
            for (std::size_t s = 0; s < model.size(); ++s) names.push_back(model.name(s));
            return names;
          },
          "The state names, in index order.")
      .def_property_readonly(
          "start",
          [](const Model& model) -> std::optional<std::string> {
            if (!model.start()) return std::nullopt;
            return model.name(*model.start());
          },
          "The start state the model names, or None.");
}

/// Which number system a call computes in.
enum class number_kind { exact, approx, residue };

/// Reads number="exact" | "double" | "mod"; throws std::invalid_argument
/// (ValueError) for any other text.
number_kind read_number(const std::string& number);

/// The modulus of a residue call: `modulus` or the default. It is checked
/// (a prime with 2 < p < 2^62, std::invalid_argument otherwise) by the
/// modulus scope residue_run opens, once.
std::uint64_t read_modulus(const std::optional<std::uint64_t>& modulus);

/// Where a long computation is interrupted by Ctrl-C. Installed around every
/// call that runs with the GIL released (released below): the library's long
/// loops poll the calling thread's interrupt checker
/// (exactdp::interrupt_scope, numeric/errors.hpp); this one takes the GIL at
/// most every 50 ms and calls PyErr_CheckSignals, and a pending
/// KeyboardInterrupt leaves the computation as py::error_already_set, which
/// pybind11 raises again in Python.
class ctrl_c_scope {
 public:
  ctrl_c_scope();

 private:
  exactdp::interrupt_scope scope_;
};

/// Runs f() with the GIL released and Ctrl-C checked (ctrl_c_scope), and
/// returns its C++ result; convert it to Python objects after it returns.
template <class F>
decltype(auto) released(F&& f) {
  py::gil_scoped_release release;
  ctrl_c_scope interrupt;
  return std::forward<F>(f)();
}

/// A value of any number system as a Python object: Rational -> Fraction,
/// BigInt -> int, double -> float, a residue -> int. Needs the GIL.
inline py::object exact_to_python(const Rational& q) { return to_fraction(q); }
inline py::object exact_to_python(const BigInt& z) { return to_python_int(z); }
template <class T>
py::object value_to_python(const T& v) {
  if constexpr (std::is_same_v<T, Rational> || std::is_same_v<T, BigInt>)
    return exact_to_python(v);
  else if constexpr (std::is_floating_point_v<T>)
    return py::float_(static_cast<double>(v));
  else
    return py::int_(v.value());
}

/// Runs solve(std::type_identity<T>{}) (called without the GIL), then
/// takes the GIL and returns convert(result), while a run-time modulus is
/// still set (a 64-bit residue needs it to give its value).
template <class T, class Solve, class Convert>
py::object solve_then_convert(const Solve& solve, const Convert& convert) {
  const auto result = solve(std::type_identity<T>{});
  py::gil_scoped_acquire gil;
  return py::object(convert(result));
}

/// The residue run of solve modulo the prime p: ModInt<1e9+7> for the
/// default modulus, DynModInt for other primes below 2^31, DynModInt64 up
/// to 2^62 when Wide (the recurrences; the solvers of chains and games run
/// on 32-bit residues only: ValueError above 2^31).
template <bool Wide, class Solve, class Convert>
py::object residue_run(std::uint64_t p, const Solve& solve, const Convert& convert) {
  if (p == default_modulus) return released([&] { return solve_then_convert<Mod>(solve, convert); });
  if constexpr (Wide) check_modulus64(p);  // one message for every out-of-range modulus: 2 < P < 2^62
  if (!Wide && p >= (std::uint64_t{1} << 31))
    throw std::invalid_argument("modulus " + std::to_string(p) +
                                " is out of range: this solver needs a prime below 2^31 (2147483648)");
  return released([&] {
    if constexpr (Wide) {
      if (p >= (std::uint64_t{1} << 31)) {
        dyn_modulus64_scope scope(p);
        return solve_then_convert<DynModInt64>(solve, convert);
      }
    }
    dyn_modulus_scope scope(p);
    return solve_then_convert<DynModInt>(solve, convert);
  });
}

/// One computation in the three number systems: solve(std::type_identity<T>{})
/// computes it in T and convert(result) (called with the GIL) makes the
/// Python result. number="exact" runs it in Exact (Rational or BigInt),
/// "double" in double, "mod" modulo the prime `modulus` (read_modulus;
/// below 2^31 unless Wide). The GIL is released while it runs.
template <class Exact, bool Wide = true, class Solve, class Convert>
py::object compute_as(const std::string& number, const std::optional<std::uint64_t>& modulus, const Solve& solve,
                      const Convert& convert) {
  switch (read_number(number)) {
    case number_kind::exact:
      return released([&] { return solve_then_convert<Exact>(solve, convert); });
    case number_kind::approx:
      return released([&] { return solve_then_convert<double>(solve, convert); });
    case number_kind::residue: {
      const std::uint64_t p = read_modulus(modulus);
      using exact_result = std::decay_t<decltype(solve(std::type_identity<Exact>{}))>;
      if constexpr (std::is_same_v<exact_result, Rational> || std::is_same_v<exact_result, BigInt>) {
        try {
          return residue_run<Wide>(p, solve, convert);
        } catch (const std::domain_error&) {
          // A single value whose solve mod P divided by a multiple of P may
          // still have a residue: the exact value's (as the tool gives it),
          // or DomainError when it has none.
          return py::int_(released([&] { return to_residue64(Rational(solve(std::type_identity<Exact>{})), p); }));
        }
      } else {
        return residue_run<Wide>(p, solve, convert);
      }
    }
  }
  return py::none();
}

/// compute_as for a recurrence with one value: Exact gives a Fraction
/// (Rational) or an int (BigInt), double a float, a residue an int.
/// The single-value path avoids taking the GIL twice: the value is made plain
/// (a residue's uint64_t) before the GIL is taken back.
template <class Exact, class Solve>
py::object compute(const std::string& number, const std::optional<std::uint64_t>& modulus, const Solve& solve) {
  switch (read_number(number)) {
    case number_kind::exact:
      return exact_to_python(released([&] { return solve(std::type_identity<Exact>{}); }));
    case number_kind::approx:
      return py::float_(static_cast<double>(released([&] { return solve(std::type_identity<double>{}); })));
    case number_kind::residue:
      break;
  }
  const std::uint64_t p = read_modulus(modulus);
  check_modulus64(p);  // one message for every out-of-range modulus: 2 < P < 2^62
  return py::int_(released([&]() -> std::uint64_t {
    try {
      if (p == default_modulus) return solve(std::type_identity<Mod>{}).value();
      if (p < (std::uint64_t{1} << 31)) {
        dyn_modulus_scope scope(p);
        return solve(std::type_identity<DynModInt>{}).value();
      }
      dyn_modulus64_scope scope(p);
      return solve(std::type_identity<DynModInt64>{}).value();
    } catch (const std::domain_error&) {
      // As the tool does: a recurrence that divides by a multiple of P on
      // its way (the coupon collector for 3 kinds, mod 3) may still end in
      // a value with a residue: take it from the exact value, or raise
      // DomainError when that value has none.
      return to_residue64(Rational(solve(std::type_identity<Exact>{})), p);
    }
  }));
}

// ---- the families ----
void bind_errors(py::module_& m);
void bind_budgets(py::module_& m);
void bind_testing(py::module_& m);
void bind_numeric(py::module_& m);
void bind_probability(py::module_& m);
void bind_markov(py::module_& m);
void bind_games(py::module_& m);
void bind_retrograde(py::module_& m);
void bind_decision(py::module_& m);

}  // namespace exactdp::python
