// exactdp/decision/model_files.hpp: decision models (MDPs, stochastic games)
// from model files of every format exactdp reads: its JSON decision format
// (json_model.hpp), PRISM's and Storm's explicit MDP files (.tra with .lab
// and state rewards beside it) and Storm's DRN with "@type: MDP" (read by
// exactdp/markov/explicit_model.hpp).
#pragma once

#include <string>

#include "exactdp/decision/model.hpp"
#include "exactdp/markov/explicit_model.hpp"

namespace exactdp {

/// The Markov decision process of a model with choices: every state with
/// choices belongs to the one player (state_owner::max; the query chooses
/// whether it maximises or minimises), a state without choices is terminal
/// with payoff 0, the choices keep their action names and distributions,
/// and a choice's reward is the state's reward plus the choice's own
/// (PRISM's and Storm's convention: both are collected when the step is
/// taken). Labels, names and the start state are kept.
/// Errors: decision_builder's (none for a model that loaded); resource_error
/// past the state budget. Cost: linear in the model.
/// Status: tested on PRISM's and Storm's files of the same MDP against its
/// JSON (tests/decision/test_model_files.cpp).
/// Example: to_decision_model(parse_storm_explicit("dtmc\n0 0 0.5\n0 1 0.5\n", "coin.tra")).size() == 2.
decision_model to_decision_model(const explicit_model& model);

/// Reads a decision model from `path` ("-" for standard input): options.format
/// names the format ("json", "prism", "storm", "drn") or "" tells it from the
/// content. JSON is the decision format of json_model.hpp (not the chain
/// format); the others are read as explicit models and converted by
/// to_decision_model.
/// Errors: std::invalid_argument "SOURCE:LINE: ..." for a fault in the file,
/// an unreadable file or an unknown format; resource_error past the budgets.
/// Cost: linear in the file.
/// Status: tested on every format (tests/decision/test_model_files.cpp) and
/// through the mdp command.
/// Example: from the source tree, load_decision_model("examples/decision/lottery.json").size() == 9.
decision_model load_decision_model(const std::string& path, const model_file_options& options = {});

}  // namespace exactdp
