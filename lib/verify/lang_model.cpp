// Certificates of PRISM-language and JANI models (verify/lang_model.hpp):
// the rule of the properties covered, the states' names, and the model read
// back with the language front end for the checker.
#include "exactdp/verify/lang_model.hpp"

#include <cstddef>
#include <limits>
#include <map>
#include <stdexcept>

#include "exactdp/io/parse.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/lang/jani.hpp"

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

api::checked_model read_lang_certificate_model(const std::string& model_text, const std::string& model_name,
                                               const std::string& constants, const std::string& label) {
  api::check_input in;
  in.model_text = model_text;
  in.model_name = model_name;
  in.prop = label;
  if (!constants.empty()) in.constants = api::read_constant_ranges({constants});
  const api::check_plan plan = api::plan_check(in);
  if (plan.combinations.size() != 1)
    throw std::invalid_argument("a certificate's constants " + quote_input(constants, 60) +
                                " give each constant one value, not a range");
  api::checked_model m = api::read_checked_model(in, plan, plan.combinations[0]);
  if (m.properties.size() != 1)
    throw std::invalid_argument("the certificate's target " + quote_input(label, 80) + " selects " +
                                std::to_string(m.properties.size()) + " properties of " + model_name + ", not one");
  if (!m.properties[0].error.empty()) throw std::invalid_argument(m.properties[0].error);
  return m;
}

bool same_constants(const std::string& a, const std::string& b) {
  // name -> value, exact where the text reads as a number.
  auto values = [](const std::string& text) {
    std::map<std::string, std::string> out;
    if (text.empty()) return out;
    for (const api::constant_range& c : api::read_constant_ranges({text})) {
      if (c.values.size() != 1)
        throw std::invalid_argument("the constants " + quote_input(text, 60) + " give " + name_text(c.name) +
                                    " a range: a certificate is for one value each");
      std::string value = c.values[0];
      try {
        value = to_string(parse_rational(value));
      } catch (const std::invalid_argument&) {
      }
      out[c.name] = value;
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
  api::checked_model m = read_lang_certificate_model(text, path, c.model.constants, *c.target);
  const lang::property& p = m.properties[0];
  const std::string objective = lang_certificate_objective(m.model.kind, p);
  if (objective != c.objective)
    throw std::invalid_argument("the certificate's objective " + quote_input(c.objective, 20) +
                                " is not that of its property " + quote_input(p.text, 80) + " (" + objective + ")");
  api::build_checked_space(m, true);
  const lang::property_question q = lang::question_of(m.model, m.space, p);
  verify_model v = to_verify_model(q.unbounded->model);
  v.names = lang_state_names(m.model, m.space);
  v.index.clear();
  for (std::size_t s = 0; s < v.names.size(); ++s) v.index.emplace(v.names[s], s);
  v.labels[*c.target] = q.unbounded->query.target;
  return v;
}

}  // namespace exactdp
