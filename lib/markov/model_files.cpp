// Choosing the reader of a model file by its content (or a named format),
// and the label and reward files that either explicit format may come with.
#include <nettle/sha2.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/io/json_input.hpp"
#include "exactdp/io/prism_keywords.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/markov/explicit_model.hpp"
#include "exactdp/markov/model.hpp"
#include "exactdp/numeric/errors.hpp"
#include "model_text.hpp"

namespace exactdp {

namespace detail {

void read_labels(explicit_model_builder& b, std::string_view text, const std::string& name,
                 std::vector<std::size_t>& init) {
  // Storm's starts with #DECLARATION; PRISM's may start with '#' comment
  // lines (PRISM 4.9's exporter writes a header such as "# Labels").
  const auto lines = lines_of(text, false);
  if (!lines.empty() && trimmed(lines[0].text).starts_with("#DECLARATION"))
    read_storm_labels(b, text, name, init);
  else
    read_prism_labels(b, text, name, init);
}

void read_state_rewards(explicit_model_builder& b, std::string_view text, const std::string& name) {
  // PRISM's file has '#' comment lines (PRISM writes them) or starts with
  // "n k", n the number of states; Storm's lines are "i r" with i < n.
  const auto all = lines_of(text, false);
  const auto lines = lines_of(text, true);
  const bool comments = all.size() != lines.size();
  const bool header =
      !lines.empty() && fields_of(lines[0].text).size() == 2 && fields_of(lines[0].text)[0] == std::to_string(b.size());
  if (comments || header)
    read_prism_state_rewards(b, text, name);
  else
    read_storm_state_rewards(b, text, name);
}

void read_transition_rewards(explicit_model_builder& b, std::string_view text, const std::string& name, bool mdp) {
  check_numbers_budget(text, name);
  const auto lines = lines_of(text, true);
  const std::size_t n = b.size();
  const std::size_t fields = mdp ? 4 : 3;
  b.reward_structure();  // an empty file: every reward is 0
  std::size_t first = 0;
  if (!lines.empty() && fields_of(lines[0].text).size() == fields - 1) {
    // PRISM's header: "n m" or "n k m", m the number of reward lines.
    check_reward_header(fields_of(lines[0].text), at_line(name, lines[0].number), n, lines.size() - 1);
    first = 1;
  }
  for (std::size_t i = first; i < lines.size(); ++i) {
    const std::string at = at_line(name, lines[i].number);
    const auto f = fields_of(lines[i].text);
    if (f.size() != fields)
      throw std::invalid_argument(at + (mdp ? ": a transition reward line must be \"from choice to reward\""
                                            : ": a transition reward line must be \"from to reward\""));
    const std::size_t from = read_state(f[0], n, at);
    const std::uint64_t choice = mdp ? read_count(f[1], at, "choice index") : 0;
    const std::size_t to = read_state(f[fields - 2], n, at);
    b.transition_reward(from, static_cast<std::size_t>(choice), to, read_number(f[fields - 1], at, "reward"), at);
  }
}

void refuse_repeated_actions(const explicit_model& m) {
  std::vector<std::string_view> names;
  for (std::size_t s = 0; s < m.size(); ++s) {
    names.clear();
    for (std::size_t c = m.choice_begin(s); c < m.choice_end(s); ++c)
      if (!m.action(c).empty()) names.push_back(m.action(c));
    std::sort(names.begin(), names.end());
    const auto twice = std::adjacent_find(names.begin(), names.end());
    if (twice != names.end())
      throw std::invalid_argument(m.source() + ": state " + name_text(m.name(s)) + " has two choices named " +
                                  quote_input(*twice) + ": a strategy could not tell them apart (name them apart)");
  }
}

}  // namespace detail

namespace {

// Whether the non-blank lines of a model file are a model in the PRISM
// language rather than an explicit file: the first word is one a PRISM
// model starts with (io/prism_keywords.hpp, the list lang uses too), and a
// model type alone on its line ("dtmc", as Storm's explicit .tra starts) is
// followed by a line that is not a transition (a word, not a number, first).
bool prism_language_lines(const std::vector<detail::text_line>& lines) {
  std::string_view head = detail::trimmed(lines[0].text);
  const std::string_view word = head.substr(0, head.find_first_not_of("abcdefghijklmnopqrstuvwxyz"));
  if (!is_prism_model_start(word)) return false;
  const bool type = is_prism_model_type(word);
  const std::string_view rest = detail::trimmed(head.substr(word.size()));
  if (!rest.empty() && !rest.starts_with("//")) return !type && (head[word.size()] == ' ' || head[word.size()] == '\t');
  if (lines.size() < 2) return false;
  const std::string_view next = detail::trimmed(lines[1].text);
  return !next.empty() && std::isalpha(static_cast<unsigned char>(next[0]));
}

}  // namespace

model_format detect_model_format(std::string_view text, const std::string& source) {
  using namespace detail;
  const std::string check_it =
      ": check it with exactdp check " + (source == "standard input" ? std::string("-") : source) + " --prop '...'";
  if (opens_json_object(text)) {
    // A JANI file (its "jani-version" key, anywhere: JANI writers sort their keys) is no JSON model here.
    for (std::size_t key = text.find("\"jani-version\""); key != std::string_view::npos;
         key = text.find("\"jani-version\"", key + 1)) {
      const std::size_t after = text.find_first_not_of(" \t\r\n", key + 14);
      if (after != std::string_view::npos && text[after] == ':')
        throw std::invalid_argument(source + " is a JANI model" + check_it);
    }
    return model_format::json;
  }
  // '#' lines are comments here: PRISM 4.9 starts its files with a comment
  // header ("# Transitions ..."); '//' lines come before DRN's sections.
  const auto lines = lines_of(text, true, true);
  if (lines.empty()) throw std::invalid_argument(source + ": the model file is empty");
  if (prism_language_lines(lines)) throw std::invalid_argument(source + " is a model in the PRISM language" + check_it);
  const std::string_view head = trimmed(lines[0].text);
  if (head.starts_with("@")) return model_format::drn;
  if (is_prism_model_type(head)) return model_format::storm;
  const auto fields = fields_of(head);
  bool counts = fields.size() == 2 || fields.size() == 3;
  for (const auto f : fields) counts = counts && f.find_first_not_of("0123456789") == std::string_view::npos;
  if (counts) return model_format::prism;
  throw std::invalid_argument(at_line(source, lines[0].number) + ": cannot tell the model format from the line " +
                              quote_input(head, 32) +
                              ": a JSON model starts with '{', a DRN file with '@' sections, Storm's explicit "
                              ".tra with dtmc or mdp, PRISM's with \"states transitions\"");
}

namespace {

model_format format_named(const std::string& format) {
  if (format == "json") return model_format::json;
  if (format == "prism") return model_format::prism;
  if (format == "storm") return model_format::storm;
  if (format == "drn") return model_format::drn;
  throw std::invalid_argument("unknown model format " + quote_input(format) + " (json, prism, storm or drn)");
}

// How messages and answers name the model's text: its path, or "standard
// input" for "-".
std::string source_name(const std::string& path) { return path == "-" ? "standard input" : path; }

// A file beside `path` with the same stem and another extension, if it exists.
std::optional<std::string> sibling(const std::string& path, const char* extension) {
  if (path == "-") return std::nullopt;
  std::filesystem::path p(path);
  p.replace_extension(extension);
  std::error_code ec;
  if (!std::filesystem::exists(p, ec)) return std::nullopt;
  return p.string();
}

// The one file beside `path` with either extension: two are ambiguous.
std::optional<std::string> one_sibling(const std::string& path, const char* first, const char* second,
                                       const char* what) {
  const auto a = sibling(path, first), b = sibling(path, second);
  if (a && b)
    throw std::invalid_argument(*a + " and " + *b + " both hold " + what + " for " + path +
                                ": remove or rename one of them");
  return a ? a : b;
}

// The extensions of the reward files read beside an explicit model's .tra
// (state rewards, then transition rewards, each under two names).
constexpr std::array<const char*, 4> reward_extensions{".srew", ".state.rew", ".trew", ".trans.rew"};

// The files a reward structure of an explicit model is looked for in.
std::string reward_files_looked_for(const std::string& path) {
  if (path == "-") return "standard input has no reward file beside it";
  std::string out = "no reward file beside it (looked for ";
  for (std::size_t i = 0; i < reward_extensions.size(); ++i) {
    std::filesystem::path p(path);
    p.replace_extension(reward_extensions[i]);
    out += (i == 0 ? "" : i + 1 == reward_extensions.size() ? " and " : ", ") + p.string();
  }
  return out + ")";
}

// SHA-256 through Nettle, fed in parts.
struct sha256_state {
  sha256_ctx ctx{};
  sha256_state() { sha256_init(&ctx); }
  void add(std::string_view bytes) {
    // Nettle takes a size_t length: no chunking needed.
    sha256_update(&ctx, bytes.size(), reinterpret_cast<const std::uint8_t*>(bytes.data()));
  }
  std::string hex() {
    std::array<std::uint8_t, SHA256_DIGEST_SIZE> d{};
    sha256_digest(&ctx, d.size(), d.data());
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (const std::uint8_t b : d) {
      out += digits[b >> 4];
      out += digits[b & 15];
    }
    return out;
  }
};

explicit_model read_explicit(const std::string& path, std::string_view text, model_format format,
                             const model_file_options& options) {
  const std::string source = source_name(path);
  if (format == model_format::json)
    check_state_budget("the model " + source, static_cast<long double>(text.size()), json_bytes_per_byte,
                       "bytes of text");
  else
    check_state_budget("reading the model " + source, explicit_model_read_bytes(text, format), 1, "bytes");
  switch (format) {
    case model_format::json:
      return to_explicit_model(parse_json_model(text, source));
    case model_format::drn: {
      explicit_model model = parse_drn_model(text, source, options.reward_model);
      if (options.rewards_required && !model.has_rewards())
        throw std::invalid_argument(source +
                                    " has no reward structure: its @reward_models section names none; a reward "
                                    "query needs rewards, as in PRISM and Storm");
      return model;
    }
    case model_format::prism:
    case model_format::storm: {
      const auto lab_path = sibling(path, ".lab");
      const auto rew_path = one_sibling(path, reward_extensions[0], reward_extensions[1], "state rewards");
      const auto trew_path = one_sibling(path, reward_extensions[2], reward_extensions[3], "transition rewards");
      std::optional<std::string> lab, rew, trew;
      if (lab_path) lab = read_text(*lab_path, "the labels");
      if (rew_path) rew = read_text(*rew_path, "the state rewards");
      if (trew_path) trew = read_text(*trew_path, "the transition rewards");
      auto view = [](const std::optional<std::string>& t) {
        return t ? std::optional<std::string_view>(*t) : std::nullopt;
      };
      explicit_model model = format == model_format::prism
                                 ? parse_prism_explicit(text, source, view(lab), lab_path.value_or(""), view(rew),
                                                        rew_path.value_or(""), view(trew), trew_path.value_or(""))
                                 : parse_storm_explicit(text, source, view(lab), lab_path.value_or(""), view(rew),
                                                        rew_path.value_or(""), view(trew), trew_path.value_or(""));
      if (options.rewards_required && !model.has_rewards())
        throw std::invalid_argument(source + " has no reward structure: " + reward_files_looked_for(path) +
                                    "; a reward query needs rewards, as in PRISM and Storm");
      return model;
    }
  }
  throw std::logic_error("unknown model format");
}

}  // namespace

std::optional<model_format> model_format_named(const std::string& name) {
  if (name.empty()) return std::nullopt;
  return format_named(name);
}

model_format model_format_of(std::string_view text, const std::string& path, const model_file_options& options) {
  const std::optional<model_format> named = model_format_named(options.format);
  const model_format format = named ? *named : detect_model_format(text, source_name(path));
  if (!options.reward_model.empty() && format != model_format::drn)
    throw std::invalid_argument(source_name(path) + ": a reward model can be chosen by name only in a DRN file");
  return format;
}

explicit_model parse_explicit_model(std::string_view text, const std::string& path, model_format format,
                                    const model_file_options& options) {
  return read_explicit(path, text, format, options);
}

long double explicit_model_read_bytes(std::string_view text, model_format format) {
  // One pass over the lines that are not blank: a state starts at a DRN
  // line "state ...", or at a .tra line whose first field (the source
  // state) differs from the line before's.
  long double lines = 0, states = 0;
  std::string_view before;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    const std::size_t first = line.find_first_not_of(" \t\r");
    const std::string_view field = first == std::string_view::npos
                                       ? std::string_view()
                                       : line.substr(first, line.find_first_of(" \t\r", first) - first);
    at = end + 1;
    if (field.empty()) continue;  // blank lines build nothing
    ++lines;
    if (format == model_format::drn ? field == "state" : field != before) ++states;
    before = field;
  }
  return 2 * static_cast<long double>(text.size()) + lines * explicit_model_line_bytes +
         states * explicit_model_state_bytes;
}

explicit_model load_explicit_model(const std::string& path, const model_file_options& options) {
  static_cast<void>(model_format_named(options.format));  // an unknown name is refused before the file is read
  // The text alone here; read_explicit checks what is built from it.
  const std::string text = read_text(path, "the model", 1);
  return read_explicit(path, text, model_format_of(text, path, options), options);
}

markov_model load_markov_model(const std::string& path, const model_file_options& options) {
  static_cast<void>(model_format_named(options.format));  // an unknown name is refused before the file is read
  // The text alone here; read_explicit (or, for JSON, the check below)
  // checks what is built from it.
  std::string text = read_text(path, "the chain model", 1);
  const model_format format = model_format_of(text, path, options);
  // JSON describes a chain: read it directly.
  if (format == model_format::json && options.reward_model.empty()) {
    check_state_budget("the chain model " + source_name(path), static_cast<long double>(text.size()),
                       json_bytes_per_byte, "bytes of text");
    return parse_json_model(text, source_name(path));
  }
  explicit_model model = read_explicit(path, text, format, options);
  std::string().swap(text);  // the text is read: the chain is built without it
  return to_markov_model(std::move(model));
}

markov_model load_markov_model(const std::string& path, const std::string& format) {
  model_file_options options;
  options.format = format;
  return load_markov_model(path, options);
}

std::string sha256_hex(std::string_view bytes) {
  sha256_state h;
  h.add(bytes);
  return h.hex();
}

std::string model_digest(const std::string& path) {
  if (path == "-")
    throw std::invalid_argument("a certificate needs the model in a file, not on standard input, to digest it");
  const std::string text = read_text(path, "the model");
  sha256_state h;
  h.add(text);
  model_format format = model_format::json;
  try {
    format = detect_model_format(text, path);
  } catch (const std::invalid_argument&) {
  }
  if (format == model_format::prism || format == model_format::storm) {
    // The files read_explicit reads beside the .tra: the labels, then the rewards.
    std::vector<const char*> beside{".lab"};
    beside.insert(beside.end(), reward_extensions.begin(), reward_extensions.end());
    for (const char* ext : beside) {
      const std::optional<std::string> side_path = sibling(path, ext);
      if (!side_path) continue;
      const std::string side = read_text(*side_path, "a file beside the model");
      h.add(std::string(ext) + ":" + std::to_string(side.size()) + ":");
      h.add(side);
    }
  }
  return h.hex();
}

}  // namespace exactdp
