// The `chain` command: a Markov chain from a model file (JSON or PRISM's
// explicit .tra/.lab/.srew), solved exactly, as a double and as a residue.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <exception>
#include <iostream>
#include <memory>
#include <optional>

#include "command.hpp"
#include "exactdp/markov/markov.hpp"

namespace exactdp::tool {
namespace {

struct chain_options {
  std::string model_path;
  std::string format;
  std::optional<std::string> start;
  std::vector<std::string> query{"steps"};
  std::optional<std::string> target;
  value_options value;
};

// Progress on stderr for long solves, only when stderr is a terminal: a line
// rewritten in place, first shown after half a second, then at most five
// times a second; cleared when the solve ends.
class progress_line {
 public:
  explicit progress_line(std::string what) : what_(std::move(what)), start_(clock::now()), last_(start_) {}
  ~progress_line() {
    if (shown_) std::fprintf(stderr, "\r%*s\r", 72, "");
  }
  progress_line(const progress_line&) = delete;
  progress_line& operator=(const progress_line&) = delete;
  std::function<void(std::size_t, std::size_t)> callback() {
    if (!isatty(STDERR_FILENO)) return {};
    return [this](std::size_t done, std::size_t total) {
      const auto now = clock::now();
      if (now - start_ < std::chrono::milliseconds(500) || now - last_ < std::chrono::milliseconds(200)) return;
      last_ = now;
      shown_ = true;
      std::fprintf(stderr, "\rexactdp: %s: %zu of %zu", what_.c_str(), done, total);
      std::fflush(stderr);
    };
  }

 private:
  using clock = std::chrono::steady_clock;
  std::string what_;
  clock::time_point start_, last_;
  bool shown_ = false;
};

// A value computed at most once (or its failure, rethrown at every access).
template <class V>
class cached {
 public:
  explicit cached(std::function<V()> f) : f_(std::move(f)) {}
  const V& get() {
    if (!done_) {
      done_ = true;
      try {
        value_ = f_();
      } catch (...) {
        error_ = std::current_exception();
      }
    }
    if (error_) std::rethrow_exception(error_);
    return *value_;
  }

 private:
  std::function<V()> f_;
  bool done_ = false;
  std::optional<V> value_;
  std::exception_ptr error_;
};

// The question asked, independent of the number type.
struct chain_question {
  enum class kind { steps, absorb, after, within } what = kind::steps;
  std::uint64_t k = 0;
  markov_query query;        // start and target (no progress)
  std::string target_words;  // "label goal", "state 10", or "" (the absorbing states)
};

std::uint64_t parse_steps(const std::string& text) {
  const BigInt k = parse_bigint(text);
  if (k < 0 || k > BigInt(1'000'000'000'000LL))
    throw std::invalid_argument("the number of steps K must be between 0 and 10^12, not " + text);
  return static_cast<std::uint64_t>(k);
}

chain_question make_question(const chain_options& o, const markov_model& model) {
  chain_question q;
  const std::string& verb = o.query.at(0);
  const bool takes_k = verb == "after" || verb == "within";
  if (verb == "steps")
    q.what = chain_question::kind::steps;
  else if (verb == "absorb")
    q.what = chain_question::kind::absorb;
  else if (verb == "after")
    q.what = chain_question::kind::after;
  else if (verb == "within")
    q.what = chain_question::kind::within;
  else
    throw std::invalid_argument("unknown query \"" + verb + "\": use steps, absorb, after K or within K");
  if (takes_k != (o.query.size() == 2))
    throw std::invalid_argument(takes_k
                                    ? "--query " + verb + " needs the number of steps K, e.g. --query " + verb + " 10"
                                    : "--query " + verb + " takes no number");
  if (takes_k) q.k = parse_steps(o.query[1]);

  if (o.start) {
    const auto s = model.find(*o.start);
    if (!s) throw std::invalid_argument("unknown start state \"" + *o.start + "\" in " + model.source());
    q.query.start = *s;
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
    const auto state = model.find(*o.target);
    if (label != model.labels().end() && state && label->second != std::vector<std::size_t>{*state})
      throw std::invalid_argument("--target " + *o.target + " is both a label and a different state of " +
                                  model.source() + "; rename one of them");
    if (label != model.labels().end()) {
      q.query.target = label->second;
      q.target_words = "label " + *o.target;
    } else if (state) {
      q.query.target = std::vector<std::size_t>{*state};
      q.target_words = "state " + *o.target;
    } else {
      std::string known;
      for (const auto& [name, states] : model.labels()) known += (known.empty() ? "" : ", ") + name;
      throw std::invalid_argument("--target " + *o.target + " is neither a label nor a state of " + model.source() +
                                  (known.empty() ? " (it has no labels)" : " (its labels: " + known + ")"));
    }
  }
  return q;
}

// One entry of a many-valued answer: the state and its value.
template <class V>
using entries = std::vector<std::pair<std::size_t, V>>;

template <class T>
entries<T> solve_many(const markov_model& model, const chain_question& q, const char* policy) {
  const markov_chain<T> chain(model);
  progress_line progress(std::string("solving (") + policy + ")");
  markov_query query = q.query;
  query.progress = progress.callback();
  if (q.what == chain_question::kind::after) return distribution_after(chain, query, q.k);
  const markov_absorption<T> r = absorption_probabilities(chain, query);
  entries<T> out = r.stopped;
  if (r.closed_state) out.emplace_back(model.size(), r.never);  // index size(): "never absorbed"
  return out;
}

template <class T>
T solve_one(const markov_model& model, const chain_question& q, const char* policy) {
  const markov_chain<T> chain(model);
  progress_line progress(std::string("solving (") + policy + ")");
  markov_query query = q.query;
  query.progress = progress.callback();
  switch (q.what) {
    case chain_question::kind::steps:
      return expected_steps(chain, query);
    case chain_question::kind::absorb:
      return reach_probability(chain, query);
    case chain_question::kind::after:
      return probability_after(chain, query, q.k);
    case chain_question::kind::within:
      return reached_within(chain, query, q.k);
  }
  throw std::logic_error("unknown query");
}

template <class V>
const V& value_at(const entries<V>& list, std::size_t state) {
  for (const auto& [s, v] : list)
    if (s == state) return v;
  throw std::domain_error("the runs disagree on the states with a positive probability");
}

void run_chain(const chain_options& o) {
  auto model = std::make_shared<const markov_model>(load_markov_model(o.model_path, o.format));
  const chain_question q = make_question(o, *model);
  const std::string from = " from state " + model->name(q.query.start) + " of " + model->source();
  const std::string goal = q.target_words.empty() ? "" : q.target_words;

  const bool single = q.what == chain_question::kind::steps || q.what == chain_question::kind::within ||
                      (q.what != chain_question::kind::steps && q.query.target.has_value());
  if (single) {
    std::string what;
    switch (q.what) {
      case chain_question::kind::steps: {
        bool unit = true;
        for (std::size_t s = 0; s < model->size() && unit; ++s) unit = model->reward(s) == 1;
        what = std::string(unit ? "expected number of steps" : "expected total reward") +
               (goal.empty() ? " until absorption" : " until reaching " + goal) + from;
        break;
      }
      case chain_question::kind::absorb:
        what = "probability of ever reaching " + goal + from;
        break;
      case chain_question::kind::after:
        what = "probability of being in " + goal + " after exactly " + std::to_string(q.k) + " steps" + from;
        break;
      case chain_question::kind::within:
        what = "probability of " + (goal.empty() ? std::string("absorption") : "reaching " + goal) + " within " +
               std::to_string(q.k) + " steps" + from;
        break;
    }
    report_value(o.value, what, runs_of<Rational>([model, q]<class T>(std::type_identity<T>) {
                   return solve_one<T>(*model, q, field_traits<T>::name);
                 }));
    return;
  }

  // Many values: every absorbing state (absorb) or every state (after K)
  // with a positive probability. Each policy is solved once.
  auto exact =
      std::make_shared<cached<entries<Rational>>>([model, q] { return solve_many<Rational>(*model, q, "exact"); });
  auto approx =
      std::make_shared<cached<entries<double>>>([model, q] { return solve_many<double>(*model, q, "double"); });
  auto residue = std::make_shared<cached<entries<std::uint32_t>>>([model, q] {
    entries<std::uint32_t> out;
    for (const auto& [s, v] : solve_many<DynModInt>(*model, q, "mod")) out.emplace_back(s, v.value());
    return out;
  });
  // The states to report are structural (the same in every policy): take
  // them from the first run asked for that succeeds.
  std::vector<std::size_t> states;
  std::string first_failure;
  auto take = [&](auto& run) {
    if (!states.empty() || !first_failure.empty()) return;
    try {
      for (const auto& entry : run->get()) states.push_back(entry.first);
    } catch (const std::invalid_argument&) {
      throw;
    } catch (const std::exception& e) {
      first_failure = e.what();
    }
  };
  const bool all = o.value.as == "all";
  if (all || o.value.as == "exact" || o.value.check || o.value.digits > 0) take(exact);
  if (states.empty() && first_failure.empty() && (all || o.value.as == "double")) take(approx);
  if (states.empty() && first_failure.empty()) {
    dyn_modulus_scope scope(o.value.modulus);
    take(residue);
  }
  if (states.empty()) throw std::domain_error(first_failure.empty() ? "no state is reachable" : first_failure);
  for (const std::size_t s : states) {
    std::string what;
    if (q.what == chain_question::kind::absorb) {
      what = s == model->size() ? "probability of never being absorbed (of entering a closed class)" + from
                                : "probability of being absorbed in state " + model->name(s) + from;
    } else {
      what =
          "probability of being in state " + model->name(s) + " after exactly " + std::to_string(q.k) + " steps" + from;
    }
    report_value(
        o.value, what,
        value_runs{[exact, s] { return value_at(exact->get(), s); }, [approx, s] { return value_at(approx->get(), s); },
                   [residue, s] { return value_at(residue->get(), s); }});
  }
}

void setup(CLI::App& app) {
  auto opts = std::make_shared<chain_options>();
  CLI::App* cmd = app.add_subcommand(
      "chain",
      "A Markov chain from a model file (JSON, or PRISM's explicit .tra/.lab/.srew), cycles included: expected "
      "steps or reward until absorption, absorption probabilities, the distribution after K steps");
  cmd->add_option("MODEL", opts->model_path, "The model file: .json, or a PRISM .tra (with .lab/.srew beside it)")
      ->required();
  cmd->add_option("--format", opts->format, "json or prism (default: from the extension)")
      ->check(CLI::IsMember({"json", "prism"}));
  cmd->add_option("--start", opts->start, "The start state's name (default: the model's start, or PRISM's init)");
  cmd->add_option("--query", opts->query,
                  "steps (expected steps or reward until absorption; default), absorb (absorption probabilities), "
                  "after K (the distribution after exactly K steps), within K (absorbed within K steps)")
      ->expected(1, 2);
  cmd->add_option("--target", opts->target,
                  "A label (or a state) to reach instead of the absorbing states; its states stop the walk");
  add_value_options(*cmd, opts->value);
  cmd->callback([opts] { run_chain(*opts); });
}

}  // namespace

EXACTDP_REGISTER_COMMANDS(30, setup);

}  // namespace exactdp::tool
