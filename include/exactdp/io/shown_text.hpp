// exactdp/io/shown_text.hpp: names from the input, made safe to print.
#pragma once

#include <string>
#include <string_view>

namespace exactdp {

/// A name from the input (a state, an action, a label, a node id) as an
/// answer prints it: whole, never cut, with every control character escaped
/// so that it can neither drive the terminal (ESC sequences, BEL) nor break
/// a line or a tab-separated row: \n, \t, \r, \xNN for the other C0 bytes
/// and DEL, \u0080..\u009f for the C1 controls written in UTF-8, and a
/// backslash doubled only when something else is escaped (so "a\b" prints
/// as it is). Other UTF-8 ("café") is kept. The tool's text output passes
/// every name through it; its JSON and dot outputs escape by their own rules.
/// Cost: O(size).
/// Example: shown_text("a\tb") == "a\\tb".
std::string shown_text(std::string_view name);

/// A name as a field of a CSV row: shown_text of it (RFC 4180 has no place
/// for control characters, and a file is printed too), as it is when that
/// holds no comma or double quote and does not start or end with a space,
/// else in double quotes with every double quote doubled, as RFC 4180
/// writes it (so a name such as `a,b` or `x"` stays one field of the
/// header). Cost: O(size). Example: csv_field("a,b") == "\"a,b\"".
std::string csv_field(std::string_view name);

}  // namespace exactdp
