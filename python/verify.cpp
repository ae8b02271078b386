// python/verify.cpp: exactdp.verify(model, certificate, constants, query...): a
// certificate written by `exactdp chain|mdp|game|pig|check --certificate`, or
// values from elsewhere with their query, checked against the model by the
// library's independent checker (exactdp/verify/verify.hpp), as `exactdp
// verify` does.
#include <cmath>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <variant>

#include <pybind11/stl/filesystem.h>

#include "common.hpp"
#include "exactdp/certify/plain_values.hpp"
#include "exactdp/io/parse.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/verify/certificate.hpp"
#include "exactdp/verify/verify.hpp"

namespace exactdp::python {

namespace {

// A value of a dict given to verify as JSON text reads it: an int in
// full (through GMP, without Python's limit on int-to-text conversion), a
// Fraction as "n/d", a float as its repr (math.inf as "inf"), a str as it
// is. Throws ValueError for nan and -inf, which are no value.
py::object value_text(py::handle v, const std::string& what, const py::object& fraction) {
  if (PyFloat_Check(v.ptr())) {
    const double x = PyFloat_AS_DOUBLE(v.ptr());
    if (std::isinf(x) && x > 0) return py::str("inf");
    if (!std::isfinite(x))
      throw std::invalid_argument(what + " is " + py::repr(v).cast<std::string>() +
                                  ": a value is a number, or math.inf for an infinite expected reward");
    return py::repr(v);
  }
  if (PyLong_Check(v.ptr()) && !PyBool_Check(v.ptr())) return py::str(to_string(to_rational(v)));
  if (py::isinstance(v, fraction)) return py::str(to_string(to_rational(v)));
  if (py::isinstance<py::str>(v)) return py::reinterpret_borrow<py::object>(v);
  return py::str(v);
}

// A certificate dict's entry `x` at `at` ("query.target", "rank[2]") as
// json.dumps writes it: dicts with str keys, lists and tuples (a sequence
// is an array, as the file's), strs, ints, bools and None as they are; the
// items of "values" as value_text writes them (a Fraction as "n/d",
// math.inf as "inf"). Anything else (a Fraction or a float outside
// "values", a set, an object) is refused naming the key: the file holds
// no such thing. Depth-limited, as the file's reader is.
py::object certificate_entry(py::handle x, const std::string& at, bool values, const py::object& fraction, int depth) {
  if (depth > 8) throw std::invalid_argument("<certificate>: " + at + " is nested deeper than a certificate is");
  if (py::isinstance<py::dict>(x)) {
    py::dict out;
    for (auto [k, v] : py::reinterpret_borrow<py::dict>(x)) {
      if (!py::isinstance<py::str>(k))
        throw std::invalid_argument("<certificate>: " + at + " has the key " + py::repr(k).cast<std::string>() +
                                    ": a certificate's keys are strs");
      out[k] = certificate_entry(v, at + "." + k.cast<std::string>(), false, fraction, depth + 1);
    }
    return out;
  }
  if (py::isinstance<py::list>(x) || py::isinstance<py::tuple>(x)) {
    py::list out;
    std::size_t i = 0;
    for (py::handle v : x) {
      const std::string item = at + "[" + std::to_string(i++) + "]";
      const bool number = PyLong_Check(v.ptr()) || PyFloat_Check(v.ptr()) || py::isinstance(v, fraction);
      out.append(values && number && !PyBool_Check(v.ptr()) ? value_text(v, item, fraction)
                                                            : certificate_entry(v, item, false, fraction, depth + 1));
    }
    return out;
  }
  if (py::isinstance<py::str>(x) || PyLong_Check(x.ptr()) || x.is_none())
    return py::reinterpret_borrow<py::object>(x);  // an int as the file's (a bool is an int, refused by the reader)
  throw std::invalid_argument("<certificate>: " + at + " is " + py::repr(x).cast<std::string>().substr(0, 80) + " (a " +
                              py::type::handle_of(x).attr("__name__").cast<std::string>() +
                              "): a certificate holds strs, ints, lists (or tuples) and dicts, and its \"values\" "
                              "also Fractions, ints and floats");
}

// The JSON text of a certificate given as a dict: "certificate" first (the
// mark of a certificate, whatever the dict's order), and its values as the
// report gives them back written as the file writes them: a Fraction as
// "n/d", math.inf as "inf" (certificate_entry).
std::string certificate_json(const py::dict& d) {
  if (!d.contains("certificate"))
    throw std::invalid_argument("<certificate> is not a certificate (it has no \"certificate\" key)");
  const py::object fraction = py::module_::import("fractions").attr("Fraction");
  py::dict doc;
  doc["certificate"] = certificate_entry(d["certificate"], "certificate", false, fraction, 1);
  for (auto [key, value] : d) {
    if (!py::isinstance<py::str>(key))
      throw std::invalid_argument("<certificate> has the key " + py::repr(key).cast<std::string>() +
                                  ": a certificate's keys are strs");
    const std::string k = key.cast<std::string>();
    if (k == "certificate") continue;
    doc[key] = certificate_entry(value, k, k == "values", fraction, 1);
  }
  return py::module_::import("json").attr("dumps")(doc).cast<std::string>();
}

// Values from elsewhere given as a dict {state: value} as the JSON object
// read_plain_values reads: a Fraction, an int or a str as its text, a float
// as its repr (its shortest decimal), math.inf as "inf".
std::string values_json(const py::dict& d) {
  const py::object fraction = py::module_::import("fractions").attr("Fraction");
  py::dict doc;
  for (auto [key, value] : d)
    doc[key] = value_text(value, "the value of state " + py::str(key).cast<std::string>(), fraction);
  return py::module_::import("json").attr("dumps")(doc).cast<std::string>();
}

// Whether a str given as the certificate is its text rather than a path:
// it names no file, and it holds a line break (CSV lines) or begins, after
// white space, with '{' (a certificate's JSON, or values as a JSON
// object). Any other str is a path, as check tells a model's path from its
// text by its line breaks and the file it names.
bool is_json_or_lines(const py::str& given) {
  const std::string s = given.cast<std::string>();
  const bool lines = s.find_first_of("\r\n") != std::string::npos;
  std::error_code ec;
  if (!lines && std::filesystem::exists(s, ec)) return false;
  const std::size_t first = s.find_first_not_of(" \t\r\n");
  return lines || (first != std::string::npos && s[first] == '{');
}

// The query of values from elsewhere (exactdp.verify's keywords).
struct plain_options {
  std::optional<std::string> query, kind, target, start, format, reward_model, prop;
  py::object default_payoff;
  bool given() const {
    return query || kind || target || start || format || reward_model || prop || !default_payoff.is_none();
  }
};

}  // namespace

void bind_verify(py::module_& m) {
  m.def(
      "verify",
      [](const std::filesystem::path& model, const std::variant<py::dict, py::str, std::filesystem::path>& given,
         py::handle constants_arg, std::optional<std::string> query, std::optional<std::string> kind,
         std::optional<std::string> target, std::optional<std::string> start, py::object default_payoff,
         std::optional<std::string> format, std::optional<std::string> reward_model, std::optional<std::string> prop) {
        const plain_options plain{std::move(query), std::move(kind),          std::move(target),
                                  std::move(start), std::move(format),        std::move(reward_model),
                                  std::move(prop),  std::move(default_payoff)};
        // A dict of constants or a "N=3,MAX=2" str, as check takes them.
        std::optional<std::string> constants;
        if (!constants_arg.is_none()) {
          constants.emplace();
          for (const std::string& item : constant_items(constants_arg))
            *constants += (constants->empty() ? "" : ",") + item;
        }
        std::string text, source;
        if (const auto* d = std::get_if<py::dict>(&given)) {
          text = d->contains("certificate") || !(plain.query || plain.prop) ? certificate_json(*d) : values_json(*d);
          source = "<certificate>";
        } else if (const auto* str = std::get_if<py::str>(&given); str && is_json_or_lines(*str)) {
          text = str->cast<std::string>();
          source = "<certificate>";
        } else {
          source = str ? str->cast<std::string>() : std::get<std::filesystem::path>(given).string();
          text = read_nonblank_text(source, "the certificate", certificate_text_bytes_per_byte);
        }
        const bool full = is_certificate(text);
        if (full && plain.given())
          throw std::invalid_argument(
              "query, kind, target, start, default, format, reward_model and prop are for values from elsewhere; a "
              "certificate says them itself");
        if (!full && !plain.query && !plain.prop)
          throw std::invalid_argument(source +
                                      " is not a certificate (no \"certificate\" key first); values from elsewhere "
                                      "need query= (reach, steps, pmax, pmin, rmax, rmin or payoff), or prop= for a "
                                      "model in the PRISM language or JANI");
        const std::string model_path = model.string();
        plain_query q;
        if (!full && plain.prop) {  // a model in the PRISM language or JANI: its property says the question
          if (plain.query || plain.kind || plain.target || plain.format || plain.reward_model ||
              !plain.default_payoff.is_none())
            throw std::invalid_argument(
                "prop names the question of a model in the PRISM language or JANI: give no query, kind, target, "
                "default, format or reward_model with it");
          q.start = plain.start;
          q.property = plain.prop;
          q.constants = constants.value_or("");
        } else if (!full) {
          q = {*plain.query,
               plain.kind.value_or(""),
               plain.target,
               plain.start,
               std::nullopt,
               plain.format.value_or(""),
               plain.reward_model.value_or(""),
               std::nullopt,
               ""};
          // A number or its text, as the values are given.
          if (!plain.default_payoff.is_none())
            q.default_payoff = parse_number(
                value_text(plain.default_payoff, "default", py::module_::import("fractions").attr("Fraction"))
                    .cast<std::string>(),
                "default");
        }
        const auto [c, report] = released([&] {
          if (!full) return verify_plain_values(model_path, text, source, q);
          exactdp::certificate cert = read_certificate(text, source);
          verify_report r = verify_certificate(model_path, cert, constants);
          return std::pair{std::move(cert), std::move(r)};
        });
        py::dict d;
        d["verified"] = report.verified;
        d["objective"] = c.objective;
        d["start"] = report.start;
        if (!report.verified)
          d["value"] = py::none();
        else if (report.start_value)
          d["value"] = to_fraction(*report.start_value);
        else
          d["value"] = py::float_(std::numeric_limits<double>::infinity());
        d["state"] = report.state ? py::object(py::str(c.states.at(*report.state))) : py::object(py::none());
        d["reason"] = report.verified ? py::object(py::none()) : py::object(py::str(report.reason));
        d["theorem"] = report.theorem;
        d["witnesses"] = full;
        py::list unchecked;
        for (const std::string& u : report.unchecked) unchecked.append(u);
        d["unchecked"] = unchecked;
        return d;
      },
      py::arg("model"), py::arg("certificate"), py::kw_only(), py::arg("constants") = py::none(),
      py::arg("query") = py::none(), py::arg("kind") = py::none(), py::arg("target") = py::none(),
      py::arg("start") = py::none(), py::arg("default") = py::none(), py::arg("format") = py::none(),
      py::arg("reward_model") = py::none(), py::arg("prop") = py::none(),
      "Checks a certificate against its model in exact arithmetic, without solving, as `exactdp verify` does "
      "(docs/certificates.md): every state's equation, the strategy's optimality and the witnesses (ranks, the "
      "closure of the states of value 0), which together prove the values are the unique (or least) solution. "
      "model: the model file's path (the certificate holds its SHA-256), or \"pig\" for a certificate of Pig "
      "(checked against the game's rules; its parameters, required as constants, are its identity). "
      "certificate: the path of a certificate "
      "written by `exactdp chain|mdp|game|pig|check --certificate FILE.json` (a str or a pathlib.Path), that JSON "
      "document as a dict (lists or tuples for its arrays), or its text as a str (a str that names no file and "
      "begins with '{' or holds a line break is the text; any other str is a path). "
      "constants: the model's constants as a dict {\"N\": 3} or a str \"N=3,MAX=2\"; refused when the "
      "certificate was written with others (the order and the numerals do not count). "
      "Values from elsewhere, without witnesses: certificate a CSV (state,value lines) or JSON file of every "
      "state's value, or a dict {state: value} (Fractions, ints, decimal strs, floats by their repr, math.inf), "
      "with query (reach or steps: a Markov chain; pmax, pmin, rmax, rmin: an MDP; payoff: a game; reach with "
      "kind=\"game\": a reachability game), target, start (the state reported; default the first), default (a "
      "payoff game's value of a play that never ends, a number or its text, default 0), format and reward_model as "
      "the model's readers take them; for a model in the PRISM language or JANI, prop instead (the property's "
      "text, or a JANI property's name: it sets the question; constants the model's), the states named by their "
      "variables' values \"(x=1, y=0)\", as exactdp check --export-values writes them (its CSV or JSON files read back "
      "too): "
      "the equations and the optimality of each state's best choice are checked, "
      "then the witnesses the values imply are derived from them and checked; values that solve the equations "
      "but are another fixed point than the query's (a loop given Pmax 1) are refused, naming the state. Returns "
      "a dict: verified (bool), objective, start "
      "(the start state's name), value (a Fraction at the start; math.inf for an infinite expected reward; "
      "None when not verified), state (the first state that failed, else None), reason (what failed, with "
      "both sides of its equation, else None), theorem (why the checks imply the values; \"\" for values from "
      "elsewhere refused), witnesses (False for values from elsewhere: the file held none), unchecked (the witnesses "
      "not checked: empty, as they are derived). A wrong certificate is a report with verified False, not an error. "
      "Raises ValueError for a file that is not a "
      "certificate, values that do not fit the model, exactdp.ResourceError past a budget.");
}

}  // namespace exactdp::python
