// The checker's view of a PRISM-language or JANI model
// (verify/lang_model.hpp), read back with the language front end.
#include "exactdp/verify/lang_model.hpp"

#include <stdexcept>
#include <string>

#include "exactdp/io/parse.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/lang/jani.hpp"

namespace exactdp {

verify_model load_lang_verify_model(const std::string& path, const certificate& c) {
  if (!c.target)
    throw std::invalid_argument("a certificate of a " + c.model.format +
                                " model names its property as its target, and this one has none");
  if (!c.model.reward_model.empty())  // the property names its reward structure
    throw std::invalid_argument("a certificate of a " + c.model.format + " model has no reward_model, not " +
                                quote_input(c.model.reward_model, 40));
  const std::string text = read_nonblank_text(path, "the model");
  const bool jani = lang::looks_like_jani(text);
  if (jani != (c.model.format == "jani"))
    throw std::invalid_argument(path + " is " + (jani ? "a JANI file" : "not a JANI file") +
                                ", and the certificate is for a " + c.model.format + " model");
  const lang::certificate_model m = lang::read_certificate_model(text, path, c.model.constants, *c.target);
  const lang::property& p = m.property;
  const std::string objective = lang::certificate_objective(m.model.kind, p);
  if (objective != c.objective)
    throw std::invalid_argument("the certificate's objective " + quote_input(c.objective, 20) +
                                " is not that of its property " + quote_input(p.text, 80) + " (" + objective + ")");
  lang::build_options options;
  options.fix_deadlocks = true;
  options.max_states = c.states.size();  // a larger space is another model's: no need to build it all
  lang::state_space space;
  try {
    space = lang::build_state_space(m.model, options);
  } catch (const lang::state_limit_error&) {
    const std::string n = std::to_string(c.states.size()), states = c.states.size() == 1 ? " state" : " states";
    throw std::invalid_argument("the model has more than " + n + states + ", the certificate " + n +
                                ": it is for another model");
  }
  const lang::unbounded_question q = lang::unbounded_question_of(m.model, space, p);
  verify_model v = to_verify_model(q.model);
  v.names = lang::state_names(m.model, space);
  v.labels[*c.target] = q.query.target;
  return v;
}

}  // namespace exactdp
