// The rules certificates of PRISM-language and JANI models share between
// writer and checker (lang/certificate_model.hpp).
#include "exactdp/lang/certificate_model.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <map>
#include <stdexcept>

#include "exactdp/io/parse.hpp"
#include "exactdp/lang/jani.hpp"
#include "exactdp/lang/prism.hpp"

namespace exactdp::lang {

std::string certificate_objective(model_kind kind, const property& p) {
  const bool reward = p.letter == 'R' || p.letter == 'T';
  const bool covered = p.numeric() && (p.letter == 'P' || reward) && p.path == 'F' && !p.steps &&
                       (kind == model_kind::dtmc || p.optimum != 0);
  if (!covered)
    throw std::invalid_argument(
        "a certificate covers P=? [F φ] and R=? [F φ] on a DTMC and Pmax=?, Pmin=?, Rmax=?, Rmin=? [F φ] on an MDP "
        "(unbounded reachability and expected rewards, every state's value); not " +
        quote_input(p.text, 80));
  if (kind == model_kind::dtmc) return reward ? "steps" : "reach";
  return std::string(reward ? "r" : "p") + (p.optimum > 0 ? "max" : "min");
}

std::vector<std::string> state_names(const symbolic_model& model, const state_space& space) {
  std::vector<std::string> names(space.size());
  for (std::size_t s = 0; s < names.size(); ++s)
    names[s] = describe_state(model, space, s, std::numeric_limits<std::size_t>::max());
  return names;
}

certificate_model read_certificate_model(const std::string& model_text, const std::string& model_name,
                                         const std::string& constants, const std::string& label,
                                         const std::string& label_name) {
  certificate_model m;
  m.constants = read_constant_items(constants, "a certificate's \"constants\"");
  for (const auto& [name, value] : m.constants)
    if (value.find(':') != std::string::npos)
      throw std::invalid_argument("a certificate's constants " + quote_input(constants, 60) +
                                  " give each constant one value, not a range");
  const bool jani = looks_like_jani(model_text);
  if (!jani && !looks_like_prism_model(model_text))
    throw std::invalid_argument(model_name + " is neither a model in the PRISM language nor a JANI file");
  const std::vector<std::string> known =
      jani ? undefined_jani_constants(model_text, model_name) : undefined_constants(model_text, model_name);
  for (const auto& [name, value] : m.constants)
    if (std::ranges::find(known, name) == known.end())
      throw std::invalid_argument("the certificate's constant " + name_text(name) +
                                  " is not an undefined constant of " + model_name);
  std::vector<property> selected;
  if (jani) {
    jani_file f = parse_jani(model_text, model_name, m.constants);
    m.model = std::move(f.model);
    for (property& p : f.properties)
      if (p.name == label) selected.push_back(std::move(p));
  } else {
    m.model = parse_prism_language(model_text, model_name, m.constants);
    selected = parse_properties(label, label_name, m.model, m.constants);
  }
  if (selected.size() != 1)
    throw std::invalid_argument(label_name + " " + quote_input(label, 80) + " selects " +
                                std::to_string(selected.size()) + " properties of " + model_name + ", not one");
  if (!selected[0].error.empty()) throw std::invalid_argument(selected[0].error);
  m.property = std::move(selected[0]);
  return m;
}

bool same_constants(const std::string& a, const std::string& b) {
  // name -> value, exact where the text reads as a number.
  auto values = [](const std::string& text) {
    std::map<std::string, std::string> out;
    for (auto& [name, value] : read_constant_items(text, "the constants")) {
      try {
        value = exactdp::to_string(parse_rational(value));
      } catch (const std::invalid_argument&) {
      }
      out[name] = value;
    }
    return out;
  };
  return values(a) == values(b);
}

}  // namespace exactdp::lang
