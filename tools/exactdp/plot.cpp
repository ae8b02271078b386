// Pictures through gnuplot and Graphviz (plot.hpp).
#include "plot.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string_view>

#include "args.hpp"

extern char** environ;

namespace exactdp::tool {

namespace {

struct program_output {
  int status = 0;
  std::string out, err;
};

// Runs `argv` (found on PATH) with `input` on its standard input; returns
// its exit status and what it wrote. `package` names the Debian package
// to install when the program is missing.
program_output run_program(const std::vector<std::string>& argv, const std::string& input, const std::string& package) {
  std::array<int, 2> in{}, out{}, err{};
  if (pipe(in.data()) != 0 || pipe(out.data()) != 0 || pipe(err.data()) != 0)
    throw std::runtime_error("could not start " + argv[0] + ": " + std::strerror(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) posix_spawn_file_actions_addclose(&actions, fd);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0].c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  for (int fd : {in[0], out[1], err[1]}) close(fd);
  if (spawned != 0) {
    for (int fd : {in[1], out[0], err[0]}) close(fd);
    if (spawned == ENOENT)
      throw std::runtime_error(argv[0] + " is not installed (or not on PATH): install the Debian package " + package +
                               " (apt-get install " + package + ") to draw pictures; everything else works without it");
    throw std::runtime_error("could not start " + argv[0] + ": " + std::strerror(spawned));
  }
  // Feed the input and read both outputs together, so that no pipe fills up.
  const auto previous = std::signal(SIGPIPE, SIG_IGN);  // a program that stops reading must not end the tool
  fcntl(in[1], F_SETFL, O_NONBLOCK);
  program_output r;
  std::size_t written = 0;
  bool in_open = true, out_open = true, err_open = true;
  if (input.empty()) {
    close(in[1]);
    in_open = false;
  }
  std::array<char, 65536> buffer{};
  while (in_open || out_open || err_open) {
    std::vector<pollfd> fds;
    if (in_open) fds.push_back({in[1], POLLOUT, 0});
    if (out_open) fds.push_back({out[0], POLLIN, 0});
    if (err_open) fds.push_back({err[0], POLLIN, 0});
    if (poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (const pollfd& p : fds) {
      if (p.revents == 0) continue;
      if (p.fd == in[1]) {
        const ssize_t n = write(in[1], input.data() + written, input.size() - written);
        if (n > 0) written += static_cast<std::size_t>(n);
        if (n < 0 && errno != EAGAIN) written = input.size();  // the program stopped reading
        if (written == input.size()) {
          close(in[1]);
          in_open = false;
        }
      } else {
        const ssize_t n = read(p.fd, buffer.data(), buffer.size());
        if (n > 0) {
          (p.fd == out[0] ? r.out : r.err).append(buffer.data(), static_cast<std::size_t>(n));
        } else if (n == 0 || errno != EAGAIN) {
          close(p.fd);
          (p.fd == out[0] ? out_open : err_open) = false;
        }
      }
    }
  }
  std::signal(SIGPIPE, previous);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
  return r;
}

void write_svg(const program_output& r, const std::string& program, const std::string& path) {
  if (r.status != 0 || r.out.find("<svg") == std::string::npos) {
    std::string why = r.err.substr(0, 400);
    std::replace(why.begin(), why.end(), '\n', ' ');
    throw std::runtime_error(program + " failed to draw " + quote_input(path, 60) + " (exit status " +
                             std::to_string(r.status) + ")" + (why.empty() ? "" : ": " + why));
  }
  std::ofstream file(path, std::ios::binary);
  file << r.out;
  file.close();
  if (!file) throw std::runtime_error("could not write " + quote_input(path, 60));
}

std::string escaped(const std::string& text, const std::string& special) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    if (special.find(c) != std::string::npos) out += '\\';
    out += c;
  }
  return out + '"';
}

}  // namespace

void check_plot_path(const std::string& path) {
  if (path.size() < 5 || path.compare(path.size() - 4, 4, ".svg") != 0)
    throw std::invalid_argument("--plot writes an SVG file: its name must end in .svg, not " + quote_input(path, 60));
}

std::string gnuplot_text(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '\n') c = ' ';
    if (c == '"' || c == '\\') out += '\\';
    if (std::string_view("{}^_@&~").find(c) != std::string_view::npos) out += "\\\\";
    out += c;
  }
  return out + '"';
}

std::string dot_string(const std::string& text) { return escaped(text, "\"\\"); }

void plot_with_gnuplot(const std::string& script, const std::string& path) {
  const std::string all =
      "set terminal svg size 800,500 dynamic enhanced font 'Sans,12' background rgb 'white'\n"
      "set output\n" +
      script;
  write_svg(run_program({"gnuplot"}, all, "gnuplot-nox"), "gnuplot", path);
}

void plot_with_dot(const std::string& dot, const std::string& path) {
  write_svg(run_program({"dot", "-Tsvg"}, dot, "graphviz"), "dot", path);
}

}  // namespace exactdp::tool
