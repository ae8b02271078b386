// python/verify.cpp: exactdp.verify(model, certificate, constants): a
// certificate written by `exactdp chain|mdp|game|pig|check --certificate`, checked
// against its model by the library's independent checker
// (exactdp/verify/verify.hpp), as `exactdp verify` does.
#include <cmath>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <variant>

#include <pybind11/stl/filesystem.h>

#include "common.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/verify/certificate.hpp"
#include "exactdp/verify/verify.hpp"

namespace exactdp::python {

namespace {

// The JSON text of a certificate given as a dict: "certificate" first (the
// mark of a certificate, whatever the dict's order), and its values as the
// report gives them back written as the file writes them: a Fraction as
// "n/d", math.inf as "inf".
std::string certificate_json(const py::dict& d) {
  if (!d.contains("certificate"))
    throw std::invalid_argument("<certificate> is not a certificate (it has no \"certificate\" key)");
  const py::object fraction = py::module_::import("fractions").attr("Fraction");
  py::dict doc;
  doc["certificate"] = d["certificate"];
  for (auto [key, value] : d) {
    if (py::str(key).cast<std::string>() == "certificate") continue;
    if (py::str(key).cast<std::string>() == "values" && py::isinstance<py::list>(value)) {
      py::list values;
      for (py::handle v : value) {
        if (py::isinstance(v, fraction))
          values.append(py::str(v));
        else if (py::isinstance<py::float_>(v) && std::isinf(v.cast<double>()) && v.cast<double>() > 0)
          values.append(py::str("inf"));
        else
          values.append(v);
      }
      doc[key] = values;
    } else {
      doc[key] = value;
    }
  }
  return py::module_::import("json").attr("dumps")(doc).cast<std::string>();
}

}  // namespace

void bind_verify(py::module_& m) {
  m.def(
      "verify",
      [](const std::filesystem::path& model, const std::variant<std::filesystem::path, py::dict>& given,
         py::handle constants_arg) {
        // A dict of constants or a "N=3,MAX=2" str, as check takes them.
        std::optional<std::string> constants;
        if (!constants_arg.is_none()) {
          constants.emplace();
          for (const std::string& item : constant_items(constants_arg))
            *constants += (constants->empty() ? "" : ",") + item;
        }
        std::string text, source;
        if (const auto* d = std::get_if<py::dict>(&given)) {
          text = certificate_json(*d);
          source = "<certificate>";
        } else {
          source = std::get<std::filesystem::path>(given).string();
          text = read_nonblank_text(source, "the certificate", certificate_text_bytes_per_byte);
        }
        if (!is_certificate(text))
          throw std::invalid_argument(source +
                                      " is not a certificate (no \"certificate\" key first); values from elsewhere "
                                      "are checked by `exactdp verify MODEL VALUES --query ...`");
        const std::string model_path = model.string();
        const auto [c, report] = released([&] {
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
        return d;
      },
      py::arg("model"), py::arg("certificate"), py::kw_only(), py::arg("constants") = py::none(),
      "Checks a certificate against its model in exact arithmetic, without solving, as `exactdp verify` does "
      "(docs/certificates.md): every state's equation, the strategy's optimality and the witnesses (ranks, the "
      "closure of the states of value 0), which together prove the values are the unique (or least) solution. "
      "model: the model file's path (the certificate holds its SHA-256), or \"pig\" for a certificate of Pig "
      "(checked against the game's rules; its parameters, required as constants, are its identity). "
      "certificate: the path of a certificate "
      "written by `exactdp chain|mdp|game|pig|check --certificate FILE.json`, or that JSON document as a dict. "
      "constants: the model's constants as a dict {\"N\": 3} or a str \"N=3,MAX=2\"; refused when the "
      "certificate was written with others (the order and the numerals do not count). Returns a dict: verified (bool), "
      "objective, start "
      "(the start state's name), value (a Fraction at the start; math.inf for an infinite expected reward; "
      "None when not verified), state (the first state that failed, else None), reason (what failed, with "
      "both sides of its equation, else None), theorem (why the checks imply the values). A wrong "
      "certificate is a report with verified False, not an error. Raises ValueError for a file that is not a "
      "certificate or does not fit the model, exactdp.ResourceError past a budget.");
}

}  // namespace exactdp::python
