// python/module.cpp: the Python module exactdp: the number conversions and
// the number-system choice shared by every family (common.hpp), the error
// translation, and the module's entry point. The families are bound in
// numeric.cpp, probability.cpp, markov.cpp, games.cpp, retrograde.cpp,
// decision.cpp and check.cpp.
#include <cmath>
#include <gmp.h>

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "common.hpp"
#include "exactdp/io/parse.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/modint64.hpp"

namespace exactdp::python {

namespace {

// Python objects the conversions use, looked up once (the module keeps them
// alive for the life of the interpreter).
struct python_names {
  py::object fraction_type, object_new, int_from_bytes;
  py::str little = py::str("little"), numerator = py::str("numerator"), denominator = py::str("denominator"),
          slot_numerator = py::str("_numerator"), slot_denominator = py::str("_denominator"),
          to_bytes = py::str("to_bytes"), bit_length = py::str("bit_length");
};

python_names& names() {
  static python_names* n = [] {
    auto* p = new python_names;  // never freed: outlives every call
    p->fraction_type = py::module_::import("fractions").attr("Fraction");
    p->object_new = py::module_::import("builtins").attr("object").attr("__new__");
    p->int_from_bytes = py::module_::import("builtins").attr("int").attr("from_bytes");
    return p;
  }();
  return *n;
}

// A Python int from an mpz: small values directly, others as GMP's
// magnitude in little-endian 64-bit words (a plain copy of the limbs on
// x86-64) read by int.from_bytes.
py::int_ int_from_mpz(mpz_srcptr z) {
  if (mpz_fits_slong_p(z)) return py::reinterpret_steal<py::int_>(PyLong_FromLong(mpz_get_si(z)));
  const std::size_t words = (mpz_sizeinbase(z, 2) + 63) / 64;
  py::bytes buffer(nullptr, static_cast<py::ssize_t>(words * 8));
  std::size_t written = 0;
  mpz_export(PyBytes_AS_STRING(buffer.ptr()), &written, -1, 8, -1, 0, z);
  py::object magnitude = names().int_from_bytes(buffer, names().little);
  if (mpz_sgn(z) < 0) return py::reinterpret_steal<py::int_>(PyNumber_Negative(magnitude.ptr()));
  return py::reinterpret_borrow<py::int_>(magnitude);
}

// Sets z to the Python int x (a PyLong): small values directly, others
// through int.to_bytes (little-endian, a whole number of 64-bit words) and
// mpz_import.
void mpz_from_int(mpz_ptr z, py::handle x) {
  int overflow = 0;
  const long long small = PyLong_AsLongLongAndOverflow(x.ptr(), &overflow);
  if (!overflow) {
    if (small == -1 && PyErr_Occurred()) throw py::error_already_set();
    if (small >= LONG_MIN && small <= LONG_MAX) {
      mpz_set_si(z, static_cast<long>(small));
      return;
    }
  }
  const bool negative = overflow < 0 || (!overflow && small < 0);
  py::object magnitude =
      negative ? py::reinterpret_steal<py::object>(PyNumber_Negative(x.ptr())) : py::reinterpret_borrow<py::object>(x);
  if (!magnitude) throw py::error_already_set();
  const auto bits = magnitude.attr(names().bit_length)().cast<std::size_t>();
  const std::size_t words = (bits + 63) / 64;
  py::object data = magnitude.attr(names().to_bytes)(words * 8, names().little);
  mpz_import(z, words, -1, 8, -1, 0, PyBytes_AS_STRING(data.ptr()));
  if (negative) mpz_neg(z, z);
}

// The integer an object stands for: an int, or an object with __index__.
py::object as_index(py::handle x) {
  if (PyLong_Check(x.ptr())) return py::reinterpret_borrow<py::object>(x);
  if (PyFloat_Check(x.ptr()))
    throw py::type_error("a float is not an exact number here: pass an int or a fractions.Fraction");
  PyObject* i = PyNumber_Index(x.ptr());
  if (!i) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(i);
}

}  // namespace

py::int_ to_python_int(const BigInt& z) { return int_from_mpz(z.backend().data()); }

BigInt to_bigint(py::handle x) {
  BigInt z;
  mpz_from_int(z.backend().data(), as_index(x));
  return z;
}

py::object to_fraction(const Rational& q) {
  const auto& n = names();
  mpq_srcptr v = q.backend().data();
  // A new Fraction with its two slots set: q is in lowest terms with a
  // positive denominator, as Fraction keeps itself.
  py::object f = n.object_new(n.fraction_type);
  f.attr(n.slot_numerator) = int_from_mpz(mpq_numref(v));
  f.attr(n.slot_denominator) = int_from_mpz(mpq_denref(v));
  return f;
}

void read_rational(py::handle x, Rational& q) {
  mpq_ptr v = q.backend().data();
  if (PyLong_Check(x.ptr())) {
    mpz_from_int(mpq_numref(v), x);
    mpz_set_ui(mpq_denref(v), 1);
    return;
  }
  if (PyFloat_Check(x.ptr()))
    throw py::type_error(
        "a float is not an exact number here: pass an int or a fractions.Fraction (Fraction(x) for a float's exact "
        "binary value)");
  const auto& n = names();
  // A Fraction's two slots are read directly, as to_fraction writes them:
  // its numerator and denominator properties are Python calls, which cost
  // more than the rest of check()'s work on a value (issue 26).
  const bool fraction = Py_TYPE(x.ptr()) == reinterpret_cast<PyTypeObject*>(n.fraction_type.ptr());
  PyObject* num = PyObject_GetAttr(x.ptr(), (fraction ? n.slot_numerator : n.numerator).ptr());
  PyObject* den = num ? PyObject_GetAttr(x.ptr(), (fraction ? n.slot_denominator : n.denominator).ptr()) : nullptr;
  if (!num || !den) {
    Py_XDECREF(num);
    PyErr_Clear();
    throw py::type_error("expected an int or a fractions.Fraction, not " +
                         std::string(py::str(py::type::handle_of(x).attr("__name__"))));
  }
  const auto numerator = py::reinterpret_steal<py::object>(num);
  const auto denominator = py::reinterpret_steal<py::object>(den);
  mpz_from_int(mpq_numref(v), PyLong_CheckExact(num) ? numerator : as_index(numerator));
  mpz_from_int(mpq_denref(v), PyLong_CheckExact(den) ? denominator : as_index(denominator));
  if (mpz_sgn(mpq_denref(v)) == 0) throw std::invalid_argument("a fraction with denominator 0");
  // A Fraction is already in lowest terms with a positive denominator; any
  // other rational type is put there.
  if (Py_TYPE(x.ptr()) != reinterpret_cast<PyTypeObject*>(n.fraction_type.ptr())) mpq_canonicalize(v);
}

Rational to_rational(py::handle x) {
  Rational q;
  read_rational(x, q);
  return q;
}

// ---- integer arguments ----

std::optional<std::int64_t> fit_int64(const int_arg& x) {
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(x.value.ptr(), &overflow);
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (overflow) return std::nullopt;
  return static_cast<std::int64_t>(v);
}

std::optional<std::uint64_t> fit_uint64(const int_arg& x) {
  if (const std::optional<std::int64_t> v = fit_int64(x)) {
    if (*v < 0) return std::nullopt;
    return static_cast<std::uint64_t>(*v);
  }
  const unsigned long long v = PyLong_AsUnsignedLongLong(x.value.ptr());
  if (PyErr_Occurred()) {
    PyErr_Clear();  // negative or above 2^64 - 1
    return std::nullopt;
  }
  return static_cast<std::uint64_t>(v);
}

// An integer as text: in full up to 200 bits (Python's own limit on
// int-to-text conversion is never met), else by its size.
std::string integer_text(const int_arg& x) {
  const auto bits = x.value.attr(names().bit_length)().cast<std::size_t>();
  if (bits <= 200) return py::str(x.value).cast<std::string>();
  const bool negative = PyObject_RichCompareBool(x.value.ptr(), py::int_(0).ptr(), Py_LT) == 1;
  return std::string(negative ? "(a negative integer of " : "(an integer of ") + std::to_string(bits) + " bits)";
}

void throw_out_of_range(const int_arg& x, std::string_view name, const std::string& lo, const std::string& hi) {
  detail::integer_out_of_range(integer_text(x), name, parse_integer(lo, "lo"), parse_integer(hi, "hi"));
}

std::optional<std::uint64_t> modulus_value(const modulus_arg& modulus) {
  if (!modulus) return std::nullopt;
  if (const std::optional<std::uint64_t> p = fit_uint64(*modulus)) return p;
  throw modulus_range_error(integer_text(*modulus));
}

api::number_system read_system(const std::string& number, const modulus_arg& modulus, api::residue_width width) {
  // A modulus given is checked (prime, in range) whatever the system, as the
  // tool reads --modulus before any work.
  const std::optional<std::uint64_t> p = modulus_value(modulus);
  if (p) api::check_residue_modulus(*p, width);
  if (number == "exact") return api::number_system::exact();
  if (number == "double") return api::number_system::approx();
  if (number == "mod") return api::number_system::residue(p.value_or(api::default_modulus));
  throw std::invalid_argument("number must be \"exact\", \"double\" or \"mod\", not \"" + number + "\"");
}

std::string model_json_text(py::handle model, const std::string& what) {
  py::object fraction = py::module_::import("fractions").attr("Fraction");
  py::object encoder = py::cpp_function([fraction, what](py::handle v) -> py::object {
    if (py::isinstance(v, fraction)) return py::str(v);
    throw py::type_error(what + " holds ints, Fractions and strings, not " +
                         std::string(py::str(py::type::handle_of(v).attr("__name__"))));
  });
  // json.dumps first: it refuses a circular dict, so the walk below ends.
  // Python limits int-to-text conversion to 4300 digits by default (CVE-2020-10735);
  // a model's exact numbers may be longer: lift the limit while writing.
  py::module_ sys = py::module_::import("sys");
  const py::object digits = sys.attr("get_int_max_str_digits")();
  sys.attr("set_int_max_str_digits")(0);
  std::string text;
  try {
    text = py::module_::import("json").attr("dumps")(model, py::arg("default") = encoder).cast<std::string>();
  } catch (...) {
    sys.attr("set_int_max_str_digits")(digits);
    throw;
  }
  sys.attr("set_int_max_str_digits")(digits);
  std::vector<py::handle> stack{model};  // a stack, not recursion
  while (!stack.empty()) {
    const py::handle v = stack.back();
    stack.pop_back();
    if (PyFloat_Check(v.ptr()))
      throw py::type_error(what + "'s numbers are ints, Fractions or strings such as \"1/6\", not floats (" +
                           std::string(py::repr(v)) + ")");
    if (py::isinstance<py::dict>(v))
      for (auto item : py::reinterpret_borrow<py::dict>(v)) stack.push_back(item.second);
    else if (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v))
      for (py::handle item : py::reinterpret_borrow<py::sequence>(v)) stack.push_back(item);
  }
  return text;
}

// ---- Ctrl-C ----

namespace {
// The check the library's long loops call (with the GIL released): at most
// every 50 ms it takes the GIL, runs the Python signal handlers, and leaves by
// an exception when one raised (KeyboardInterrupt for Ctrl-C).
void check_python_signals() {
  using clock = std::chrono::steady_clock;
  thread_local clock::time_point last{};
  const clock::time_point now = clock::now();
  if (now - last < std::chrono::milliseconds(50)) return;
  last = now;
  py::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}
}  // namespace

ctrl_c_scope::ctrl_c_scope() : scope_(check_python_signals) {}

// ---- errors ----

namespace {
// A library message as a Python user reads it: the budgets are raised with
// exactdp.set_budgets, not with the C++ functions the message names.
std::string in_python_words(std::string text) {
  const std::pair<const char*, const char*> words[] = {
      {"exactdp::state_budget_bytes()", "exactdp.set_budgets(state_bytes=...)"},
      {"exactdp::work_budget_steps()", "exactdp.set_budgets(work_steps=...)"}};
  for (const auto& [from, to] : words)
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at))
      text.replace(at, std::string(from).size(), to);
  return text;
}
}  // namespace

void bind_budgets(py::module_& m) {
  m.def(
      "set_budgets",
      [](const std::optional<int_arg>& state_bytes, std::optional<double> work_steps) {
        budget_limits limits;
        if (state_bytes) limits.state_bytes = integer_value<std::uint64_t>(*state_bytes, "state_bytes");
        if (work_steps) limits.work_steps = static_cast<long double>(*work_steps);
        // The calling thread's budgets, until it sets them again (a budget_scope
        // that is never closed: Python has no scope to tie it to).
        // As the tool's --max-work: a number of steps in 1..10^18.
        if (limits.work_steps && !(*limits.work_steps >= 1 && *limits.work_steps <= 1e18L))
          throw std::invalid_argument(
              "work_steps must be a number of steps in 1..10^18, not " +
              (std::isfinite(*work_steps) && std::trunc(*work_steps) == *work_steps && std::fabs(*work_steps) < 1e18
                   ? std::to_string(static_cast<long long>(*work_steps))
                   : py::repr(py::float_(*work_steps)).cast<std::string>()));
        if (limits.state_bytes && *limits.state_bytes == 0)
          throw std::invalid_argument("state_bytes must be at least 1");
        if (limits.state_bytes) state_budget_bytes() = *limits.state_bytes;
        if (limits.work_steps) work_budget_steps() = *limits.work_steps;
      },
      py::arg("state_bytes").noconvert() = py::none(), py::arg("work_steps") = py::none(),
      "Sets the calling thread's budgets: state_bytes, the most bytes of tables one computation may allocate "
      "(default 2 GiB), and work_steps, the most elementary steps it may take (default 4e10, about a minute). "
      "A budget left out (None) is kept. Each thread has its own. Raises ValueError for state_bytes below 1 "
      "or work_steps outside 1..10^18 (the tool's --max-work), nan and inf included.");
  m.def(
      "get_budgets",
      [] {
        py::dict d;
        d["state_bytes"] = state_budget_bytes();
        d["work_steps"] = static_cast<double>(work_budget_steps());
        return d;
      },
      "The calling thread's budgets, as {'state_bytes': int, 'work_steps': float}.");
}

void bind_errors(py::module_& m) {
  // New exception types with Python bases (two bases for DomainError, so
  // that `except ValueError` still catches it, as it would without exactdp).
  auto make = [&m](const char* name, py::tuple bases, const char* doc) {
    PyObject* type = PyErr_NewExceptionWithDoc((std::string("exactdp.") + name).c_str(), doc, bases.ptr(), nullptr);
    if (!type) throw py::error_already_set();
    m.add_object(name, py::handle(type));
    return type;  // the module holds the reference for the interpreter's life
  };
  static PyObject* domain_error =
      make("DomainError", py::make_tuple(py::handle(PyExc_ArithmeticError), py::handle(PyExc_ValueError)),
           "No answer exists: a residue of a fraction whose denominator the modulus divides, an infinite "
           "expectation, a game without the asked-for move. Subclass of ArithmeticError and ValueError.");
  static PyObject* infinite_error =
      make("InfiniteValueError", py::make_tuple(py::handle(domain_error)),
           "The value is +infinity: an expected reward until a target that is missed with positive probability "
           "(PRISM and Storm print Infinity); the message says which state can be entered and never left. "
           "exactdp.answer and exactdp.check make it the answer math.inf. Subclass of DomainError.");
  static PyObject* resource_error =
      make("ResourceError", py::make_tuple(py::handle(PyExc_MemoryError)),
           "A computation would pass the state budget (memory) or the work budget (steps); it was refused "
           "before it started. Subclass of MemoryError.");
  static PyObject* other_error =
      make("Error", py::make_tuple(py::handle(PyExc_RuntimeError)),
           "Any other error of the library (none is expected: a library error has one of the kinds above). "
           "Subclass of RuntimeError.");
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const exactdp::resource_error& e) {
      PyErr_SetString(resource_error, in_python_words(e.what()).c_str());
    } catch (const exactdp::interrupted_error& e) {
      PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
    } catch (const std::invalid_argument& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const exactdp::infinite_value_error& e) {
      PyErr_SetString(infinite_error, e.what());
    } catch (const std::domain_error& e) {
      PyErr_SetString(domain_error, e.what());
    } catch (const std::overflow_error& e) {
      PyErr_SetString(PyExc_OverflowError, e.what());
    } catch (const std::out_of_range& e) {
      PyErr_SetString(PyExc_IndexError, e.what());
    } catch (const std::length_error& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const std::bad_alloc&) {
      PyErr_SetString(PyExc_MemoryError, "out of memory");
    } catch (const py::builtin_exception&) {
      throw;  // pybind11's own (py::type_error, ...): its translator sets them
    } catch (const py::error_already_set&) {
      throw;
    } catch (const std::exception& e) {
      PyErr_SetString(other_error, e.what());
    }
  });
}

// Hooks for the tests and benchmarks, not part of the API (names with _):
// each C++ error kind thrown on request (the translation of each is tested,
// including kinds no bound function throws today), and an exact value held
// in C++, so that each direction of the Fraction conversion can be timed.
void bind_testing(py::module_& m) {
  m.def(
      "_throw",
      [](const std::string& kind, const std::string& message) {
        if (kind == "invalid_argument") throw std::invalid_argument(message);
        if (kind == "domain_error") throw std::domain_error(message);
        if (kind == "infinite_value_error") throw exactdp::infinite_value_error(message);
        if (kind == "resource_error") throw exactdp::resource_error(message);
        if (kind == "overflow_error") throw std::overflow_error(message);
        if (kind == "out_of_range") throw std::out_of_range(message);
        if (kind == "interrupted_error") throw exactdp::interrupted_error(message);
        if (kind == "runtime_error") throw std::runtime_error(message);
      },
      py::arg("kind"), py::arg("message"), "Throws the C++ exception `kind` with `message` (for the tests).");
  py::class_<Rational>(m, "_Exact", "An exact value held in C++ (for the tests and benchmarks).")
      .def(py::init([](py::handle x) { return to_rational(x); }), py::arg("value"))
      .def("fraction", [](const Rational& q) { return to_fraction(q); });
}

}  // namespace exactdp::python

PYBIND11_MODULE(exactdp, m) {
  using namespace exactdp::python;
  m.doc() =
      "exactdp: exact answers of dynamic programs of games and chance. Every recurrence takes "
      "number=\"exact\" (fractions.Fraction or int), \"double\" (float) or \"mod\" (int, modulo the prime "
      "modulus=, default 1000000007). See docs/python.md.";
  m.attr("__version__") = "0.1.0";
  m.attr("DEFAULT_MODULUS") = exactdp::api::default_modulus;
  bind_errors(m);
  bind_budgets(m);
  bind_testing(m);
  bind_numeric(m);
  bind_probability(m);
  bind_catalogue(m);
  bind_markov(m);
  bind_games(m);
  bind_retrograde(m);
  bind_decision(m);
  bind_check(m);
  bind_verify(m);
  bind_answer(m);
}
