// python/check.cpp: exactdp.check(model, properties, constants): a model in
// the PRISM language or JANI and its properties, checked by the library's
// one floor for it (exactdp/api/check.hpp), as `exactdp check` does. Bound
// as an overload of check(): the table check (numeric.cpp) takes an array
// first, this one a str, a path or a dict.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <pybind11/stl/filesystem.h>

#include "common.hpp"
#include "exactdp/api/answer.hpp"
#include "exactdp/api/check.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/numeric/convert.hpp"

namespace exactdp::python {

namespace {

// A model or properties argument read: its text and its name in messages.
struct named_text {
  std::string text;
  std::string name;
};

// A str is a file's path when it holds no line break and names an existing
// file or ends with one of the languages' extensions; one word (no white
// space, no ';') that names no file is refused as a missing file; any
// other str is the text itself. A path-like object is always a path. (The one rule for the
// model and the properties.)
named_text text_or_file(const std::variant<py::str, std::filesystem::path>& x, const std::string& what,
                        const std::string& text_name, bool nonblank) {
  std::string path;
  if (const auto* p = std::get_if<std::filesystem::path>(&x)) {
    path = p->string();
  } else {
    std::string s = std::get<py::str>(x).cast<std::string>();
    static const char* const extensions[] = {".prism", ".pm", ".nm", ".jani", ".props", ".pctl", ".prop"};
    bool is_path = s.find('\n') == std::string::npos && s.find('\r') == std::string::npos;
    if (is_path) {
      const std::filesystem::path fp(s);
      std::error_code ec;
      const std::string ext = fp.extension().string();
      is_path = std::filesystem::is_regular_file(fp, ec) ||
                std::find(std::begin(extensions), std::end(extensions), ext) != std::end(extensions);
    }
    // One word that names no file (no white space, no ';'): a path mistyped,
    // not a model or properties text, which hold several words.
    if (!is_path && !s.empty() && s.find_first_of(" \t;") == std::string::npos) {
      std::error_code ec;
      if (!std::filesystem::exists(s, ec))
        throw std::invalid_argument(quote_input(s, 80) + " is no file (none of that name exists), and a str of " +
                                    "one word is not " + (what == "the model" ? "a model" : "a properties text") +
                                    " either");
    }
    if (!is_path) return {std::move(s), text_name};
    path = std::move(s);
  }
  return {nonblank ? read_nonblank_text(path, what) : read_text(path, what), path};
}

// The JSON text of a JANI model given as a dict: Python's json module
// writes it; a Fraction is written as JANI's division {"op": "/", "left":
// p, "right": q}; a float as its shortest decimal text (the text json.load
// read it from), which the strict reader reads exactly.
// The first float of `x` that is not finite (nan, inf, -inf), with where it
// is ("automata[0].edges[1]..."); JSON has no such number. Depth-limited,
// so that a dict holding itself is left to json.dumps to refuse.
std::optional<std::string> non_finite(py::handle x, const std::string& at, int depth) {
  if (depth > 200) return std::nullopt;
  if (PyFloat_Check(x.ptr()) && !std::isfinite(PyFloat_AS_DOUBLE(x.ptr())))
    return "the value " + py::repr(x).cast<std::string>() + (at.empty() ? "" : " at " + at);
  if (py::isinstance<py::dict>(x)) {
    for (auto [k, v] : py::reinterpret_borrow<py::dict>(x)) {
      const std::string key = py::str(k).cast<std::string>();
      if (auto r = non_finite(v, at + (at.empty() ? "" : ".") + key, depth + 1)) return r;
    }
  } else if (py::isinstance<py::list>(x) || py::isinstance<py::tuple>(x)) {
    std::size_t i = 0;
    for (py::handle v : x)
      if (auto r = non_finite(v, at + "[" + std::to_string(i++) + "]", depth + 1)) return r;
  }
  return std::nullopt;
}

std::string jani_json_text(const py::dict& model) {
  if (const std::optional<std::string> bad = non_finite(model, "", 0))
    throw std::invalid_argument("<model>: " + *bad +
                                " is not allowed in a model: a JANI number is finite (JSON has no nan or inf)");
  py::object fraction = py::module_::import("fractions").attr("Fraction");
  py::object encoder = py::cpp_function([fraction](py::handle v) -> py::object {
    if (py::isinstance(v, fraction)) {
      py::dict d;
      d["op"] = "/";
      d["left"] = v.attr("numerator");
      d["right"] = v.attr("denominator");
      return d;
    }
    throw py::type_error("a JANI model holds numbers, Fractions, strings, lists and dicts, not " +
                         std::string(py::str(py::type::handle_of(v).attr("__name__"))));
  });
  return py::module_::import("json").attr("dumps")(model, py::arg("default") = encoder).cast<std::string>();
}

// One reported value, computed with the GIL released, converted after.
struct row_value {
  std::string name, text, at, constants, refused;
  api::space_size size;
  std::optional<Rational> exact;
  double approx = 0;
  std::uint64_t residue = 0;
  std::optional<bool> holds;
  bool infinite = false;  ///< the value is +infinity (api::infinite_value_error)
};

std::vector<row_value> check_all(const api::check_input& in, const api::number_system& system) {
  const api::check_plan plan = api::plan_check(in);
  std::vector<row_value> out;
  for (const lang::constant_values& given : plan.combinations) {
    auto m = std::make_shared<api::checked_model>(api::read_checked_model(in, plan, given));
    api::build_checked_space(*m, true);
    std::string constants;
    for (const auto& [name, value] : given) constants += (constants.empty() ? "" : ",") + name + "=" + value;
    for (std::size_t pi = 0; pi < m->properties.size(); ++pi) {
      const lang::property& p = m->properties[pi];
      row_value base{p.name, p.text, "", constants, p.error, m->size, {}, 0, 0, {}};
      if (!p.error.empty()) {
        out.push_back(std::move(base));
        continue;
      }
      api::property_check check(m, pi);
      for (const api::report_row& rw : api::report_rows(*m, p)) {
        row_value v = base;
        v.at = rw.at;
        const bool truth_row = rw.reduce == "state" || rw.reduce == "first";
        // An infinite value is an answer: every system finds it (by graph analysis, no arithmetic).
        try {
          if (system.kind == api::system_kind::exact || (!p.numeric() && truth_row)) v.exact = check.exact(rw);
          if (system.kind == api::system_kind::approx) v.approx = check.approx(rw);
          if (system.kind == api::system_kind::residue) {
            try {
              v.residue = check.residue(rw, system.modulus);
            } catch (const api::infinite_value_error&) {
              throw;
            } catch (const std::domain_error&) {
              // As the tool does: a solve mod P that divides by a multiple of P
              // may still have a residue, the exact value's (or none: DomainError).
              v.residue = to_residue64(check.exact(rw), system.modulus);
            }
          }
        } catch (const api::infinite_value_error&) {
          v.infinite = true;
          v.exact.reset();
        }
        if (!p.numeric() && truth_row) v.holds = api::holds_bound(v.exact.value_or(0), p, v.infinite);
        if (!p.numeric() && (rw.reduce == "forall" || rw.reduce == "exists")) v.holds = check.exact(rw) != 0;
        out.push_back(std::move(v));
      }
    }
  }
  return out;
}

py::object optional_str(const std::string& s) { return s.empty() ? py::object(py::none()) : py::object(py::str(s)); }

}  // namespace

// constants= as --const items: a dict {name: value} (int, bool, Fraction or
// str such as "1/2" or a range "1:3"), or a "N=3,MAX=2" str.
std::vector<std::string> constant_items(py::handle constants) {
  if (constants.is_none()) return {};
  if (py::isinstance<py::str>(constants)) return {constants.cast<std::string>()};
  if (!py::isinstance<py::dict>(constants))
    throw py::type_error("constants= is a dict {\"N\": 3} or a str \"N=3,MAX=2\"");
  py::object fraction = py::module_::import("fractions").attr("Fraction");
  std::vector<std::string> items;
  for (auto [key, value] : py::reinterpret_borrow<py::dict>(constants)) {
    std::string text;
    if (py::isinstance<py::bool_>(value))
      text = value.cast<bool>() ? "true" : "false";
    else if (py::isinstance<py::int_>(value) || py::isinstance(value, fraction) || py::isinstance<py::str>(value))
      text = py::str(value).cast<std::string>();
    else
      throw py::type_error("the value of constant " + py::str(key).cast<std::string>() +
                           " is an int, a bool, a Fraction or a str such as \"1/2\" or \"1:3\", not " +
                           std::string(py::str(py::type::handle_of(value).attr("__name__"))) +
                           " (a float's decimal text is not the value meant)");
    // One item per key: a comma or '=' would smuggle in another constant.
    const std::string name = py::str(key).cast<std::string>();
    if (name.find_first_of(",=") != std::string::npos)
      throw std::invalid_argument("constants=: the name " + quote_input(name, 60) +
                                  " holds ',' or '=': give each constant its own key");
    if (text.find(',') != std::string::npos)
      throw std::invalid_argument("constants=: the value of " + quote_input(name, 60) + ", " + quote_input(text, 60) +
                                  ", holds ',': give each constant its own key (a range is \"1:3\")");
    items.push_back(name + "=" + text);
  }
  return items;
}

void bind_check(py::module_& m) {
  m.def(
      "check",
      [](const std::variant<py::str, py::dict, std::filesystem::path>& model,
         const std::optional<std::variant<py::str, std::filesystem::path>>& properties, py::handle constants,
         const std::string& number, const modulus_arg& modulus, py::handle prop) {
        api::check_input in;
        in.words = {"constants=", "prop=", "properties=", "<prop>"};
        in.constants = api::read_constant_ranges(constant_items(constants), in.words);
        if (const auto* d = std::get_if<py::dict>(&model)) {
          in.model_text = jani_json_text(*d);
          in.model_name = "<model>";
        } else {
          const auto* s = std::get_if<py::str>(&model);
          named_text t = s ? text_or_file(*s, "the model", "<model>", true)
                           : text_or_file(std::get<std::filesystem::path>(model), "the model", "<model>", true);
          in.model_text = std::move(t.text);
          in.model_name = std::move(t.name);
        }
        if (properties) {
          named_text t = text_or_file(*properties, "the properties", "<properties>", false);
          in.properties_text = std::move(t.text);
          in.properties_name = std::move(t.name);
        }
        if (!prop.is_none()) {
          if (!py::isinstance<py::str>(prop) && !py::isinstance<py::int_>(prop))
            throw py::type_error("prop= is a property's name, its 1-based index, or its text");
          in.prop = py::str(prop).cast<std::string>();
        }
        const api::number_system system = read_system(number, modulus, api::residue_width::narrow);
        const std::vector<row_value> rows = released([&] { return check_all(in, system); });
        py::list out;
        for (const row_value& v : rows) {
          py::dict d;
          d["name"] = optional_str(v.name);
          d["text"] = v.text;
          d["at"] = optional_str(v.at);
          d["constants"] = v.constants;
          if (!v.refused.empty() || (v.infinite && system.kind == api::system_kind::residue))
            d["value"] = py::none();
          else if (v.infinite)
            d["value"] = py::float_(HUGE_VAL);
          else if (system.kind == api::system_kind::exact)
            d["value"] = to_fraction(*v.exact);
          else if (system.kind == api::system_kind::approx)
            d["value"] = v.approx;
          else
            d["value"] = py::int_(v.residue);
          d["holds"] = v.holds ? py::object(py::bool_(*v.holds)) : py::object(py::none());
          d["infinite"] = v.infinite;
          d["refused"] = optional_str(v.refused);
          d["type"] = lang::to_string(v.size.kind);
          d["states"] = v.size.states;
          d["transitions"] = v.size.transitions;
          d["choices"] = v.size.choices;
          d["initial_states"] = v.size.initial_states;
          out.append(std::move(d));
        }
        return out;
      },
      py::arg("model"), py::arg("properties") = py::none(), py::arg("constants") = py::none(), py::kw_only(),
      py::arg("number") = "exact", py::arg("modulus").noconvert() = py::none(), py::arg("prop") = py::none(),
      "Checks a model's properties exactly, as `exactdp check` does (docs/prism.md, docs/jani.md). model: a "
      "PRISM-language model (dtmc, mdp) or a JANI file, as a path (a pathlib.Path, or a str without a line "
      "break that names a file or ends in .prism, .pm, .nm, .jani; a str of one word that names no file is "
      "refused), as its text, or (JANI) as a dict in the JANI shape (Fractions become JANI divisions; a float "
      "stands for its shortest decimal text; nan and inf are refused). "
      "properties: a PRISM properties file's path or text (a JANI file's properties are inside it). "
      "constants: the undefined constants, a dict {\"N\": 3} or a str \"N=3,MAX=2\"; a value \"3:2:11\" "
      "checks every value of the range. prop: a property's name, its 1-based index, or (PRISM) its text; "
      "default: every property. Returns a list of dicts, one per reported value: name (None when unnamed), "
      "text, at (None; the state \"(x=1)\" when there are several initial states, at most 10; \"min\" or "
      "\"max\" over more), constants (\"N=3\"), value (None for a refused property), infinite (True when "
      "the value is +infinity: an expected reward that misses its target with positive probability, which PRISM "
      "and Storm print as Infinity; value is then math.inf, for number=\"exact\" too, as a Fraction has no "
      "infinity and math.inf compares right with Fractions, and None for number=\"mod\": no residue), holds "
      "(a bound's truth, else None; infinity is above every bound), refused (the reason, else None), type, "
      "states, transitions, choices, initial_states. "
      "number=\"exact\" gives Fractions, \"double\" floats, \"mod\" residues modulo the prime modulus= "
      "(below 2^31, default 1000000007). Raises ValueError with file:line:column for bad input, "
      "exactdp.DomainError for a missing residue, exactdp.ResourceError past a budget.",
      // Tried before numeric's check(values, exact): a model is a str, a
      // dict or a path, never an array, and the array overload imports
      // numpy to look at its arguments.
      py::prepend());
}

}  // namespace exactdp::python
