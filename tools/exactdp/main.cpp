// exactdp: exact answers for the dynamic programs of games and chance.
// The command families are wired in tool.cpp (all_commands); main() only
// hands the command line over.
#include <iostream>
#include <string>
#include <vector>

#include "command.hpp"

int main(int argc, char** argv) {
  try {
    return exactdp::tool::run_command_line(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
  } catch (const std::exception& e) {  // only a failure outside run_command_line's own handlers
    std::cerr << "exactdp: error: " << e.what() << '\n';
    return 1;
  }
}
