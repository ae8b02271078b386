// Choosing the reader of a model file by its content (or a named format),
// and the label and reward files that either explicit format may come with.
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>

#include "exactdp/io/read_text.hpp"
#include "exactdp/markov/explicit_model.hpp"
#include "exactdp/markov/model.hpp"
#include "model_text.hpp"

namespace exactdp {

namespace detail {

void read_labels(explicit_model_builder& b, std::string_view text, const std::string& name,
                 std::vector<std::size_t>& init) {
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

}  // namespace detail

model_format detect_model_format(std::string_view text, const std::string& source) {
  using namespace detail;
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && text[first] == '{') return model_format::json;
  const auto lines = lines_of(text, false, true);
  if (lines.empty()) throw std::invalid_argument(source + ": the model file is empty");
  const std::string_view head = trimmed(lines[0].text);
  if (head.starts_with("@")) return model_format::drn;
  if (head == "dtmc" || head == "mdp" || head == "ctmc" || head == "ma") return model_format::storm;
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

explicit_model read_explicit(const std::string& path, std::string_view text, model_format format,
                             const model_file_options& options) {
  const std::string source = source_name(path);
  if (!options.reward_model.empty() && format != model_format::drn)
    throw std::invalid_argument(source + ": a reward model can be chosen by name only in a DRN file");
  switch (format) {
    case model_format::json:
      return to_explicit_model(parse_json_model(text, source));
    case model_format::drn:
      return parse_drn_model(text, source, options.reward_model);
    case model_format::prism:
    case model_format::storm: {
      const auto lab_path = sibling(path, ".lab");
      auto rew_path = sibling(path, ".srew");
      if (!rew_path) rew_path = sibling(path, ".state.rew");
      std::optional<std::string> lab, rew;
      if (lab_path) lab = read_text(*lab_path, "the labels");
      if (rew_path) rew = read_text(*rew_path, "the state rewards");
      const auto lab_view = lab ? std::optional<std::string_view>(*lab) : std::nullopt;
      const auto rew_view = rew ? std::optional<std::string_view>(*rew) : std::nullopt;
      if (format == model_format::prism)
        return parse_prism_explicit(text, source, lab_view, lab_path.value_or(""), rew_view, rew_path.value_or(""));
      return parse_storm_explicit(text, source, lab_view, lab_path.value_or(""), rew_view, rew_path.value_or(""));
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
  return named ? *named : detect_model_format(text, source_name(path));
}

explicit_model parse_explicit_model(std::string_view text, const std::string& path, model_format format,
                                    const model_file_options& options) {
  return read_explicit(path, text, format, options);
}

explicit_model load_explicit_model(const std::string& path, const model_file_options& options) {
  static_cast<void>(model_format_named(options.format));  // an unknown name is refused before the file is read
  const std::string text = read_text(path, "the model");
  return read_explicit(path, text, model_format_of(text, path, options), options);
}

markov_model load_markov_model(const std::string& path, const model_file_options& options) {
  static_cast<void>(model_format_named(options.format));  // an unknown name is refused before the file is read
  const std::string text = read_text(path, "the chain model");
  const model_format format = model_format_of(text, path, options);
  // JSON describes a chain: read it directly.
  if (format == model_format::json && options.reward_model.empty()) return parse_json_model(text, source_name(path));
  return to_markov_model(read_explicit(path, text, format, options));
}

markov_model load_markov_model(const std::string& path, const std::string& format) {
  model_file_options options;
  options.format = format;
  return load_markov_model(path, options);
}

}  // namespace exactdp
