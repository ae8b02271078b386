// The tour: the main job on an embedded default. Runs a few real commands and
// shows each with its command line.
#include <iostream>

#include "command.hpp"

namespace exactdp::tool {
namespace {

void setup(CLI::App& app) {
  app.add_subcommand("tour", "A short tour: run of 2 sixes, knight 3x3 k=2, coupon n=3, mod 1/16, unmod 562500004")
      ->callback([] {
        const std::vector<std::vector<std::string>> steps = {
            {"run", "2"}, {"knight", "3", "2", "0", "0"}, {"coupon", "3"}, {"mod", "1/16"}, {"unmod", "562500004"}};
        int worst = 0;
        for (const auto& args : steps) {
          std::cout << "> exactdp";
          for (const auto& a : args) std::cout << ' ' << a;
          std::cout << '\n';
          std::cout.flush();
          worst = std::max(worst, run_command_line(args));
          std::cout << '\n';
        }
        exit_status() = worst;
      });
}

}  // namespace

EXACTDP_REGISTER_COMMANDS(0, setup);

}  // namespace exactdp::tool
