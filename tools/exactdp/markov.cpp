// The chain command: a Markov chain from a model file (JSON, or PRISM's
// explicit .tra/.lab/.srew), solved exactly, as a double and as a residue
// (command.hpp).
#include <memory>
#include <optional>

#include "args.hpp"
#include "command.hpp"
#include "exactdp/io/json_input.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/markov/markov.hpp"
#include "progress.hpp"

namespace exactdp::tool {
namespace {

struct chain_options {
  std::string model;
  std::optional<std::string> format;
  std::optional<std::string> start;
  std::vector<std::string> query{"steps"};
  std::optional<std::string> target;
  answer_options answer;
};

void setup_chain(CLI::App& cmd, chain_options& o) {
  cmd.add_option("MODEL", o.model,
                 "The model file: .json, or a PRISM .tra (with .lab/.srew beside it); - reads a JSON model (or a "
                 "PRISM .tra) from standard input")
      ->required();
  cmd.add_option("--format", o.format, "json or prism (default: from the extension, or the content for -)");
  cmd.add_option("--start", o.start, "The start state's name (default: the model's start, or PRISM's init)");
  cmd.add_option("--query", o.query,
                 "steps (expected steps or reward until absorption; default), absorb (absorption probabilities), "
                 "after K (the distribution after exactly K steps), within K (absorbed within K steps); "
                 "'after 5' as one word works too")
      ->expected(1, 2);
  cmd.add_option("--target", o.target,
                 "A label (or a state) to reach instead of the absorbing states; its states stop the walk");
  add_answer_options(cmd, o.answer);
}

markov_model load(const chain_options& o) {
  std::string format;
  if (o.format) format = one_of(*o.format, "--format", {"json", "prism"});
  if (o.model != "-") return load_markov_model(o.model, format);
  const std::string text = read_text("-", "the chain model", json_bytes_per_byte);
  if (format.empty()) {
    const auto first = text.find_first_not_of(" \t\r\n");
    format = first != std::string::npos && text[first] == '{' ? "json" : "prism";
  }
  return format == "json" ? parse_json_model(text, "standard input") : parse_prism_model(text, "standard input");
}

enum class question_kind { steps, absorb, after, within };

struct chain_question {
  question_kind kind = question_kind::steps;
  std::uint64_t k = 0;
  markov_query query;        // start and target
  std::string target_words;  // "label goal", "state 10", or "" (the absorbing states)
};

std::size_t find_state(const markov_model& model, const std::string& name, const char* what) {
  if (const auto s = model.find(name)) return *s;
  // States named by their index (PRISM files) are found by the one integer
  // reader too, so "01" is state 1 as everywhere else.
  try {
    const auto i = parse_integer<std::size_t>(name, what, 0, model.size() - 1);
    if (const auto s = model.find(std::to_string(i))) return *s;
  } catch (const std::invalid_argument&) {
  }
  throw std::invalid_argument(std::string(what) + " " + quote_input(name, 60) + " is not a state of " + model.source());
}

chain_question read_question(const chain_options& o, const markov_model& model) {
  // "after 5" as one word or as two.
  std::vector<std::string> words;
  for (const std::string_view w : split_list(o.query, "--query")) words.emplace_back(w);
  chain_question q;
  const std::string verb = one_of(words[0], "the --query", {"steps", "absorb", "after", "within"});
  q.kind = verb == "steps"    ? question_kind::steps
           : verb == "absorb" ? question_kind::absorb
           : verb == "after"  ? question_kind::after
                              : question_kind::within;
  const bool takes_k = q.kind == question_kind::after || q.kind == question_kind::within;
  if (takes_k && words.size() != 2)
    throw std::invalid_argument("--query " + verb + " needs the number of steps K, e.g. --query '" + verb + " 10'");
  if (!takes_k && words.size() != 1) throw std::invalid_argument("--query " + verb + " takes no number");
  if (takes_k) q.k = parse_integer<std::uint64_t>(words[1], "K (the number of steps)", 0, 1'000'000'000'000);

  if (o.start) {
    q.query.start = find_state(model, *o.start, "--start");
  } else if (model.start()) {
    q.query.start = *model.start();
  } else {
    const auto init = model.labels().find("init");
    if (init != model.labels().end() && init->second.size() > 1)
      throw std::invalid_argument(model.source() + " has " + std::to_string(init->second.size()) +
                                  " initial states (label init); choose one with --start");
    throw std::invalid_argument(model.source() + " names no start state; give one with --start");
  }
  if (o.target) {
    const auto label = model.labels().find(*o.target);
    std::optional<std::size_t> state;
    try {
      state = find_state(model, *o.target, "--target");
    } catch (const std::invalid_argument&) {
    }
    if (label != model.labels().end() && state && label->second != std::vector<std::size_t>{*state})
      throw std::invalid_argument("--target " + quote_input(*o.target, 60) +
                                  " is both a label and a different state of " + model.source() +
                                  "; rename one of them");
    if (label != model.labels().end()) {
      q.query.target = label->second;
      q.target_words = "label " + *o.target;
    } else if (state) {
      q.query.target = std::vector<std::size_t>{*state};
      q.target_words = "state " + model.name(*state);
    } else {
      std::string known;
      for (const auto& [name, states] : model.labels()) known += (known.empty() ? "" : ", ") + name;
      throw std::invalid_argument("--target " + quote_input(*o.target, 60) + " is neither a label nor a state of " +
                                  model.source() +
                                  (known.empty() ? " (it has no labels)" : " (its labels: " + known + ")"));
    }
  }
  q.query.progress = [](std::size_t done, std::size_t total) { progress_line::report(done, total); };
  return q;
}

template <class V>
using entries = std::vector<std::pair<std::size_t, V>>;

// Every absorbing state (absorb) or every state (after K) with a positive
// probability; index size() is "never absorbed".
template <class T>
entries<T> solve_many(const markov_model& model, const chain_question& q) {
  const markov_chain<T> chain(model);
  if (q.kind == question_kind::after) return distribution_after(chain, q.query, q.k);
  const markov_absorption<T> r = absorption_probabilities(chain, q.query);
  entries<T> out = r.stopped;
  if (r.closed_state) out.emplace_back(model.size(), r.never);
  return out;
}

template <class T>
T solve_one(const markov_model& model, const chain_question& q) {
  const markov_chain<T> chain(model);
  switch (q.kind) {
    case question_kind::steps:
      return expected_steps(chain, q.query);
    case question_kind::absorb:
      return reach_probability(chain, q.query);
    case question_kind::after:
      return probability_after(chain, q.query, q.k);
    case question_kind::within:
      return reached_within(chain, q.query, q.k);
  }
  throw std::logic_error("unknown query");
}

std::string question_words(const markov_model& model, const chain_question& q) {
  const std::string from = " from state " + model.name(q.query.start) + " of " + model.source();
  const std::string& goal = q.target_words;
  switch (q.kind) {
    case question_kind::steps: {
      bool unit = true;
      for (std::size_t s = 0; s < model.size() && unit; ++s) unit = model.reward(s) == 1;
      return std::string(unit ? "expected number of steps" : "expected total reward") +
             (goal.empty() ? " until absorption" : " until reaching " + goal) + from;
    }
    case question_kind::absorb:
      return goal.empty() ? "probability of being absorbed in each absorbing state" + from
                          : "probability of ever reaching " + goal + from;
    case question_kind::after:
      return goal.empty()
                 ? "distribution after exactly " + count_of(q.k, "step", "steps") + from
                 : "probability of being in " + goal + " after exactly " + count_of(q.k, "step", "steps") + from;
    case question_kind::within:
      return "probability of " + (goal.empty() ? std::string("absorption") : "reaching " + goal) + " within " +
             count_of(q.k, "step", "steps") + from;
  }
  return {};
}

// A many-valued answer: each system solved once, then one answer per state.
result many_values(const chain_options& o, std::shared_ptr<const markov_model> model, const chain_question& q) {
  auto exact = std::make_shared<std::optional<entries<Rational>>>();
  auto approx = std::make_shared<std::optional<entries<double>>>();
  auto residue = std::make_shared<std::optional<entries<std::uint64_t>>>();
  // One answer over every state: each run stores its entries and returns a
  // placeholder; the per-state answers are read from the stores below.
  value_runs runs;
  runs.exact = [model, q, exact] {
    *exact = solve_many<Rational>(*model, q);
    return Rational(0);
  };
  runs.approx = [model, q, approx] {
    *approx = solve_many<double>(*model, q);
    return 0.0;
  };
  runs.residue = [model, q, residue](std::uint64_t p) {
    dyn_modulus_scope scope(p);
    entries<std::uint64_t> out;
    for (const auto& [s, v] : solve_many<DynModInt>(*model, q)) out.emplace_back(s, v.value());
    *residue = std::move(out);
    return std::uint64_t{0};
  };
  answer_options whole = o.answer;
  whole.check.reset();
  whole.digits.reset();
  const answer all = compute_answer(runs, whole);
  // The states are structural, the same in every system: take them from the
  // first system that succeeded.
  std::vector<std::size_t> states;
  if (*exact)
    for (const auto& e : **exact) states.push_back(e.first);
  else if (*approx)
    for (const auto& e : **approx) states.push_back(e.first);
  else if (*residue)
    for (const auto& e : **residue) states.push_back(e.first);

  result r;
  r.question = question_words(*model, q);
  r.as = o.answer.as;
  r.many = true;
  for (const std::size_t s : states) {
    value_runs one;
    auto at = [s](const auto& list) {
      for (const auto& [state, v] : list)
        if (state == s) return v;
      throw std::domain_error("the runs disagree on the states with a positive probability");
    };
    const answer base = all;
    one.exact = [exact, at, base]() -> Rational {
      if (!*exact) throw std::domain_error(base.exact_failure);
      return at(**exact);
    };
    one.approx = [approx, at, base]() -> double {
      if (!*approx) throw std::domain_error(base.double_failure);
      return at(**approx);
    };
    one.residue = [residue, at, base](std::uint64_t) -> std::uint64_t {
      if (!*residue) throw std::domain_error(base.mod_failure);
      return at(**residue);
    };
    const bool never = s == model->size();
    r.answers.push_back({never ? "(never absorbed)" : model->name(s), never ? json(nullptr) : json(model->name(s)),
                         compute_answer(one, o.answer)});
  }
  r.add("model", model->source());
  r.add("start", model->name(q.query.start));
  return r;
}

result run_chain(const chain_options& o) {
  auto model = std::make_shared<const markov_model>(load(o));
  const chain_question q = read_question(o, *model);
  const bool many = (q.kind == question_kind::absorb || q.kind == question_kind::after) && !q.query.target;
  if (many) return many_values(o, model, q);
  result r;
  r.question = question_words(*model, q);
  r.main = compute_answer(
      runs_of<Rational>([model, q]<class T>(std::type_identity<T>) { return solve_one<T>(*model, q); }), o.answer);
  r.as = o.answer.as;
  r.add("model", model->source());
  r.add("start", model->name(q.query.start));
  return r;
}

}  // namespace

void add_markov_commands(command_list& list) {
  add_command<chain_options>(list, "chain",
                             "A Markov chain from a model file (JSON, or PRISM's explicit .tra/.lab/.srew), cycles "
                             "included: expected steps or reward until absorption, absorption probabilities, the "
                             "distribution after K steps",
                             setup_chain, run_chain);
}

}  // namespace exactdp::tool
