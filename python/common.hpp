// python/common.hpp: what every binding file of the Python module shares:
// the conversions between Python numbers and the library's (Fraction <->
// Rational, int <-> BigInt, through GMP's limbs and Python's int.to_bytes /
// int.from_bytes, never through a decimal string), the choice of number
// system (number="exact" | "double" | "mod", modulus=), and the one place
// where a computation runs with the GIL released.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "exactdp/api/names.hpp"
#include "exactdp/api/systems.hpp"
#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp::python {

namespace py = pybind11;

// ---- integer arguments ----

/// An integer argument as Python passed it, before it is read into a C++
/// type: a Python int of any size, a numpy integer or any object with
/// __index__ (as operator.index takes it). A float, a Fraction, a Decimal
/// or a bool (True is no count: seat_probability(True) is a slip) is not an
/// integer: the call raises TypeError. Every integer
/// argument of the module is an int_arg (a list of them: std::vector<int_arg>),
/// read by integer_value, so one rule holds for all: an integer the C++ type
/// cannot hold is a ValueError naming the argument and the range, as an
/// integer inside the type but outside the function's range is (the
/// library's own check).
struct int_arg {
  py::object value;  // a Python int
};

/// The integer x as an I, when it fits; nullopt otherwise. Needs the GIL.
std::optional<std::int64_t> fit_int64(const int_arg& x);
std::optional<std::uint64_t> fit_uint64(const int_arg& x);
/// x as a message quotes it and as api::read_argument reads it: its
/// decimal text up to 200 bits, else "(an integer of N bits)". Needs the GIL.
std::string integer_text(const int_arg& x);
/// std::invalid_argument (ValueError) "`name` must be an integer in LO..HI,
/// not 'V'" (parse_integer's words, as the tool and the catalogue's
/// questions refuse a value in range of the type: one wording for every
/// integer argument), V = integer_text(x), LO and HI as describe_bound
/// writes them. Needs the GIL.
[[noreturn]] void throw_out_of_range(const int_arg& x, std::string_view name, const std::string& lo,
                                     const std::string& hi);

/// The integer argument `name` as a T (an integral type) in [lo, hi] (by
/// default T's whole range). Throws std::invalid_argument (ValueError)
/// naming `name` and the range for any other integer, of any size. Needs
/// the GIL. Cost: O(1) for values of 64 bits.
template <std::integral T>
T integer_value(const int_arg& x, std::string_view name, T lo = std::numeric_limits<T>::min(),
                T hi = std::numeric_limits<T>::max()) {
  if constexpr (std::is_signed_v<T>) {
    const std::optional<std::int64_t> v = fit_int64(x);
    if (v && *v >= lo && *v <= hi) return static_cast<T>(*v);
  } else {
    const std::optional<std::uint64_t> v = fit_uint64(x);
    if (v && *v >= lo && *v <= hi) return static_cast<T>(*v);
  }
  throw_out_of_range(x, name, std::to_string(lo), std::to_string(hi));
}

/// integer_value of every item of a list argument, named `name`[i].
template <std::integral T>
std::vector<T> integer_values(const std::vector<int_arg>& xs, std::string_view name) {
  std::vector<T> out;
  out.reserve(xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i)
    out.push_back(integer_value<T>(xs[i], std::string(name) + "[" + std::to_string(i) + "]"));
  return out;
}

/// The modulus= argument of a residue run (None: the default), or
/// std::invalid_argument (ValueError) in modulus_range_error's words for a
/// value no 64-bit integer holds. Needs the GIL.
using modulus_arg = std::optional<int_arg>;
std::optional<std::uint64_t> modulus_value(const modulus_arg& modulus);

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

/// The number system of a call: number="exact" | "double" | "mod" and, for
/// "mod", the prime `modulus` (default 1,000,000,007). A modulus= given is
/// checked whatever number= is (api::check_residue_modulus for residues of
/// width `width`), as the tool reads --modulus before any work:
/// seat_probability(5, modulus=4) is a ValueError, as `exactdp seat 5
/// --modulus 4` is refused. Throws std::invalid_argument (ValueError) for
/// any other text.
api::number_system read_system(const std::string& number, const modulus_arg& modulus,
                               api::residue_width width = api::residue_width::wide);

/// The states of a target= argument: a name (a label or a state,
/// api::resolve_target's rule) or an iterable of state names
/// (api::resolve_state each). Throws std::invalid_argument (ValueError) for
/// an unknown name or one that is both a label and another state. Needs the GIL.
template <class Model>
std::vector<std::size_t> target_states(const Model& model, py::handle target) {
  if (py::isinstance<py::str>(target)) return api::resolve_target(model, target.cast<std::string>(), "target").states;
  std::vector<std::size_t> states;
  for (py::handle s : py::reinterpret_borrow<py::iterable>(target))
    states.push_back(api::resolve_state(model, s.cast<std::string>(), "target"));
  return states;
}

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
/// BigInt -> int, double -> float, a residue -> int. A double that is nan
/// is no answer: std::domain_error (exactdp.DomainError) saying why
/// (api::double_nan_words), as the tool refuses it; inf is returned (an
/// overflow is an answer, as in the tool). Needs the GIL.
inline py::object exact_to_python(const Rational& q) { return to_fraction(q); }
inline py::object exact_to_python(const BigInt& z) { return to_python_int(z); }
template <class T>
py::object value_to_python(const T& v) {
  if constexpr (std::is_same_v<T, Rational> || std::is_same_v<T, BigInt>)
    return exact_to_python(v);
  else if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(v)) throw std::domain_error(api::double_nan_words("number=\"exact\""));
    return py::float_(static_cast<double>(v));
  } else
    return py::int_(v.value());
}

/// One computation in the three number systems: solve(std::type_identity<T>{})
/// computes it in T (with the GIL released and Ctrl-C checked) and
/// convert(result) (called with the GIL) makes the Python result, while a
/// residue run's modulus is still set. number="exact" runs it in Exact
/// (Rational or BigInt), "double" in double, "mod" modulo the prime
/// `modulus` (read_system; below 2^31 unless Wide): api::run_in picks the type.
template <class Exact, bool Wide = true, class Solve, class Convert>
py::object compute_as(const std::string& number, const modulus_arg& modulus, const Solve& solve,
                      const Convert& convert) {
  constexpr api::residue_width width = Wide ? api::residue_width::wide : api::residue_width::narrow;
  const api::number_system system = read_system(number, modulus, width);
  auto run = [&]<class T>(std::type_identity<T> t) -> py::object {
    const auto result = released([&] { return solve(t); });
    return py::object(convert(result));
  };
  using exact_result = std::decay_t<decltype(solve(std::type_identity<Exact>{}))>;
  if constexpr (std::is_same_v<exact_result, Rational> || std::is_same_v<exact_result, BigInt>) {
    if (system.kind == api::system_kind::residue) {
      try {
        return api::run_in<Exact, width>(system, run);
      } catch (const std::domain_error&) {
        // As the tool does: a single value whose solve mod P divides by a
        // multiple of P on its way (the coupon collector for 3 kinds, mod 3)
        // may still have a residue: the exact value's, or DomainError when
        // it has none.
        return py::int_(
            released([&] { return to_residue64(Rational(solve(std::type_identity<Exact>{})), system.modulus); }));
      }
    }
  }
  return api::run_in<Exact, width>(system, run);
}

// ---- the families ----
void bind_errors(py::module_& m);
void bind_budgets(py::module_& m);
void bind_testing(py::module_& m);
void bind_numeric(py::module_& m);
void bind_probability(py::module_& m);
void bind_catalogue(py::module_& m);  // the catalogue's questions (probability.cpp)
void bind_markov(py::module_& m);
void bind_games(py::module_& m);
void bind_retrograde(py::module_& m);
void bind_decision(py::module_& m);
void bind_check(py::module_& m);  // after bind_numeric: an overload of its check()
void bind_verify(py::module_& m);

/// constants= as --const items (check.cpp): a dict {name: value} (int,
/// bool, Fraction or a str such as "1/2" or a range "1:3"), or a
/// "N=3,MAX=2" str; None gives none. Raises TypeError for another type.
std::vector<std::string> constant_items(py::handle constants);
void bind_answer(py::module_& m);

}  // namespace exactdp::python

namespace pybind11::detail {
/// int_arg from Python: any object operator.index takes (never a float nor
/// a bool).
template <>
struct type_caster<exactdp::python::int_arg> {
  PYBIND11_TYPE_CASTER(exactdp::python::int_arg, const_name("int"));
  // A Python bool, or NumPy's (numpy.bool_, numpy.bool in NumPy 2), which
  // operator.index still takes with a DeprecationWarning.
  static bool is_bool(handle src) {
    if (PyBool_Check(src.ptr())) return true;
    const std::string_view type = Py_TYPE(src.ptr())->tp_name;
    return type == "numpy.bool_" || type == "numpy.bool";
  }
  bool load(handle src, bool /*convert*/) {
    if (!src || PyFloat_Check(src.ptr()) || is_bool(src) || !PyIndex_Check(src.ptr())) return false;
    PyObject* i = PyNumber_Index(src.ptr());
    if (!i) {
      PyErr_Clear();
      return false;
    }
    value.value = reinterpret_steal<object>(i);
    return true;
  }
  static handle cast(const exactdp::python::int_arg& x, return_value_policy, handle) { return x.value.inc_ref(); }
};
}  // namespace pybind11::detail
