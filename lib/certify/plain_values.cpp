// Values from elsewhere (certify/plain_values.hpp): read as CSV or JSON,
// made into a certificate without witnesses, and checked.
#include "exactdp/certify/plain_values.hpp"

#include <algorithm>
#include <filesystem>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include "exactdp/api/answer.hpp"
#include "exactdp/io/json_input.hpp"
#include "exactdp/io/parse.hpp"

namespace exactdp {

bool is_certificate(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos || text[first] != '{') return false;
  // The certificate's first key; a strict read follows.
  const std::size_t key = text.find_first_not_of(" \t\r\n", first + 1);
  return key != std::string_view::npos && text.substr(key).starts_with("\"certificate\"");
}

std::vector<std::pair<std::string, std::optional<Rational>>> read_plain_values(std::string_view text,
                                                                               const std::string& source) {
  std::vector<std::pair<std::string, std::optional<Rational>>> out;
  std::set<std::string, std::less<>> seen;
  // +infinity is written as the tool's --check reads it (api::reads_as_infinity).
  auto is_inf = [](std::string_view v) { return api::reads_as_infinity(std::string(v)); };
  auto value_of = [&is_inf](std::string_view v, const std::string& what) -> std::optional<Rational> {
    if (is_inf(v)) return std::nullopt;
    return parse_number(v, what);
  };
  auto add = [&](std::string name, std::optional<Rational> v, const std::string& where) {
    if (!seen.insert(name).second)
      throw std::invalid_argument(where + ": state " + name_text(name) + " is given twice");
    out.emplace_back(std::move(name), std::move(v));
  };
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && text[first] == '{') {
    const json_document doc(text, source, 2);
    doc.expect_object(doc.root(), "the values");
    for (std::size_t i = 0; i < doc.root().keys().size(); ++i) {
      const json_value& v = doc.root().items()[i];
      const std::string where = doc.where(v);
      if (v.is(json_value::kind::string) && is_inf(v.text()))
        add(doc.root().keys()[i], std::nullopt, where);
      else
        add(doc.root().keys()[i], doc.read_number(v, "the value of state " + name_text(doc.root().keys()[i])), where);
    }
    return out;
  }
  std::size_t line = 0, pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view l = text.substr(pos, end - pos);
    pos = end + 1;
    ++line;
    while (!l.empty() && (l.back() == '\r' || l.back() == ' ' || l.back() == '\t')) l.remove_suffix(1);
    if (l.empty() || l.front() == '#' || (out.empty() && l == "state,value")) continue;
    const std::string where = source + ":" + std::to_string(line);
    const std::size_t comma = l.rfind(',');
    if (comma == std::string_view::npos || comma == 0)
      throw std::invalid_argument(where + ": a line must be \"state,value\", not " + quote_input(l, 80));
    add(std::string(l.substr(0, comma)), value_of(l.substr(comma + 1), where + ": the value"), where);
  }
  if (out.empty()) throw std::invalid_argument(source + " holds no values");
  return out;
}

std::pair<certificate, verify_report> verify_plain_values(const std::string& model_path, std::string_view text,
                                                          const std::string& source, const plain_query& q) {
  // Values from elsewhere name states of an explicit model; a model in the
  // PRISM language or JANI has no state names to give them by.
  if (const std::string ext = std::filesystem::path(model_path).extension().string();
      ext == ".pm" || ext == ".prism" || ext == ".nm" || ext == ".jani")
    throw std::invalid_argument(
        model_path +
        " is a model in the PRISM language or JANI: values from elsewhere are checked against explicit models "
        "(JSON, DRN, .tra); for this model, check writes a certificate (exactdp check MODEL --prop P --certificate "
        "FILE.json)");
  // The query must be some kind's before any is chosen for it.
  std::vector<std::string> queries;
  for (const char* kind : {"chain", "mdp", "game"})
    for (std::string& o : certificate_objectives(kind))
      if (std::ranges::find(queries, o) == queries.end()) queries.push_back(std::move(o));
  if (std::ranges::find(queries, q.objective) == queries.end()) {
    std::string words;
    for (const std::string& o : queries) words += (words.empty() ? "" : ", ") + o;
    throw std::invalid_argument("the query " + quote_input(q.objective, 40) + " is not one of " + words);
  }
  certificate c;
  c.objective = q.objective;
  c.kind = !q.kind.empty()                                    ? q.kind
           : q.objective == "reach" || q.objective == "steps" ? "chain"
           : q.objective == "payoff"                          ? "game"
                                                              : "mdp";
  if (c.kind != "chain" && c.kind != "mdp" && c.kind != "game")
    throw std::invalid_argument("values from elsewhere are of a chain, an mdp or a game, not " +
                                quote_input(c.kind, 20));
  if (const std::string no = objective_refused(c.kind, c.objective); !no.empty())
    throw std::invalid_argument("the query " + no);
  const bool payoff = c.objective == "payoff";
  if (payoff && q.target) throw std::invalid_argument("a payoff game has no target: its plays end in terminal states");
  if (!payoff && !q.target && c.kind != "chain")
    throw std::invalid_argument("the query " + c.objective + " of a " + c.kind + " needs a target");
  if (q.default_payoff && !payoff)
    throw std::invalid_argument("a default payoff is for the query payoff (what a play that never ends pays)");
  c.target = q.target;
  if (payoff) c.default_payoff = q.default_payoff.value_or(Rational(0));
  const bool reward = c.objective == "steps" || c.objective == "rmin" || c.objective == "rmax";
  const verify_model m = load_verify_model(model_path, c.kind, q.format, q.reward_model, reward);
  c.states = m.names;
  c.values.assign(m.size(), std::nullopt);
  c.rank.assign(m.size(), -1);
  std::vector<char> given(m.size(), 0);
  std::unordered_map<std::string, std::size_t> index;
  for (std::size_t s = 0; s < m.size(); ++s) index.emplace(m.names[s], s);
  for (auto& [name, value] : read_plain_values(text, source)) {
    const auto s = index.find(name);
    if (s == index.end())
      throw std::invalid_argument(source + ": " + name_text(name) + " is not a state of " + m.source);
    c.values[s->second] = std::move(value);
    given[s->second] = 1;
  }
  for (std::size_t s = 0; s < m.size(); ++s)
    if (!given[s])
      throw std::invalid_argument(source + " gives no value for state " + name_text(m.names[s]) +
                                  " (every state needs one)");
  c.start = q.start ? *q.start : m.names.at(0);
  verify_report r = check_certificate(m, c, false);
  return {std::move(c), std::move(r)};
}

}  // namespace exactdp
