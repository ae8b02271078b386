// exactdp.answer: any of the module's functions answered in every number
// system at once, with the double's error and the measure of a float of the
// caller's, by the library's compute_answer (exactdp/api/answer.hpp), the
// same rule as the tool's answer lines and --check.
#include <cmath>
#include <cstdint>
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
  d["exact"] = a.exact ? to_fraction(*a.exact) : py::object(py::none());
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
  if (py::isinstance<py::float_>(x)) return to_rational(py::module_::import("fractions").attr("Fraction")(x));
  if (py::isinstance<py::str>(x)) return parse_number(x.cast<std::string>(), "check");
  return to_rational(x);
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
          request.check = check_value(check);
          request.check_text = py::str(check).cast<std::string>();
        }
        const auto call = [fn, args, kwargs](const char* number) {
          py::dict kw(kwargs);
          kw["number"] = number;
          return fn(*args, **kw);
        };
        api::value_runs runs;
        runs.exact = [call] { return to_rational(call("exact")); };
        runs.approx = [call] { return call("double").cast<double>(); };
        runs.residue = [fn, args, kwargs](std::uint64_t p) {
          py::dict kw(kwargs);
          kw["number"] = "mod";
          kw["modulus"] = p;
          return fn(*args, **kw).cast<std::uint64_t>();
        };
        runs.residues = api::residue_width::wide;
        api::answer_hooks hooks;
        hooks.exact_option = "number=\"exact\"";
        hooks.check_option = "check=";
        return answer_dict(api::compute_answer(runs, request, hooks));
      },
      py::arg("fn"), py::arg("check") = py::none(), py::arg("modulus").noconvert() = py::none(),
      py::arg("digits") = int_arg{py::int_(0)},
      "fn(*args, **kwargs) answered in every number system, as the tool prints an answer: a dict with \"exact\" "
      "(Fraction or int), \"double\" (float), \"mod\" (int) and \"modulus\", \"double_error\" (how far the double "
      "is from the exact value: \"absolute\", \"relative\", \"ulps\" from the correctly rounded double, "
      "\"finite\" and \"words\"), \"check\" (the same measure of your own value check=, a float, str or "
      "Fraction), \"decimal\" (digits= significant digits of the exact value, when digits > 0) and \"failures\" "
      "(the reason of each system that failed; a system that fails is None). fn is any function of the module "
      "that takes number= and modulus=, e.g. answer(exactdp.knight_probability, 3, 2, 0, 0, check=0.0625). "
      "Raises what fn raises when every system fails.");
}

}  // namespace exactdp::python
