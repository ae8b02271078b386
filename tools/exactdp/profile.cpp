// The profile command: where the double of a recurrence starts to lie as
// the problem grows. It reads the command line of a question of the
// catalogue (exactdp/api/question.hpp) once, varies the one argument given
// as {}, answers the question exactly and in double for each value
// (api::compute_answer through the tool's compute_answer), and compares
// them: ulps from the correctly rounded double, relative error, and what
// became of the double.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <sstream>

#include "args.hpp"
#include "command.hpp"
#include "plot.hpp"
#include "progress.hpp"
#include "render.hpp"

namespace exactdp::tool {
namespace {

struct profile_options {
  std::string range;
  std::string step = "1";
  bool csv = false;
  std::optional<std::string> plot;
  std::vector<std::string> command_line;
};

void setup_profile(CLI::App& cmd, profile_options& o) {
  cmd.add_option("--range", o.range, "The values A..B that {} takes, -10^18 <= A <= B <= 10^18")->required();
  cmd.add_option("--step", o.step, "Take every S-th value from A, 1 <= S <= 10^18 (default 1)");
  cmd.add_flag("--csv", o.csv, "Print the rows as CSV (one header line) instead of a table");
  cmd.add_option("--plot", o.plot,
                 "Also draw the error in ulps and the relative error against the value, as an SVG file (needs "
                 "gnuplot: Debian package gnuplot-nox)");
  cmd.add_option("COMMAND", o.command_line,
                 "After --: the command and its arguments, with exactly one argument {} (e.g. -- run {})")
      ->required();
}

// The least work one value costs besides the question's own: reading its
// arguments and answering it twice (measured: about 10 microseconds for the
// smallest questions, profile --range 1..20000 -- run 1 --faces {}; about
// 10^4 steps).
constexpr long double work_per_value = 1e4L;

struct profile_row {
  std::int64_t value = 0;
  Rational exact;
  double_conversion rounded{};
  std::optional<double> approx;       // the double run (unset: it failed)
  std::string failure;                // why the double run failed
  std::optional<std::uint64_t> ulps;  // from the correctly rounded double (finite doubles)
  std::optional<double> relative;     // |double - exact| / |exact| (finite doubles)
  std::string status;                 // exact, rounded, subnormal, underflow, overflow, failed
};

bool correctly_rounded(const profile_row& r) { return r.ulps && *r.ulps == 0; }

// The relative error counts as above 10^-6 when the double is not finite or
// failed: it has no correct digit then.
bool relative_above(const profile_row& r, double limit) { return !r.relative || *r.relative > limit; }

std::string double_status_of(const profile_row& r) {
  if (!r.approx) return "failed";
  const double d = *r.approx;
  if (std::isnan(d)) return "failed";
  if (std::isinf(d)) return "overflow";
  if (d == 0 && r.exact != 0) return "underflow";
  if (d != 0 && std::fpclassify(d) == FP_SUBNORMAL) return "subnormal";
  return to_rational(d) == r.exact ? "exact" : "rounded";
}

std::size_t digits_of(const BigInt& z) {
  const std::string s = z.str();
  return s.size() - (s[0] == '-' ? 1 : 0);
}

std::string digits_text(const Rational& q) {
  const std::string num = std::to_string(digits_of(numerator(q)));
  return denominator(q) == 1 ? num : num + "/" + std::to_string(digits_of(denominator(q)));
}

// Throws `message` as an exception of the same kind as `e` (bad input stays
// bad input, a budget stays a budget).
[[noreturn]] void rethrow_as(const std::exception& e, const std::string& message) {
  if (dynamic_cast<const std::invalid_argument*>(&e)) throw std::invalid_argument(message);
  if (dynamic_cast<const std::out_of_range*>(&e)) throw std::invalid_argument(message);
  if (dynamic_cast<const resource_error*>(&e)) throw resource_error(message);
  if (dynamic_cast<const std::domain_error*>(&e)) throw std::domain_error(message);
  throw std::runtime_error(message);
}

std::string ulps_text(const profile_row& r) { return r.ulps ? std::to_string(*r.ulps) : "-"; }

std::string relative_text(const profile_row& r) {
  if (!r.relative) return "-";
  if (*r.relative == 0) return "0";
  std::ostringstream s;
  s.precision(2);
  s << std::scientific << *r.relative;
  return s.str();
}

std::string double_text(const profile_row& r) { return r.approx ? format_shortest(*r.approx) : "-"; }

// The first value of the rows that passes `test`, if any.
template <class Test>
std::optional<std::int64_t> first(const std::vector<profile_row>& rows, Test test) {
  for (const profile_row& r : rows)
    if (test(r)) return r.value;
  return std::nullopt;
}

struct profile_summary {
  std::optional<std::int64_t> not_correctly_rounded, relative_above_1e6, overflow_or_underflow;
  std::string words;
};

profile_summary summarize(const std::vector<profile_row>& rows, const std::string& range) {
  profile_summary s;
  s.not_correctly_rounded = first(rows, [](const profile_row& r) { return !correctly_rounded(r); });
  s.relative_above_1e6 = first(rows, [](const profile_row& r) { return relative_above(r, 1e-6); });
  s.overflow_or_underflow =
      first(rows, [](const profile_row& r) { return r.status == "overflow" || r.status == "underflow"; });
  auto row_at = [&rows](std::int64_t v) -> const profile_row& {
    for (const profile_row& r : rows)
      if (r.value == v) return r;
    return rows.front();
  };
  auto at = [&](const std::optional<std::int64_t>& v, bool with_status) {
    if (!v) return "none in " + range;
    const profile_row& r = row_at(*v);
    std::string detail = r.ulps ? count_of(*r.ulps, "ulp", "ulps") : r.status;
    if (with_status) detail = r.status;
    return std::to_string(*v) + " (" + detail + ")";
  };
  s.words =
      "first not correctly rounded: " + at(s.not_correctly_rounded, false) + "; first relative error above 1e-6: " +
      (s.relative_above_1e6 ? std::to_string(*s.relative_above_1e6) + " (" +
                                  (row_at(*s.relative_above_1e6).relative ? relative_text(row_at(*s.relative_above_1e6))
                                                                          : row_at(*s.relative_above_1e6).status) +
                                  ")"
                            : "none in " + range) +
      "; first overflow or underflow: " + at(s.overflow_or_underflow, true);
  return s;
}

std::string table_text(const std::vector<profile_row>& rows) {
  std::vector<std::array<std::string, 8>> cells;
  cells.push_back({"value", "exact", "digits", "double", "correctly rounded", "ulps", "rel. error", "status"});
  for (const profile_row& r : rows)
    cells.push_back({std::to_string(r.value), brief(r.exact), digits_text(r.exact), double_text(r),
                     format_shortest(r.rounded.value), ulps_text(r), relative_text(r), r.status});
  std::array<std::size_t, 8> width{};
  for (const auto& row : cells)
    for (std::size_t c = 0; c < 8; ++c) width[c] = std::max(width[c], row[c].size());
  std::string out;
  for (const auto& row : cells) {
    std::string line;
    for (std::size_t c = 0; c < 8; ++c) {
      const std::string& s = row[c];
      const std::string pad(width[c] - s.size(), ' ');
      // Numbers to the right, words to the left.
      line += (c == 0 || c == 5 ? pad + s : s + pad) + (c + 1 < 8 ? "  " : "");
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out += (out.empty() ? "" : "\n") + line;
  }
  return out;
}

std::string csv_text(const std::vector<profile_row>& rows) {
  std::string out = "value,exact,numerator_digits,denominator_digits,double,exact_double,ulps,relative_error,status";
  for (const profile_row& r : rows) {
    out += "\n" + std::to_string(r.value) + "," + brief(r.exact) + "," + std::to_string(digits_of(numerator(r.exact))) +
           "," + std::to_string(digits_of(denominator(r.exact))) + "," + (r.approx ? format_shortest(*r.approx) : "") +
           "," + format_shortest(r.rounded.value) + "," + (r.ulps ? std::to_string(*r.ulps) : "") + "," +
           (r.relative ? format_shortest(*r.relative) : "") + "," + r.status;
  }
  return out;
}

json rows_json(const std::vector<profile_row>& rows) {
  json list = json::array();
  for (const profile_row& r : rows) {
    json j;
    j["value"] = r.value;
    j["exact"] = to_string(r.exact);
    j["numerator_digits"] = digits_of(numerator(r.exact));
    j["denominator_digits"] = digits_of(denominator(r.exact));
    j["double"] = r.approx ? json(format_shortest(*r.approx)) : json(nullptr);
    j["exact_double"] = format_shortest(r.rounded.value);
    j["exact_double_status"] = status_name(r.rounded.status);
    j["ulps"] = r.ulps ? json(*r.ulps) : json(nullptr);
    j["relative_error"] = r.relative ? json(format_shortest(*r.relative)) : json(nullptr);
    j["status"] = r.status;
    j["double_failure"] = r.failure.empty() ? json(nullptr) : json(r.failure);
    list.push_back(std::move(j));
  }
  return list;
}

json optional_json(const std::optional<std::int64_t>& v) { return v ? json(*v) : json(nullptr); }

std::string joined(const std::vector<std::string>& words) {
  std::string s;
  for (const std::string& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

// The two panels: the error in ulps from the correctly rounded double (log
// scale; the correctly rounded values on the bottom edge) and the relative
// error (log scale, with 10^-6 drawn), the first value not correctly
// rounded marked, and the values from the first overflow or underflow on
// shaded.
std::string plot_script(const std::vector<profile_row>& rows, const profile_summary& s, const std::string& what) {
  std::ostringstream p;
  p.precision(17);
  p << "$ulps << EOD\n";
  for (const profile_row& r : rows)
    if (r.ulps && *r.ulps > 0) p << r.value << ' ' << static_cast<double>(*r.ulps) << '\n';
  p << "EOD\n$zero << EOD\n";
  for (const profile_row& r : rows)
    if (correctly_rounded(r)) p << r.value << '\n';
  p << "EOD\n$relative << EOD\n";
  double most_ulps = 1, least_relative = 1e-17, most_relative = 1;
  for (const profile_row& r : rows) {
    if (r.ulps) most_ulps = std::max(most_ulps, static_cast<double>(*r.ulps));
    if (r.relative && *r.relative > 0) {
      p << r.value << ' ' << *r.relative << '\n';
      least_relative = std::min(least_relative, *r.relative / 2);
      if (std::isfinite(*r.relative)) most_relative = std::max(most_relative, *r.relative);
    }
  }
  p << "EOD\n$exact << EOD\n";
  for (const profile_row& r : rows)
    if (r.relative && *r.relative == 0) p << r.value << '\n';
  p << "EOD\n";
  const std::int64_t lo = rows.front().value, hi = rows.back().value;
  const double pad = std::max(0.5, static_cast<double>(hi - lo) * 0.02);
  p << "set xrange [" << static_cast<double>(lo) - pad << ":" << static_cast<double>(hi) + pad << "]\n";
  p << "set multiplot layout 2,1 title " << gnuplot_text("Error of the double: " + what) << "\n";
  p << "set grid\nset key outside top center horizontal\nset lmargin 12\nset rmargin 4\n";
  p << "set xlabel " << gnuplot_text("{} in '" + what + "'") << "\n";
  // A mark's words go left of its line when it is in the right third.
  auto place = [&](std::int64_t v) {
    return 3 * (v - lo) > 2 * (hi - lo) ? std::string(" right offset -0.5,0") : std::string(" offset 0.5,0");
  };
  std::string marks;
  if (s.overflow_or_underflow) {
    const profile_row* r = nullptr;
    for (const profile_row& row : rows)
      if (row.value == *s.overflow_or_underflow) r = &row;
    const std::string v = std::to_string(*s.overflow_or_underflow);
    marks += "set object 1 rectangle from first " + v +
             ", graph 0 to graph 1, graph 1 behind fillcolor rgb "
             "'#fbe3e3' fillstyle solid noborder\n";
    marks += "set label 2 " + gnuplot_text(r->status + " from " + v) + " at first " + v + ", graph 0.08" +
             place(*s.overflow_or_underflow) + " textcolor rgb '#c00000'\n";
  }
  if (s.not_correctly_rounded) {
    const std::string v = std::to_string(*s.not_correctly_rounded);
    marks += "set arrow 1 from first " + v + ", graph 0 to first " + v +
             ", graph 1 nohead dashtype 2 linewidth 1.5 linecolor rgb '#b8860b'\n";
    marks += "set label 1 " + gnuplot_text("first not correctly rounded: " + v) + " at first " + v + ", graph 0.18" +
             place(*s.not_correctly_rounded) + " textcolor rgb '#8b6508'\n";
  }
  p << "set logscale y 10\nset format y '10^{%L}'\nset ylabel 'error (ulps)'\nset yrange [0.5:" << most_ulps * 10
    << "]\n"
    << marks;
  p << "plot $ulps using 1:2 with points pointtype 7 pointsize 0.6 linecolor rgb '#1f4e9a' title 'ulps from the "
       "correctly rounded double', $zero using 1:(0.5) with points pointtype 6 pointsize 0.6 linecolor rgb "
       "'#2e8b57' title 'correctly rounded (0 ulps, on the axis)'\n";
  p << "set yrange [" << least_relative << ":" << most_relative * 10 << "]\nset ylabel 'relative error'\n";
  p << "set arrow 2 from graph 0, first 1e-6 to graph 1, first 1e-6 nohead dashtype 3 linecolor rgb '#606060'\n";
  p << "set label 3 '10^{-6}' at graph 0, first 1e-6 offset 0.5,0.6 textcolor rgb '#606060'\n";
  p << "plot $relative using 1:2 with points pointtype 7 pointsize 0.6 linecolor rgb '#7b2d8b' title '|double - "
       "exact| / |exact|', $exact using 1:("
    << least_relative
    << ") with points pointtype 6 pointsize 0.6 linecolor rgb '#2e8b57' title 'exact (0, on the axis)'\n";
  p << "unset multiplot\n";
  return p.str();
}

// Why the command `name` cannot be profiled: it is unknown (the tool's
// suggestion), has no single number, or is not a question of the catalogue
// (dice-sequences: its six limits are a list, not an integer parameter).
std::string not_a_question(const std::string& name) {
  std::string questions;
  for (const api::question& q : api::catalogue()) questions += (questions.empty() ? "" : ", ") + q.name;
  const std::string needs =
      " (profile varies an integer argument of a question with one exact and one double answer: " + questions + ")";
  if (!command_takes_option(name, "--as")) return "'" + name + "' has no single number to profile" + needs;
  return "'" + name + "' is not a question profile can vary" + needs;
}

result run_profile(const profile_options& o) {
  // The range and the command line, read before any work.
  const std::int64_t limit = 1'000'000'000'000'000'000;
  const std::size_t dots = o.range.find("..");
  if (dots == std::string::npos)
    throw std::invalid_argument("--range must be A..B (two integers, e.g. 1..40), not " + quote_input(o.range, 60));
  const auto from =
      parse_integer<std::int64_t>(std::string_view(o.range).substr(0, dots), "A (the range's start)", -limit, limit);
  const auto to =
      parse_integer<std::int64_t>(std::string_view(o.range).substr(dots + 2), "B (the range's end)", -limit, limit);
  if (to < from)
    throw std::invalid_argument("--range A..B needs A <= B, not " + std::to_string(from) + ".." + std::to_string(to));
  const auto step = parse_integer<std::int64_t>(o.step, "--step", 1, limit);
  if (o.plot) check_plot_path(*o.plot);
  const std::vector<std::string>& line = o.command_line;
  std::size_t holes = 0, hole = 0;
  for (std::size_t i = 0; i < line.size(); ++i)
    if (line[i] == "{}") {
      ++holes;
      hole = i;
    }
  if (holes != 1)
    throw std::invalid_argument(
        "profile needs exactly one {} among the command's arguments (the value that varies), "
        "not " +
        std::to_string(holes) + ": " + quote_input(joined(line), 80));
  if (hole == 0) throw std::invalid_argument("{} stands for an argument of the command, not for the command itself");
  if (line[0] == "profile") throw std::invalid_argument("profile cannot profile itself");
  for (const std::string& w : line)
    for (const char* own : {"--as", "--json", "--max-work", "--max-memory", "--csv", "--plot"})
      if (w == own || w.rfind(std::string(own) + "=", 0) == 0)
        throw std::invalid_argument(std::string(own) + " belongs to profile, before the --, not to the command " +
                                    "after it (profile runs the command's exact and double answers itself)");
  const api::question* q = api::find_question(line[0]);
  if (!q || q->name != line[0]) throw std::invalid_argument(not_a_question(line[0]));
  // The question's values, read once; the one given as {} varies.
  std::vector<std::optional<std::string>> texts = read_question_words(*q, {line.begin() + 1, line.end()});
  const auto varies = static_cast<std::size_t>(std::find(texts.begin(), texts.end(), "{}") - texts.begin());
  if (varies == texts.size()) throw std::invalid_argument("{} stands for one of the values of '" + line[0] + "'");
  // The fixed values are read once, before any work (a bound by the varying
  // value is checked per value below).
  (void)api::read_arguments(*q, texts, api::front_end::tool, varies);
  const std::uint64_t count = static_cast<std::uint64_t>((static_cast<__int128>(to) - from) / step) + 1;
  // The work budget covers the whole sweep: each value may use an equal
  // share of it, and the values are refused up front when even the least
  // work per value does not fit.
  const long double total = work_budget_steps();
  check_work_budget("a profile of " + std::to_string(count) + " values",
                    static_cast<long double>(count) * work_per_value);
  check_state_budget("the profile's rows", static_cast<long double>(count), sizeof(profile_row) + 64);
  const std::string range =
      std::to_string(from) + ".." + std::to_string(to) + (step == 1 ? "" : " (step " + std::to_string(step) + ")");

  answer_options exact_only, double_only;
  exact_only.as = "exact";
  double_only.as = "double";
  std::vector<profile_row> rows;
  rows.reserve(count);
  {
    progress_line progress("profiling " + joined(line) + " over " + range);
    struct share_scope {
      long double saved;
      ~share_scope() { work_budget_steps() = saved; }
    } restore{total};
    work_budget_steps() = total / static_cast<long double>(count);
    for (std::uint64_t i = 0; i < count; ++i) {
      profile_row r;
      r.value = static_cast<std::int64_t>(from + static_cast<__int128>(i) * step);
      texts[varies] = std::to_string(r.value);
      value_runs runs;
      try {
        runs = q->runs(api::read_arguments(*q, texts, api::front_end::tool));
      } catch (const std::exception& e) {
        rethrow_as(e, "at {} = " + std::to_string(r.value) + ": " + in_tool_words(e.what()));
      }
      try {
        const answer exact = compute_answer(runs, exact_only);
        r.exact = *exact.exact;
        r.rounded = *exact.exact_double;
      } catch (const std::exception& e) {
        const std::string share = count > 1 ? " (each of the " + std::to_string(count) + " values may use 1/" +
                                                  std::to_string(count) + " of the work budget --max-work)"
                                            : "";
        rethrow_as(
            e, "at {} = " + std::to_string(r.value) + ", the exact answer failed: " + in_tool_words(e.what()) + share);
      }
      try {
        r.approx = *compute_answer(runs, double_only).approx;
      } catch (const std::exception& e) {
        r.failure = in_tool_words(e.what());
      }
      if (r.approx && std::isfinite(*r.approx)) {
        r.ulps = ulp_distance(*r.approx, r.rounded.value);
        const Rational diff = abs(to_rational(*r.approx) - r.exact);
        r.relative = r.exact == 0 ? (diff == 0 ? 0.0 : HUGE_VAL) : to_double(diff / abs(r.exact));
      }
      r.status = double_status_of(r);
      rows.push_back(std::move(r));
      progress_line::report(static_cast<std::size_t>(i + 1), static_cast<std::size_t>(count));
    }
  }
  const profile_summary s = summarize(rows, range);
  const std::string what = joined(line);
  if (o.plot) plot_with_gnuplot(plot_script(rows, s, what), *o.plot);

  result r;
  r.question = "the double of '" + what + "' against its exact value, for {} = " + range;
  r.add("command_line", line);
  r.add("range", json{{"from", from}, {"to", to}, {"step", step}});
  r.add("rows", rows_json(rows));
  r.add("summary", json{{"first_not_correctly_rounded", optional_json(s.not_correctly_rounded)},
                        {"first_relative_error_above_1e-6", optional_json(s.relative_above_1e6)},
                        {"first_overflow_or_underflow", optional_json(s.overflow_or_underflow)},
                        {"words", s.words}});
  r.add("plot", o.plot ? json(*o.plot) : json(nullptr));
  if (o.csv) {
    r.show_question = false;
    r.add("", nullptr, "", csv_text(rows));
  } else {
    r.add("", nullptr, "", table_text(rows));
    r.add("", nullptr, "summary", s.words);
    if (o.plot) r.add("", nullptr, "plot", *o.plot);
  }
  return r;
}

}  // namespace

void add_profile_command(command_list& list) {
  add_command<profile_options>(
      list, "profile",
      "Where a double starts to lie: runs COMMAND for each value A..B of its argument {}, exact and double, and "
      "gives ulps, relative error and overflow per value (profile --range 1..40 -- run {})",
      setup_profile, run_profile);
}

}  // namespace exactdp::tool
