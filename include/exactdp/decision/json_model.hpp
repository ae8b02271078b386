// exactdp/decision/json_model.hpp: decision models (MDPs and turn-based
// stochastic games) read from JSON.
//
// The format extends the expectiminimax format of games/expectiminimax.hpp
// (every expectiminimax file is a decision model) with cycles, choices with
// several successors and rewards, labels, and a start state:
//
//   { "start": "s0",                        (or "root", the expectiminimax name)
//     "nodes": [
//       {"id": "s0", "kind": "max",         (max, min, chance or terminal)
//        "choices": [{"action": "roll", "to": {"s1": "1/6", "s0": "5/6"}, "reward": 1},
//                    {"action": "stop", "to": {"end": 1}}]},
//       {"id": "s1", "kind": "chance", "children": ["s0", "end"], "probabilities": ["1/2", "1/2"]},
//       {"id": "end", "kind": "terminal", "payoff": 1} ],
//     "labels": {"goal": ["end"]},
//     "description": "..." }
//
// Rules (each broken rule is std::invalid_argument "SOURCE:LINE:COLUMN: ..."):
//   - "nodes" is required and non-empty; each node has a unique string "id"
//     and a "kind"; successors may be any node, earlier or later (cycles are
//     allowed);
//   - a max or min node has "choices" (one or more) or "children" (each child
//     is one choice that moves there for sure, named after the child); a
//     chance node has one choice, or "children" with "probabilities"; a
//     terminal node has neither, and an optional "payoff" (default 0);
//   - a choice is {"to": {id: probability, ...}, "action": name, "reward":
//     number}, "to" required, action names unique within a node, rewards
//     0 by default; probabilities are exact (JSON numbers or strings such as
//     "1/6"), in [0, 1], summing to exactly 1 (nothing is renormalised); a
//     successor appears at most once per choice (JSON keys are unique);
//   - "labels" maps names to arrays of node ids; "start" names a node;
//   - unknown keys, repeated keys, and nesting past json_max_depth are
//     refused by the strict reader (exactdp/io/json_input.hpp).
// Source: the explicit MDP formats of PRISM and Storm hold the same things
// (states, choices with distributions and rewards, labels, initial state);
// this is their JSON counterpart.
#pragma once

#include <string>
#include <string_view>

#include "exactdp/decision/model.hpp"

namespace exactdp {

/// Reads a decision model from JSON text in the format of the file comment.
/// `source` names the text in messages (a file name, "standard input").
/// Errors: std::invalid_argument "SOURCE:LINE:COLUMN: ..." for bad JSON or a broken
/// rule (unknown or repeated keys, an unknown node id, a max or min node
/// without choices, probabilities that do not sum to 1 with their exact
/// sum, ...); resource_error past the state budget (the text is checked
/// before it is parsed, the states while they are added).
/// Cost: linear in the text, plus one exact sum per choice.
/// Status: every rule and error path tested through the tool
/// (tests/tool/decision.cpp); the examples of docs/decision.md are read by it.
/// Example: parse_decision_json(R"({"start": "a", "labels": {"goal": ["b"]}, "nodes": [{"id": "a", "kind": "max",
/// "choices": [{"action": "go", "to": {"a": "1/2", "b": "1/2"}}]}, {"id": "b", "kind": "terminal"}]})").size() == 2.
decision_model parse_decision_json(std::string_view text, const std::string& source = "model");

/// The file `path` (or standard input for "-") read by parse_decision_json.
/// Errors: parse_decision_json's, and std::invalid_argument for a file that
/// cannot be read (a directory, a missing file) with the system's reason.
/// Example: from the source tree, load_decision_json("examples/decision/lottery.json").size() == 9.
decision_model load_decision_json(const std::string& path);

}  // namespace exactdp
