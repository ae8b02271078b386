// Certificates as the checker reads them: the JSON file read with the
// strict reader of io/json_input.hpp (the writer is lib/certify/writer.cpp).
#include "exactdp/verify/certificate.hpp"

#include <gmp.h>

#include <algorithm>
#include <cctype>
#include <limits>
#include <stdexcept>

#include "exactdp/io/json_input.hpp"
#include "exactdp/io/parse.hpp"

namespace exactdp {

namespace {

// "p/q" as written, not reduced to lowest terms (certificate.hpp).
Rational fraction_as_written(const json_document& doc, const json_value& v) {
  const std::string_view text = v.text();
  const std::size_t slash = text.find('/');
  Rational q;
  try {
    const BigInt num = parse_bigint(text.substr(0, slash)), den = parse_bigint(text.substr(slash + 1));
    if (!std::isdigit(static_cast<unsigned char>(text[slash + 1])) || den == 0)
      throw std::invalid_argument("a fraction is written p/q, q > 0 digits only");
    mpq_set_num(q.backend().data(), num.backend().data());
    mpq_set_den(q.backend().data(), den.backend().data());
  } catch (const std::invalid_argument& e) {
    doc.fail(v, std::string("a state's value: ") + e.what());
  }
  return q;
}

}  // namespace

std::string pig_state_name(int i, int j, int k) {
  return "(" + std::to_string(i) + ", " + std::to_string(j) + ", " + std::to_string(k) + ")";
}

std::string pig_parameters_text(int faces, int target) {
  return "faces=" + std::to_string(faces) + ",target=" + std::to_string(target);
}

std::vector<std::string> certificate_objectives(std::string_view kind) {
  if (kind == "chain") return {"reach", "steps"};
  if (kind == "mdp") return {"pmax", "pmin", "rmax", "rmin"};
  if (kind == "game") return {"reach", "payoff"};
  if (kind == "pig") return {"win"};
  return {};
}

std::string objective_refused(std::string_view kind, std::string_view objective) {
  const std::vector<std::string> known = certificate_objectives(kind);
  if (std::ranges::find(known, objective) != known.end()) return "";
  std::string words;
  for (const std::string& o : known) words += (words.empty() ? "" : ", ") + o;
  return quote_input(objective, 40) + " is not one of " + words + " for a " + std::string(kind);
}

certificate read_certificate(std::string_view text, const std::string& source) {
  const json_document doc(text, source, 8);
  const json_value& root = doc.root();
  doc.expect_object(root, "the certificate",
                    {"certificate", "version", "model", "query", "states", "values", "strategy", "rank"});
  auto need = [&doc](const json_value& object, std::string_view key, std::string_view what) -> const json_value& {
    const json_value* v = object.find(key);
    if (!v) doc.fail(object, std::string(what) + " has no key '" + std::string(key) + "'");
    return *v;
  };
  if (doc.expect_string(need(root, "certificate", "the certificate"), "\"certificate\"") != "exactdp")
    doc.fail(root, "\"certificate\" must be \"exactdp\"");
  const int version = doc.read_integer<int>(need(root, "version", "the certificate"), "\"version\"", 0, 1'000'000);
  if (version != certificate_version)
    doc.fail(root, "certificate version " + std::to_string(version) + " is not known; this exactdp reads version " +
                       std::to_string(certificate_version));
  certificate c;
  const json_value& m = need(root, "model", "the certificate");
  doc.expect_object(m, "\"model\"", {"file", "format", "reward_model", "sha256", "constants", "constants_sha256"});
  c.model.file = doc.expect_string(need(m, "file", "\"model\""), "\"file\"");
  c.model.format = doc.expect_string(need(m, "format", "\"model\""), "\"format\"");
  c.model.reward_model = doc.expect_string(need(m, "reward_model", "\"model\""), "\"reward_model\"");
  c.model.sha256 = doc.expect_string(need(m, "sha256", "\"model\""), "\"sha256\"");
  c.model.constants = doc.expect_string(need(m, "constants", "\"model\""), "\"constants\"");
  c.model.constants_sha256 = doc.expect_string(need(m, "constants_sha256", "\"model\""), "\"constants_sha256\"");
  // A SHA-256 in upper-case hex is the same digest: both are compared in lower case.
  for (std::string* hex : {&c.model.sha256, &c.model.constants_sha256})
    for (char& h : *hex) h = static_cast<char>(std::tolower(static_cast<unsigned char>(h)));
  const json_value& q = need(root, "query", "the certificate");
  doc.expect_object(q, "\"query\"", {"kind", "objective", "target", "start", "default"});
  c.kind = doc.expect_string(need(q, "kind", "\"query\""), "\"kind\"");
  c.objective = doc.expect_string(need(q, "objective", "\"query\""), "\"objective\"");
  if (certificate_objectives(c.kind).empty())
    doc.fail(q, "\"kind\" must be \"chain\", \"mdp\", \"game\" or \"pig\", not " + quote_input(c.kind, 40));
  if (const std::string no = objective_refused(c.kind, c.objective); !no.empty()) doc.fail(q, "\"objective\" " + no);
  const json_value& target = need(q, "target", "\"query\"");
  if (!target.is(json_value::kind::null)) c.target = doc.expect_string(target, "\"target\"");
  c.start = doc.expect_string(need(q, "start", "\"query\""), "\"start\"");
  const bool payoff = c.kind == "game" && c.objective == "payoff";
  if (const json_value* d = q.find("default"); d || payoff) {
    if (!payoff) doc.fail(*d, "only a payoff game's query has a \"default\"");
    c.default_payoff = doc.read_number(need(q, "default", "\"query\""), "\"default\"");
  }

  const json_value& states = need(root, "states", "the certificate");
  doc.expect_array(states, "\"states\"");
  for (const json_value& s : states.items()) c.states.push_back(doc.expect_string(s, "a state's name"));
  const std::size_t n = c.states.size();
  auto array_of_n = [&](std::string_view key) -> const json_value& {
    const json_value& a = need(root, key, "the certificate");
    std::string what(1, '"');  // appended, not "\"" + key: GCC 12's -Wrestrict misfires on that
    what.append(key).push_back('"');
    doc.expect_array(a, what);
    if (a.items().size() != n)
      doc.fail(a, what + " has " + std::to_string(a.items().size()) + " entries for " + std::to_string(n) + " states");
    return a;
  };
  for (const json_value& v : array_of_n("values").items()) {
    if (v.is(json_value::kind::string) && v.text() == "inf")
      c.values.emplace_back(std::nullopt);
    else if (v.is(json_value::kind::string) && v.text().find('/') != std::string::npos)
      c.values.emplace_back(fraction_as_written(doc, v));
    else
      c.values.emplace_back(doc.read_number(v, "a state's value"));
  }
  if (c.kind == "pig") {
    if (root.find("rank")) doc.fail(root, "a certificate of Pig has no \"rank\" (every play of Pig ends)");
    for (const json_value& s : array_of_n("strategy").items())
      c.actions.push_back(doc.expect_string(s, "a state's actions"));
    return c;
  }
  for (const json_value& r : array_of_n("rank").items())
    c.rank.push_back(r.is(json_value::kind::null)
                         ? -1
                         : doc.read_integer<std::int64_t>(r, "a rank", 0, std::numeric_limits<std::int64_t>::max()));
  if (c.kind == "chain") {
    if (root.find("strategy")) doc.fail(root, "a chain's certificate has no \"strategy\"");
  } else {
    for (const json_value& s : array_of_n("strategy").items())
      c.strategy.push_back(doc.read_integer<std::uint32_t>(s, "a choice", 0, 1U << 31));
  }
  return c;
}

}  // namespace exactdp
