// The two renderers of every result (render.hpp): text for people, JSON for
// scripts. Commands never print; they return a result and these write it.
#include "render.hpp"

#include <algorithm>
#include <cmath>
#include <ostream>

#include "args.hpp"

namespace exactdp::tool {

const char* status_name(double_status s) {
  switch (s) {
    case double_status::exact:
      return "exact";
    case double_status::rounded:
      return "rounded";
    case double_status::subnormal:
      return "subnormal";
    case double_status::underflow:
      return "underflow";
    case double_status::overflow:
      return "overflow";
  }
  return "rounded";
}

namespace {

// How the text and the JSON write an infinite value, as PRISM and Storm print it.
const std::string infinity_text = "Infinity";

json error_json(const double_error& e) {
  json j;
  j["finite"] = e.finite;
  j["absolute"] = e.finite ? json(format_shortest(e.absolute)) : json(nullptr);
  j["relative"] = e.finite && std::isfinite(e.relative) ? json(format_shortest(e.relative)) : json(nullptr);
  j["ulps"] = e.ulps ? json(*e.ulps) : json(nullptr);
  j["words"] = e.words;
  return j;
}

std::string exact_with_decimal(const Rational& q) {
  std::string s = to_string(q);
  if (denominator(q) == 1) return s;
  std::string dec = format_decimal(q, 17);
  // The decimal is exact when the 17-digit rounding reads back as q; then
  // its trailing zeros say nothing and are dropped.
  const bool exact = dec.find('e') == std::string::npos && parse_rational(dec) == q;
  if (exact && dec.find('.') != std::string::npos) {
    dec.erase(dec.find_last_not_of('0') + 1);
    if (dec.back() == '.') dec.pop_back();
  }
  return s + (exact ? " = " : " ~ ") + dec;
}

// The answer's lines (label, text) for --as all.
std::vector<std::pair<std::string, std::string>> answer_lines(const answer& a) {
  const offered_systems& offered = a.offered;
  std::vector<std::pair<std::string, std::string>> lines;
  if (offered.exact)
    lines.emplace_back("exact", a.infinite ? infinity_text
                                : a.exact  ? exact_with_decimal(*a.exact)
                                           : "unavailable: " + a.exact_failure);
  if (a.decimal) lines.emplace_back("decimal", *a.decimal);
  if (offered.double_ && a.infinite) {
    lines.emplace_back("double", format_shortest(HUGE_VAL));
  } else if (offered.double_) {
    std::string text = a.approx ? format_shortest(*a.approx) : "unavailable: " + a.double_failure;
    // A double that overflows or underflows says so on its own line.
    const bool overflows = a.exact_double && a.exact_double->status == double_status::overflow;
    const bool underflows = a.exact_double && a.exact_double->status == double_status::underflow;
    if (a.approx && !std::isfinite(*a.approx))
      text += overflows ? "  (the exact value overflows double)"
                        : "  (a floating-point failure: the exact value is finite)";
    else if (a.approx && *a.approx == 0 && underflows)
      text += "  (the exact value underflows double)";
    lines.emplace_back("double", text);
  }
  if (offered.mod)
    lines.emplace_back("mod", a.residue ? std::to_string(*a.residue) + "  (mod " + std::to_string(a.modulus) +
                                              (a.residue_note.empty() ? "" : ", " + a.residue_note) + ")"
                                        : "none: " + a.mod_failure);
  if (a.int64) lines.emplace_back("int64", std::to_string(*a.int64));
  if (a.infinite && !a.infinite_reason.empty()) lines.emplace_back("why", a.infinite_reason);
  if (a.error) lines.emplace_back("error", a.error->words);
  if (a.check) lines.emplace_back("check", *a.check_text + ": " + a.check->words);
  return lines;
}

// The answer alone, in the one system --as asked for: an infinite value is
// "inf" in double (as strtod and Python's float read it), else Infinity.
std::string answer_alone(const answer& a, const std::string& as) {
  if (a.infinite) return as == "double" ? format_shortest(HUGE_VAL) : infinity_text;
  if (as == "exact") return to_string(*a.exact);
  if (as == "decimal") return *a.decimal;
  if (as == "double") return format_shortest(*a.approx);
  if (as == "mod") return std::to_string(*a.residue);
  if (as == "int64") return std::to_string(*a.int64);
  if (as == "primes") return std::to_string(a.primes_needed);
  return {};
}

void print_lines(std::ostream& out, const std::vector<std::pair<std::string, std::string>>& lines,
                 const std::string& indent) {
  std::size_t width = 6;
  for (const auto& [label, text] : lines) width = std::max(width, label.size());
  for (const auto& [label, text] : lines) {
    if (text.empty()) continue;
    // Continuation lines of a long text line up under its first line; each
    // line is written as it is found (a table of 10^7 values is 500,000
    // lines: inserting the padding into one string was quadratic).
    const std::string pad = indent + (label.empty() ? "" : std::string(width + 2, ' '));
    if (label.empty())
      out << indent;
    else
      out << indent << label << std::string(width + 2 - label.size(), ' ');
    const std::string_view body = text;
    std::size_t start = 0;
    for (std::size_t pos = body.find('\n'); pos != std::string_view::npos; pos = body.find('\n', start)) {
      out << body.substr(start, pos + 1 - start) << pad;
      start = pos + 1;
    }
    out << body.substr(start) << '\n';
  }
}

}  // namespace

json answer_json(const answer& a) {
  const offered_systems& offered = a.offered;
  json j;
  // An infinite value (JSON has no infinity) is "infinite": true, the exact
  // value "Infinity" as PRISM prints it, and each double "inf" as every
  // double here is written (format_shortest), as in the text.
  if (a.infinite) {
    j["infinite"] = true;
    j["infinite_reason"] = a.infinite_reason;
  }
  if (offered.exact && a.infinite) {
    j["exact"] = infinity_text;
    j["exact_double"] = format_shortest(HUGE_VAL);
    j["exact_double_status"] = status_name(double_status::exact);
  } else if (offered.exact) {
    j["exact"] = a.exact ? json(to_string(*a.exact)) : json(nullptr);
    j["exact_double"] = a.exact_double ? json(format_shortest(a.exact_double->value)) : json(nullptr);
    j["exact_double_status"] = a.exact_double ? json(status_name(a.exact_double->status)) : json(nullptr);
  }
  if (a.decimal) j["decimal"] = *a.decimal;
  if (offered.double_) j["double"] = a.approx ? json(format_shortest(*a.approx)) : json(nullptr);
  if (offered.mod) {
    j["mod"] = a.residue ? json(*a.residue) : json(nullptr);
    j["modulus"] = a.modulus ? json(a.modulus) : json(nullptr);
    if (!a.residue_note.empty()) j["mod_note"] = a.residue_note;
  }
  if (a.int64) j["int64"] = *a.int64;
  if (a.bound) {
    j["primes_needed"] = a.primes_needed;
    j["prime_bits"] = prime_bits;
    j["numerator_bits"] = a.bound->numerator_bits;
    j["denominator_bits"] = a.bound->denominator_bits;
    j["known_denominator"] = a.bound->denominator ? json(to_string(*a.bound->denominator)) : json(nullptr);
  }
  if (a.error) j["double_error"] = error_json(*a.error);
  if (a.check) {
    json c;
    c["value"] = *a.check_text;
    c["double"] = format_shortest(a.check->value);
    const json measured = error_json(*a.check);
    for (const auto& [key, value] : measured.items()) c[key] = value;
    j["check"] = std::move(c);
  }
  json failures = json::object();
  if (!a.exact_failure.empty()) failures["exact"] = a.exact_failure;
  if (!a.double_failure.empty()) failures["double"] = a.double_failure;
  if (!a.mod_failure.empty()) failures["mod"] = a.mod_failure;
  j["failures"] = std::move(failures);
  return j;
}

json result_json(const result& r) {
  json j;
  j["command"] = r.command;
  j["question"] = r.question;
  if (r.main) {
    const json main = answer_json(*r.main);
    for (const auto& [key, value] : main.items()) j[key] = value;
  }
  if (!r.answers.empty() || r.many) {
    json list = json::array();
    for (const named_answer& n : r.answers) {
      json item;
      item[r.names_key] = n.name_json;
      const json one = answer_json(n.value);
      for (const auto& [key, value] : one.items()) item[key] = value;
      list.push_back(std::move(item));
    }
    j["answers"] = std::move(list);
  }
  for (const fact& f : r.facts)
    if (!f.key.empty()) j[f.key] = f.value;
  return j;
}

void render_notes(const result& r, std::ostream& err) {
  if (r.as == "all") return;
  for (const fact& f : r.facts)
    if (!f.text.empty() && (f.label == "refused" || f.label == "test" || f.label == "tests"))
      err << "exactdp: " << f.label << ": " << f.text << '\n';
}

void render_text(const result& r, std::ostream& out) {
  if (r.as != "all") {
    // A --check line stays, under its answer: the user asked for it.
    const auto check_line = [&](const answer& a) {
      if (a.check) out << "  check   " << *a.check_text << ": " << a.check->words << '\n';
    };
    if (r.main) out << answer_alone(*r.main, r.as) << '\n';
    for (const named_answer& n : r.answers) {
      out << n.name << '\t' << answer_alone(n.value, r.as) << '\n';
      check_line(n.value);
    }
    if (r.main) check_line(*r.main);
    return;
  }
  if (r.show_question) out << r.question << '\n';
  std::vector<std::pair<std::string, std::string>> lines;
  if (r.main) lines = answer_lines(*r.main);
  for (const fact& f : r.facts)
    if (!f.text.empty()) lines.emplace_back(f.label, f.text);
  print_lines(out, lines, r.show_question ? "  " : "");
  for (const named_answer& n : r.answers) {
    out << "  " << n.name << '\n';
    std::vector<std::pair<std::string, std::string>> named = answer_lines(n.value);
    if (!n.verdict.empty()) named.insert(named.begin(), {"holds", n.verdict});
    print_lines(out, named, "    ");
  }
}

}  // namespace exactdp::tool
