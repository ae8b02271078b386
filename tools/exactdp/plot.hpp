// Pictures: the tool hands whole data sets to gnuplot (Debian gnuplot-nox)
// or Graphviz's dot (Debian graphviz) through a pipe and writes the SVG they
// return. It draws nothing itself. When a program is missing, the error
// names the Debian package that provides it; nothing else needs them.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace exactdp::tool {

/// What a --plot option writes: an SVG file at `path`, drawn by gnuplot from
/// `script` (gnuplot commands, data inline; the terminal is set here).
/// Throws std::runtime_error when gnuplot is missing ("... install the
/// Debian package gnuplot-nox") or fails, or when the file can't be written.
void plot_with_gnuplot(const std::string& script, const std::string& path);

/// Renders Graphviz DOT text as an SVG file at `path` with dot. Errors as
/// plot_with_gnuplot (the package is graphviz).
void plot_with_dot(const std::string& dot, const std::string& path);

/// Checks a --plot file name before any work: it must end in .svg.
/// Throws std::invalid_argument otherwise.
void check_plot_path(const std::string& path);

/// Text as a gnuplot string in double quotes, shown as written: quotes,
/// backslashes and the enhanced-text characters ({}^_@&~) escaped.
std::string gnuplot_text(const std::string& text);

/// Text as a DOT string in double quotes.
std::string dot_string(const std::string& text);

/// The most states and transitions a chain may have for --plot: larger
/// graphs are unreadable and slow to lay out.
inline constexpr std::size_t plot_max_states = 200;
inline constexpr std::size_t plot_max_transitions = 1000;

}  // namespace exactdp::tool
