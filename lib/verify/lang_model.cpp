// Certificates of PRISM-language and JANI models (verify/lang_model.hpp):
// the rule of the properties covered, the states' names, and the model read
// back with the language front end for the checker.
#include "exactdp/verify/lang_model.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <map>
#include <stdexcept>

#include "exactdp/io/parse.hpp"
#include "exactdp/io/read_text.hpp"

namespace exactdp {

std::string lang_certificate_objective(lang::model_kind kind, const lang::property& p) {
  const bool reward = p.letter == 'R' || p.letter == 'T';
  const bool covered = p.numeric() && (p.letter == 'P' || reward) && p.path == 'F' && !p.steps &&
                       (kind == lang::model_kind::dtmc || p.optimum != 0);
  if (!covered)
    throw std::invalid_argument(
        "a certificate covers P=? [F φ] and R=? [F φ] on a DTMC and Pmax=?, Pmin=?, Rmax=?, Rmin=? [F φ] on an MDP "
        "(unbounded reachability and expected rewards, every state's value); not " +
        quote_input(p.text, 80));
  if (kind == lang::model_kind::dtmc) return reward ? "steps" : "reach";
  return std::string(reward ? "r" : "p") + (p.optimum > 0 ? "max" : "min");
}

std::vector<std::string> lang_state_names(const lang::symbolic_model& model, const lang::state_space& space) {
  std::vector<std::string> names(space.size());
  for (std::size_t s = 0; s < names.size(); ++s)
    names[s] = lang::describe_state(model, space, s, std::numeric_limits<std::size_t>::max());
  return names;
}

lang_certificate_model read_lang_certificate_model(const std::string& model_text, const std::string& model_name,
                                                   const std::string& constants, const std::string& label) {
  lang_certificate_model m;
  m.constants = lang::read_constant_items(constants, "a certificate's \"constants\"");
  for (const auto& [name, value] : m.constants)
    if (value.find(':') != std::string::npos)
      throw std::invalid_argument("a certificate's constants " + quote_input(constants, 60) +
                                  " give each constant one value, not a range");
  const bool jani = lang::looks_like_jani(model_text);
  if (!jani && !lang::looks_like_prism_model(model_text))
    throw std::invalid_argument(model_name + " is neither a model in the PRISM language nor a JANI file");
  const std::vector<std::string> known =
      jani ? lang::undefined_jani_constants(model_text, model_name) : lang::undefined_constants(model_text, model_name);
  for (const auto& [name, value] : m.constants)
    if (std::ranges::find(known, name) == known.end())
      throw std::invalid_argument("the certificate's constant " + name_text(name) +
                                  " is not an undefined constant of " + model_name);
  std::vector<lang::property> selected;
  if (jani) {
    lang::jani_file f = lang::parse_jani(model_text, model_name, m.constants);
    m.model = std::move(f.model);
    for (lang::property& p : f.properties)
      if (p.name == label) selected.push_back(std::move(p));
  } else {
    m.model = lang::parse_prism_language(model_text, model_name, m.constants);
    selected = lang::parse_properties(label, "the certificate's target", m.model, m.constants);
  }
  if (selected.size() != 1)
    throw std::invalid_argument("the certificate's target " + quote_input(label, 80) + " selects " +
                                std::to_string(selected.size()) + " properties of " + model_name + ", not one");
  if (!selected[0].error.empty()) throw std::invalid_argument(selected[0].error);
  m.property = std::move(selected[0]);
  return m;
}

bool same_constants(const std::string& a, const std::string& b) {
  // name -> value, exact where the text reads as a number.
  auto values = [](const std::string& text) {
    std::map<std::string, std::string> out;
    for (auto& [name, value] : lang::read_constant_items(text, "the constants")) {
      try {
        value = to_string(parse_rational(value));
      } catch (const std::invalid_argument&) {
      }
      out[name] = value;
    }
    return out;
  };
  return values(a) == values(b);
}

verify_model load_lang_verify_model(const std::string& path, const certificate& c) {
  if (!c.target)
    throw std::invalid_argument("a certificate of a " + c.model.format +
                                " model names its property as its target, and this one has none");
  const std::string text = read_nonblank_text(path, "the model");
  const bool jani = lang::looks_like_jani(text);
  if (jani != (c.model.format == "jani"))
    throw std::invalid_argument(path + " is " + (jani ? "a JANI file" : "not a JANI file") +
                                ", and the certificate is for a " + c.model.format + " model");
  const lang_certificate_model m = read_lang_certificate_model(text, path, c.model.constants, *c.target);
  const lang::property& p = m.property;
  const std::string objective = lang_certificate_objective(m.model.kind, p);
  if (objective != c.objective)
    throw std::invalid_argument("the certificate's objective " + quote_input(c.objective, 20) +
                                " is not that of its property " + quote_input(p.text, 80) + " (" + objective + ")");
  lang::build_options options;
  options.fix_deadlocks = true;
  const lang::state_space space = lang::build_state_space(m.model, options);
  const lang::unbounded_question q = lang::unbounded_question_of(m.model, space, p);
  verify_model v = to_verify_model(q.model);
  v.names = lang_state_names(m.model, space);
  v.labels[*c.target] = q.query.target;
  return v;
}

}  // namespace exactdp
