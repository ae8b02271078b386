// The tour: the main job on an embedded default. Runs a few real commands and
// shows each with its command line (command.hpp).
#include <iostream>
#include <sstream>

#include "command.hpp"

namespace exactdp::tool {
namespace {

struct tour_options {};

void setup_tour(CLI::App&, tour_options&) {}

result run_tour(const tour_options&) {
  const std::vector<std::vector<std::string>> steps = {
      {"run", "2"}, {"knight", "3", "2", "0", "0"}, {"coupon", "3"}, {"mod", "1/16"}, {"unmod", "562500004"}};
  result r;
  r.question = "a short tour of exactdp";
  json shown = json::array();
  std::string text;
  for (const auto& args : steps) {
    std::ostringstream out, err;
    std::string line = "exactdp";
    for (const auto& a : args) line += " " + a;
    const int status = run_command_line(args, out, err);
    if (status != 0) throw std::runtime_error("the tour's step '" + line + "' failed: " + err.str());
    text += (text.empty() ? "" : "\n") + ("> " + line + "\n") + out.str();
    shown.push_back({{"command", line}, {"output", out.str()}});
  }
  r.show_question = false;
  r.add("steps", std::move(shown), "", text.substr(0, text.size() - 1));
  return r;
}

}  // namespace

void add_tour_command(command_list& list) {
  add_command<tour_options>(list, "tour",
                            "A short tour: run of 2 sixes, knight 3x3 k=2, coupon n=3, mod 1/16, unmod 562500004",
                            setup_tour, run_tour);
}

}  // namespace exactdp::tool
