// The renderers of every result: text (for people) and JSON (for scripts,
// written with nlohmann_json; every key is listed in docs/json.md).
#pragma once

#include <ostream>

#include "command.hpp"

namespace exactdp::tool {

/// The name of a correctly rounded double's status, as JSON writes it:
/// exact, rounded, subnormal, underflow or overflow.
const char* status_name(double_status s);

/// The JSON object of one answer: exact, exact_double, exact_double_status,
/// double, mod, modulus (the systems the command offers; null when not
/// computed), decimal, int64, mod_note, error, check (when they apply) and
/// failures.
json answer_json(const answer& a);

/// The JSON document of a result: {"command", "question", the main answer's
/// keys, "answers": [{NAME_KEY, answer keys...}], facts...}.
json result_json(const result& r);

/// The text of a result: the question, then "  label  text" lines; with
/// --as X only the answer in X ("NAME<TAB>VALUE" lines for a many-valued
/// question), and the --check line when there is one.
void render_text(const result& r, std::ostream& out);

/// With --as, the text is the answers alone: the facts a user must still
/// see (a refused property, a --test verdict; labels "refused", "test",
/// "tests") go to `err`, one "exactdp: LABEL: TEXT" line each. Nothing for
/// --as all, whose text holds them.
void render_notes(const result& r, std::ostream& err);

}  // namespace exactdp::tool
