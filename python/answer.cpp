// exactdp.answer: any of the module's functions answered in every number
// system at once, with the double's error and the measure of a float of the
// caller's, by the library's compute_answer (exactdp/api/answer.hpp), the
// same rule as the tool's answer lines and --check.
#include <cmath>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>

#include "common.hpp"
#include "exactdp/api/answer.hpp"
#include "exactdp/io/parse.hpp"

namespace exactdp::python {

namespace {

py::dict error_dict(const api::double_error& e) {
  py::dict d;
  d["finite"] = e.finite;
  d["absolute"] = e.finite ? py::object(py::float_(e.absolute)) : py::object(py::none());
  d["relative"] = e.finite && std::isfinite(e.relative) ? py::object(py::float_(e.relative)) : py::object(py::none());
  d["ulps"] = e.ulps ? py::object(py::int_(*e.ulps)) : py::object(py::none());
  d["words"] = e.words;
  return d;
}

py::dict answer_dict(const api::answer& a) {
  py::dict d;
  // An infinite value is math.inf in exact and double alike (as exactdp.check gives it).
  d["infinite"] = a.infinite;
  if (a.infinite) d["infinite_reason"] = a.infinite_reason;
  d["exact"] = a.infinite ? py::object(py::float_(HUGE_VAL)) : a.exact ? to_fraction(*a.exact) : py::object(py::none());
  d["double"] = a.approx ? py::object(py::float_(*a.approx)) : py::object(py::none());
  d["mod"] = a.residue ? py::object(py::int_(*a.residue)) : py::object(py::none());
  d["modulus"] = a.modulus;
  if (!a.residue_note.empty()) d["mod_note"] = a.residue_note;
  if (a.decimal) d["decimal"] = *a.decimal;
  d["double_error"] = a.error ? py::object(error_dict(*a.error)) : py::object(py::none());
  if (a.check) {
    py::dict c = error_dict(*a.check);
    c["value"] = *a.check_text;
    c["double"] = a.check->value;
    d["check"] = c;
  }
  py::dict failures;
  if (!a.exact_failure.empty()) failures["exact"] = a.exact_failure;
  if (!a.double_failure.empty()) failures["double"] = a.double_failure;
  if (!a.mod_failure.empty()) failures["mod"] = a.mod_failure;
  d["failures"] = failures;
  return d;
}

// The caller's value: a float as the double it is, a str as written
// ("0.1" is 1/10, read by the tool's number reader), else any rational.
Rational check_value(py::handle x) {
  if (py::isinstance<py::float_>(x)) {
    if (!std::isfinite(x.cast<double>()))
      throw std::invalid_argument("check= must be a finite number or +infinity (math.inf), not " +
                                  py::repr(x).cast<std::string>());
    return to_rational(py::module_::import("fractions").attr("Fraction")(x));
  }
  if (py::isinstance<py::str>(x)) return parse_number(x.cast<std::string>(), "check=");
  return to_rational(x);
}

// A run's result as one number of the expected Python type, or a
// ValueError: answer is for functions whose answer is one number.
py::object one_number(py::object r, const char* number, bool integer) {
  const bool ok =
      integer ? py::isinstance<py::int_>(r) && !py::isinstance<py::bool_>(r)
              : py::isinstance<py::float_>(r) || (std::string(number) == "exact" && py::hasattr(r, "denominator"));
  if (!ok)
    throw std::invalid_argument(std::string("answer: with number=\"") + number + "\" the function returned " +
                                py::repr(py::type::of(r)).cast<std::string>() +
                                ", not one number: answer takes the functions whose answer is one number");
  return r;
}

// Which Python exceptions of a run stop the whole answer: an interrupt,
// and bad input (ValueError or TypeError, but not DomainError, the
// library's "no value in this number system", a subclass of ValueError).
bool stops_the_answer(const std::exception& e) {
  const auto* py_error = dynamic_cast<const py::error_already_set*>(&e);
  if (!py_error) return false;
  if (py_error->matches(PyExc_KeyboardInterrupt)) return true;
  const py::object domain = py::module_::import("exactdp").attr("DomainError");
  return (py_error->matches(PyExc_ValueError) || py_error->matches(PyExc_TypeError)) && !py_error->matches(domain);
}

// A run's failure in one line: the exception's type and message, without
// the traceback lines pybind11 adds.
std::string failure_words(std::string message) {
  const std::size_t at = message.find("\n\nAt:");
  if (at != std::string::npos) message.resize(at);
  return message;
}

// A run of the caller's function: its result, with exactdp.InfiniteValueError
// made the library's infinite_value_error again, so that compute_answer makes
// the answer infinite instead of failing.
template <class F>
auto infinite_as_answer(F f) -> decltype(f()) {
  try {
    return f();
  } catch (py::error_already_set& e) {
    if (!e.matches(py::module_::import("exactdp").attr("InfiniteValueError"))) throw;
    throw exactdp::infinite_value_error(py::str(e.value()).cast<std::string>());
  }
}

}  // namespace

void bind_answer(py::module_& m) {
  m.def(
      "answer",
      [](const py::function& fn, const py::args& args, py::handle check, const modulus_arg& modulus,
         const int_arg& digits, const py::kwargs& kwargs) {
        if (kwargs.contains("number"))
          throw std::invalid_argument("answer computes every number system itself: do not pass number=");
        api::answer_request request;
        request.modulus = modulus_value(modulus).value_or(api::default_modulus);
        request.digits = integer_value<int>(digits, "digits", 0, 100000);
        if (!check.is_none()) {
          request.check_text = py::str(check).cast<std::string>();
          // math.inf or "inf" / "Infinity": a value of +infinity, as the tool's --check inf.
          request.check_infinite = (py::isinstance<py::float_>(check) && check.cast<double>() == HUGE_VAL) ||
                                   (py::isinstance<py::str>(check) && api::reads_as_infinity(request.check_text));
          if (!request.check_infinite) request.check = check_value(check);
        }
        const auto call = [fn, args, kwargs](const char* number, std::optional<std::uint64_t> p) {
          py::dict kw(kwargs);
          kw["number"] = number;
          if (p) kw["modulus"] = *p;
          return fn(*args, **kw);
        };
        auto integer = std::make_shared<bool>(false);  // the exact answer is an int (a count)
        api::value_runs runs;
        runs.exact = [call, integer] {
          const py::object r =
              one_number(infinite_as_answer([&] { return call("exact", std::nullopt); }), "exact", false);
          *integer = py::isinstance<py::int_>(r);
          return to_rational(r);
        };
        runs.approx = [call] {
          return one_number(infinite_as_answer([&] { return call("double", std::nullopt); }), "double", false)
              .cast<double>();
        };
        runs.residue = [call](std::uint64_t p) {
          return one_number(infinite_as_answer([&] { return call("mod", p); }), "mod", true).cast<std::uint64_t>();
        };
        runs.residues = api::residue_width::wide;
        api::answer_hooks hooks;
        hooks.words = failure_words;
        hooks.stops = stops_the_answer;
        hooks.exact_option = "number=\"exact\"";
        hooks.check_option = "check=";
        py::dict d = answer_dict(api::compute_answer(runs, request, hooks));
        if (*integer && !d["exact"].is_none()) d["exact"] = d["exact"].attr("numerator");
        return d;
      },
      py::arg("fn"), py::arg("check") = py::none(), py::arg("modulus").noconvert() = py::none(),
      py::arg("digits") = int_arg{py::int_(0)},
      "fn(*args, **kwargs) answered in every number system, as the tool prints an answer: a dict with \"exact\" "
      "(Fraction or int), \"double\" (float), \"mod\" (int) and \"modulus\", \"double_error\" (how far the double "
      "is from the exact value: \"absolute\", \"relative\", \"ulps\" from the correctly rounded double, "
      "\"finite\" and \"words\"), \"check\" (the same measure of your own value check=, a float, str or "
      "Fraction), \"decimal\" (digits= significant digits of the exact value, when digits > 0) and \"failures\" "
      "(the reason of each system that failed; a system that fails is None), \"infinite\" (True when fn raised "
      "exactdp.InfiniteValueError: \"exact\" and \"double\" are then math.inf, with \"infinite_reason\"). fn is any "
      "function of the module "
      "whose answer is one number and that takes number= and modulus=, e.g. "
      "answer(exactdp.knight_probability, 3, 2, 0, 0, check=0.0625). Bad input (ValueError, TypeError) and "
      "KeyboardInterrupt from any run stop the whole answer; fn's own exception is raised when every system "
      "fails.");
}

}  // namespace exactdp::python
