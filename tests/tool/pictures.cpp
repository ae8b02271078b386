// The error profile of a recurrence (profile) and the pictures (--plot,
// --dot): profile rows against the exact and double runs of the same
// command, the summaries, the error paths, and SVG files that parse as XML
// and hold the expected number of data points. Pictures need gnuplot and
// Graphviz (Debian gnuplot-nox, graphviz); their tests are skipped without.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "exactdp/numeric/numeric.hpp"
#include "support/run_in_process.hpp"
#include "support/temp_file.hpp"

namespace {

using exactdp::test::run_in_process;
using json = nlohmann::json;

bool installed(const std::string& program) {
  return std::system(("command -v " + program + " >/dev/null 2>&1").c_str()) == 0;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Whether the file parses as XML (Python's parser: nlohmann reads no XML).
bool parses_as_xml(const std::string& path) {
  return std::system(("python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' " + path +
                      " >/dev/null 2>&1")
                         .c_str()) == 0;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) ++n;
  return n;
}

std::string svg_path(const std::string& name) { return "/tmp/exactdp-test-" + std::to_string(::getpid()) + "-" + name; }

json profile_json(const std::vector<std::string>& args) {
  const auto r = run_in_process(args);
  INFO(r.err);
  REQUIRE(r.status == 0);
  return json::parse(r.out);
}

}  // namespace

TEST_CASE("profile rows equal the exact and the double runs of the same command", "[tool][pictures]") {
  for (const std::vector<std::string>& inner :
       {std::vector<std::string>{"run", "{}"}, {"knight", "3", "{}", "0", "0"}, {"soup", "{}"}}) {
    const json p = profile_json([&] {
      std::vector<std::string> a{"profile", "--range", "1..30", "--step", "7", "--json", "--"};
      a.insert(a.end(), inner.begin(), inner.end());
      return a;
    }());
    REQUIRE(p["rows"].size() == 5);  // 1, 8, 15, 22, 29
    for (const json& row : p["rows"]) {
      std::vector<std::string> one = inner;
      for (std::string& w : one)
        if (w == "{}") w = std::to_string(row["value"].get<long long>());
      one.insert(one.end(), {"--json", "--as", "exact"});
      const json exact = profile_json(one);
      one.back() = "double";
      const json approx = profile_json(one);
      INFO(row.dump());
      CHECK(row["exact"] == exact["exact"]);
      CHECK(row["exact_double"] == exact["exact_double"]);
      CHECK(row["exact_double_status"] == exact["exact_double_status"]);
      CHECK(row["double"] == approx["double"]);
      // The ulps: the distance between the two doubles, counted independently.
      const double d = std::stod(approx["double"].get<std::string>());
      const double e = std::stod(exact["exact_double"].get<std::string>());
      if (std::isfinite(d)) CHECK(row["ulps"] == *exactdp::ulp_distance(d, e));
    }
  }
}

TEST_CASE("profile varies a parameter with a default, given as an option", "[tool][pictures]") {
  const json p = profile_json({"profile", "--range", "2..4", "--json", "--", "run", "3", "--faces", "{}"});
  REQUIRE(p["rows"].size() == 3);
  for (const json& row : p["rows"]) {
    const json one =
        profile_json({"run", "3", "--faces", std::to_string(row["value"].get<int>()), "--json", "--as", "exact"});
    CHECK(row["exact"] == one["exact"]);
  }
  CHECK(p["rows"][0]["exact"] == "14");  // two faces: 2 + 4 + 8
}

TEST_CASE("profile run 1..40: the summary, with the overflow at 21", "[tool][pictures]") {
  const json p = profile_json({"profile", "--range", "1..40", "--json", "--", "run", "{}"});
  REQUIRE(p["rows"].size() == 40);
  CHECK(p["summary"]["first_not_correctly_rounded"] == 1);
  CHECK(p["summary"]["first_relative_error_above_1e-6"] == 13);
  CHECK(p["summary"]["first_overflow_or_underflow"] == 21);
  CHECK(p["rows"][19]["status"] == "rounded");
  CHECK(p["rows"][20]["status"] == "overflow");
  CHECK(p["rows"][20]["double"] == "inf");
  CHECK(p["rows"][20]["exact_double_status"] == "rounded");  // the exact value fits a double: the recurrence overflows
  CHECK(p["rows"][20]["ulps"].is_null());
  const auto text = run_in_process({"profile", "--range", "1..40", "--", "run", "{}"});
  CHECK(text.out.find("first not correctly rounded: 1 (2 ulps); first relative error above 1e-6: 13 (1.02e-06); "
                      "first overflow or underflow: 21 (overflow)") != std::string::npos);
  // The 3x3 knight from a corner: 1/4^m, exact in double until it underflows.
  const json k = profile_json({"profile", "--range", "1..600", "--json", "--", "knight", "3", "{}", "0", "0"});
  CHECK(k["summary"]["first_overflow_or_underflow"] == 537);
  CHECK(k["rows"][511]["status"] == "subnormal");
  CHECK(k["rows"][600 - 1]["status"] == "underflow");
}

TEST_CASE("profile --csv: a header and one line per value", "[tool][pictures]") {
  const auto r = run_in_process({"profile", "--range", "5..9", "--csv", "--", "run", "{}"});
  REQUIRE(r.status == 0);
  CHECK(r.out.rfind("value,exact,numerator_digits", 0) == 0);
  CHECK(count(r.out, "\n") == 6);
  CHECK(r.out.find("\n9,12093234,8,1,") != std::string::npos);
}

TEST_CASE("profile refuses bad command lines and ranges", "[tool][pictures]") {
  auto error = [](const std::vector<std::string>& args, int status, const std::string& words) {
    const auto r = run_in_process(args);
    INFO(r.err);
    CHECK(r.status == status);
    CHECK(r.err.find(words) != std::string::npos);
  };
  error({"profile", "--range", "1..4", "--", "run", "5"}, 2, "exactly one {}");
  error({"profile", "--range", "1..4", "--", "knight", "{}", "{}", "0", "0"}, 2, "exactly one {}");
  error({"profile", "--range", "1..4", "--", "{}", "5"}, 2, "not for the command itself");
  error({"profile", "--range", "4..1", "--", "run", "{}"}, 2, "A <= B");
  error({"profile", "--range", "1-4", "--", "run", "{}"}, 2, "A..B");
  error({"profile", "--range", "0x1..4", "--", "run", "{}"}, 2, "A (the range's start)");
  error({"profile", "--range", "1..4", "--step", "0", "--", "run", "{}"}, 2, "--step");
  error({"profile", "--range", "1..4", "--", "run", "{}", "--as", "exact"}, 2, "belongs to profile");
  error({"profile", "--range", "1..4", "--", "nim-sum", "{}"}, 2, "no single number to profile");
  error({"profile", "--range", "1..4", "--", "profile", "{}"}, 2, "cannot profile itself");
  error({"profile", "--range", "1..4", "--", "rnn", "{}"}, 2, "did you mean 'run'");
  // profile varies an integer parameter of a question of the catalogue:
  // dice-sequences (six limits in a list) is none, and the options of a
  // command beyond the question's parameters are not the question's.
  error({"profile", "--range", "1..4", "--", "dice-sequences", "{}", "1", "1", "2", "2", "2", "3"}, 2,
        "'dice-sequences' is not a question profile can vary");
  error({"profile", "--range", "1..4", "--", "soup", "{}", "--tolerance", "1e-6"}, 2,
        "unknown option '--tolerance' for 'soup'");
  error({"profile", "--range", "1..4", "--", "knight", "3", "{}", "0"}, 2, "knight needs COL");
  // The fixed values are read before any work, with no value named.
  error({"profile", "--range", "1..4", "--", "knight", "3", "{}", "x", "0"}, 2,
        "exactdp: error: ROW must be an integer in 0..2, not 'x'");
  error({"profile", "--range", "1..4", "--", "knight", "0", "{}", "0", "0"}, 2,
        "exactdp: error: N (the board size) must be an integer in 1..10^5, not '0'");
  // A bound by the varying value is read at the value that breaks it.
  error({"profile", "--range", "1..4", "--", "knight", "{}", "1", "2", "0"}, 2,
        "at {} = 1: ROW must be an integer in 0..0, not '2'");
  // The inner command's own checks, at the value that fails them.
  error({"profile", "--range", "0..3", "--", "run", "{}"}, 2, "at {} = 0");
  // The work budget covers the whole sweep, refused before any work.
  error({"profile", "--range", "1..1000000000000", "--", "run", "{}"}, 1, "work budget");
  error({"profile", "--range", "1..1000", "--max-work", "1e6", "--", "run", "{}"}, 1, "a profile of 1000 values");
  // Leading zeros are decimal.
  const json p = profile_json({"profile", "--range", "008..010", "--json", "--", "run", "{}"});
  CHECK(p["range"]["from"] == 8);
  CHECK(p["rows"].size() == 3);
}

TEST_CASE("each --plot writes an SVG that parses as XML with its data points", "[tool][pictures]") {
  if (!installed("gnuplot")) {
    WARN("gnuplot is not installed: the plots are not tested");
    return;
  }
  const std::string path = svg_path("profile.svg");
  // run 1..40: points for 20 finite errors in each panel, plus one legend
  // sample per series; the overflowing values have none.
  REQUIRE(run_in_process({"profile", "--range", "1..40", "--plot", path, "--", "run", "{}"}).status == 0);
  std::string svg = read_all(path);
  CHECK(parses_as_xml(path));
  const std::size_t run_points = count(svg, "<use xlink:href='#gpPt");
  REQUIRE(run_in_process({"profile", "--range", "1..30", "--plot", path, "--", "run", "{}"}).status == 0);
  CHECK(run_points - count(read_all(path), "<use xlink:href='#gpPt") == 0);  // 21..40 all overflow
  REQUIRE(run_in_process({"profile", "--range", "1..10", "--plot", path, "--", "run", "{}"}).status == 0);
  CHECK(run_points - count(read_all(path), "<use xlink:href='#gpPt") == 2 * 10);
  std::remove(path.c_str());

  // knight: one cell per square (the colour box adds the same polygons to both).
  const std::string k5 = svg_path("k5.svg"), k9 = svg_path("k9.svg");
  REQUIRE(run_in_process({"knight", "5", "3", "0", "0", "--plot", k5}).status == 0);
  REQUIRE(run_in_process({"knight", "9", "3", "0", "0", "--plot", k9}).status == 0);
  CHECK(parses_as_xml(k5));
  CHECK(count(read_all(k9), "<polygon") - count(read_all(k5), "<polygon") == 81 - 25);
  std::remove(k5.c_str());
  std::remove(k9.c_str());

  // pig: one cell per pair of scores (targets 5 and 9).
  const std::string p5 = svg_path("p5.svg"), p9 = svg_path("p9.svg");
  REQUIRE(run_in_process({"pig", "--target", "5", "--plot", p5}).status == 0);
  REQUIRE(run_in_process({"pig", "--target", "9", "--as", "double", "--plot", p9}).status == 0);
  CHECK(parses_as_xml(p9));
  CHECK(count(read_all(p9), "<polygon") - count(read_all(p5), "<polygon") == 81 - 25);
  std::remove(p5.c_str());
  std::remove(p9.c_str());
  CHECK(run_in_process({"pig", "--target", "5", "--plot", svg_path("p.png")}).status == 2);

  // grundy: one point per heap size.
  const std::string g = svg_path("grundy.svg");
  REQUIRE(run_in_process({"grundy", "--octal", "0.07", "--table", "40", "--plot", g}).status == 0);
  const std::size_t g40 = count(read_all(g), "<use xlink:href='#gpPt");
  CHECK(parses_as_xml(g));
  REQUIRE(run_in_process({"grundy", "--octal", "0.07", "--table", "100", "--plot", g}).status == 0);
  CHECK(count(read_all(g), "<use xlink:href='#gpPt") - g40 == 60);
  std::remove(g.c_str());
}

TEST_CASE("a plot without gnuplot says which package to install, and the answer needs no gnuplot", "[tool][pictures]") {
  const char* old = std::getenv("PATH");
  const std::string saved = old ? old : "";
  setenv("PATH", "/nonexistent", 1);
  const std::string path = svg_path("none.svg");
  const auto r = run_in_process({"profile", "--range", "1..3", "--plot", path, "--", "run", "{}"});
  const auto d = run_in_process(
      {"chain", std::string(EXACTDP_SOURCE_DIR) + "/examples/markov/gamblers_ruin.json", "--plot", path});
  const auto plain = run_in_process({"profile", "--range", "1..3", "--", "run", "{}"});
  setenv("PATH", saved.c_str(), 1);
  CHECK(r.status == 1);
  CHECK(r.err.find("install the Debian package gnuplot-nox") != std::string::npos);
  CHECK(d.status == 1);
  CHECK(d.err.find("install the Debian package graphviz") != std::string::npos);
  CHECK(plain.status == 0);
  // Bad file names are refused before any work.
  const auto bad = run_in_process({"knight", "8", "3", "0", "0", "--plot", "picture.png"});
  CHECK(bad.status == 2);
  CHECK(bad.err.find("must end in .svg") != std::string::npos);
}

TEST_CASE("chain --dot writes the model as DOT that dot reads; --plot refuses large models", "[tool][pictures]") {
  const std::string model = std::string(EXACTDP_SOURCE_DIR) + "/examples/markov/knuth_yao_die.drn";
  const auto r = run_in_process({"chain", model, "--dot"});
  REQUIRE(r.status == 0);
  CHECK(r.out.rfind("digraph chain {", 0) == 0);
  CHECK(count(r.out, " -> ") == 14);               // the Knuth-Yao die: 7 coin flips of 2 outcomes
  CHECK(count(r.out, "shape=doublecircle") == 6);  // its six faces absorb
  CHECK(count(r.out, "[label=\"1/2\"]") == 14);
  const json j = json::parse(run_in_process({"chain", model, "--dot", "--json"}).out);
  CHECK(j["dot"].get<std::string>() == r.out);
  if (installed("dot")) {
    exactdp::test::temp_file dot("graph.dot", r.out);
    CHECK(std::system(("dot -Tsvg " + dot.path() + " >/dev/null 2>&1").c_str()) == 0);
    const std::string path = svg_path("chain.svg");
    REQUIRE(run_in_process({"chain", model, "--plot", path}).status == 0);
    CHECK(parses_as_xml(path));
    CHECK(count(read_all(path), "class=\"node\"") == 13);
    CHECK(count(read_all(path), "class=\"edge\"") == 14);
    std::remove(path.c_str());
  } else {
    WARN("Graphviz is not installed: dot's reading of --dot is not tested");
  }
  // 201 states in a line: refused before drawing.
  std::string big = "{\"start\": \"0\", \"transitions\": {";
  // Appended piece by piece: GCC 12's -Wrestrict warns falsely on
  // const char* + std::string&& (GCC bug 105329).
  for (int s = 0; s < 200; ++s) {
    big += s ? ", \"" : "\"";
    big += std::to_string(s);
    big += "\": {\"";
    big += std::to_string(s + 1);
    big += "\": \"1\"}";
  }
  big += "}, \"absorbing\": [\"200\"]}";
  exactdp::test::temp_file file("line.json", big);
  const auto refused = run_in_process({"chain", file.path(), "--plot", svg_path("big.svg")});
  INFO(refused.err);
  CHECK(refused.status == 2);
  CHECK(refused.err.find("at most 200 states") != std::string::npos);
}
