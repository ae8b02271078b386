// exactdp/lang/prism.hpp: the PRISM language read into the symbolic model
// (model.hpp).
//
// What is read: model types dtmc (probabilistic) and mdp (nondeterministic);
// constants `const int|double|bool N [= e];` (undefined ones are given by
// the caller, as PRISM's -const); `formula`, `label`, `global` variables;
// modules with bounded integers `x : [a..b] [init e];` and `b : bool [init
// e];`; module renaming `module p2 = p1 [x1=x2, a=b] endmodule`; commands
// `[act] guard -> p1 : (x'=e)&(y'=f) + p2 : ... ;` and `-> true;`;
// `rewards "name" guard : r; [a] guard : r; endrewards`; `init ... endinit`;
// comments. Expressions with PRISM's precedence (? :, =>, <=>, |, &, !,
// relations, + -, * /, unary -), min, max, floor, ceil, round, pow, mod,
// log; `/` is exact rational division; doubles are read exactly (0.1 is
// 1/10). Refused with the reason: ctmc, pta, smg, ma and other model types,
// unbounded `int` variables, clocks, `system ... endsystem`, rates.
// Errors: std::invalid_argument "file:line:column: message" naming the
// token: syntax, undefined or doubly defined names, type errors, a
// constant without a value, an assignment to another module's variable,
// an initial value outside its range.
// Source: the PRISM manual, "The PRISM Language" (prismmodelchecker.org).
// Status: tested construct by construct (tests/lang/test_prism.cpp) and on
// the Quantitative Verification Benchmark Set's models (tests/lang/test_qvbs.cpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "exactdp/lang/model.hpp"

namespace exactdp::lang {

/// Values for constants, as the command line gives them: name and text
/// ("3", "0.5", "1/3", "true"). Names the model does not declare are ignored
/// here (they may be the properties' constants).
using constant_values = std::vector<std::pair<std::string, std::string>>;

/// Constants given as text, "N=16,p=1/2": NAME=VALUE items separated by
/// commas, as name-value pairs in their order ("" has none); a value is kept
/// as written (a range "1:3" too: api::read_constant_ranges reads ranges).
/// Throws std::invalid_argument naming `what` ("--const") for an item
/// without '=' or a name, a value that is empty, or a name given twice.
/// Cost: linear in the text (quadratic in the items: few).
/// Example: read_constant_items("N=3,p=1/2", "--const") == constant_values{{"N", "3"}, {"p", "1/2"}}.
constant_values read_constant_items(std::string_view text, const std::string& what);

/// A bool constant's value as given: true or false (any case: Storm writes
/// True), or nullopt.
/// Example: boolean_text("True") == true.
std::optional<bool> boolean_text(std::string_view text);

/// Parses a PRISM model. `source` names the file in messages. Cost: linear
/// in the text (expressions are compiled once, constant parts folded).
/// Example: parse_prism_language(text, "coin.prism").variables.size() == 1 for the text of
/// looks_like_prism_model's example.
symbolic_model parse_prism_language(std::string_view text, const std::string& source,
                                    const constant_values& constants = {});

/// The name of `names` closest to `word`, for "did you mean" in messages:
/// one at most 1 edit (an insertion, a deletion or a change of a character)
/// from a word of up to 4 characters, at most 2 from a longer one, the
/// fewest edits first (ties: the first, or one that starts with `word`);
/// else the first name that starts with a `word` of 2 or more characters;
/// else "" (always for a word of over 64 characters). The one rule of the
/// tool's mistyped commands and options and of the language's undefined
/// names. Cost: O(|word| * total length of the names of about its length).
/// Example: closest_name("dome", {"done", "d"}) == "done" and closest_name("xyz", {"done"}) == "".
std::string closest_name(const std::string& word, const std::vector<std::string>& names);

/// True when `text` looks like a PRISM language model (its first word,
/// after comments, is a model type or a PRISM declaration keyword).
/// Example: looks_like_prism_model("dtmc\nmodule m\n  x : [0..1] init 0;\nendmodule\n").
bool looks_like_prism_model(std::string_view text);

/// The names of the constants a model declares without a value.
/// Example: undefined_constants("dtmc\nconst int N;\nmodule m\n  x : [0..N] init 0;\nendmodule\n", "m.prism") is
/// {"N"}.
std::vector<std::string> undefined_constants(std::string_view text, const std::string& source);

}  // namespace exactdp::lang
