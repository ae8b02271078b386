// Decision models from model files of every format (model_files.hpp).
#include "exactdp/decision/model_files.hpp"

#include "exactdp/decision/json_model.hpp"
#include "exactdp/io/read_text.hpp"

namespace exactdp {

decision_model to_decision_model(const explicit_model& model) {
  decision_builder b(model.source());
  // States named by index stay unnamed: the decision model calls them by
  // index too, without a table of a million names.
  for (std::size_t s = 0; s < model.size(); ++s)
    b.add_state(model.choice_count(s) == 0 ? state_owner::terminal : state_owner::max,
                model.has_names() ? model.name(s) : std::string());
  for (std::size_t s = 0; s < model.size(); ++s) {
    for (std::size_t c = model.choice_begin(s); c < model.choice_end(s); ++c) {
      const std::size_t choice = b.add_choice(s, model.action(c));
      for (const markov_transition& t : model.distribution(c)) b.transition(s, choice, t.to, t.probability);
      if (model.has_rewards()) b.reward(s, choice, model.state_reward(s) + model.choice_reward(c));
    }
  }
  for (const auto& [name, states] : model.labels()) {
    b.declare_label(name);
    for (const std::size_t s : states) b.label(name, s);
  }
  if (model.start()) b.start(*model.start());
  return b.build();
}

decision_model load_decision_model(const std::string& path, const model_file_options& options) {
  static_cast<void>(model_format_named(options.format));  // an unknown name is refused before the file is read
  const std::string text = read_text(path, "the decision model");
  const model_format format = model_format_of(text, path, options);
  if (format == model_format::json) return parse_decision_json(text, path == "-" ? "standard input" : path);
  return to_decision_model(parse_explicit_model(text, path, format, options));
}

}  // namespace exactdp
