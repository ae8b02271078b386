// exactdp/io/prism_keywords.hpp: the words a model in the PRISM language
// starts with, the one list both the language front end (lang) and the
// explicit model readers (markov) use to tell such a model from the others.
#pragma once

#include <algorithm>
#include <iterator>
#include <string_view>

namespace exactdp {

/// Whether `word` is one of the four model types a model in the PRISM
/// language can start with (dtmc, mdp, ctmc, ma), which is also what the
/// first line of Storm's explicit .tra files holds alone. Cost: O(1).
/// Example: is_prism_model_type("ma") && !is_prism_model_type("module").
inline bool is_prism_model_type(std::string_view word) {
  static constexpr std::string_view types[] = {"dtmc", "mdp", "ctmc", "ma"};
  return std::find(std::begin(types), std::end(types), word) != std::end(types);
}

/// Whether `word` can be the first word of a model in the PRISM language:
/// a model type (is_prism_model_type) or probabilistic, nondeterministic,
/// stochastic, pta, smg, const, formula, module, global, label (PRISM
/// manual, "The PRISM Language"). Cost: O(1).
/// Example: is_prism_model_start("module") && !is_prism_model_start("init").
inline bool is_prism_model_start(std::string_view word) {
  static constexpr std::string_view words[] = {"probabilistic", "nondeterministic", "stochastic", "pta",    "smg",
                                               "const",         "formula",          "module",     "global", "label"};
  return is_prism_model_type(word) || std::find(std::begin(words), std::end(words), word) != std::end(words);
}

}  // namespace exactdp
