// Test support: one case of tests/data/set2/cases.json (a copy of
// ../shared/cases/set2/, with the model files beside it) by its id, and the
// path of a file of that folder.
#pragma once

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

#include "support/paths.hpp"

namespace exactdp::test {

/// The path of tests/data/set2/<name>.
inline std::string set2_path(const std::string& name) { return source_path("tests/data/set2/" + name); }

/// The case object with this id; the test fails when there is none.
inline nlohmann::json set2_case(const std::string& id) {
  std::ifstream in(set2_path("cases.json"));
  const auto doc = nlohmann::json::parse(in);
  for (const auto& c : doc["cases"])
    if (c["id"] == id) return c;
  FAIL("set2 case " << id << " missing");
  return {};
}

}  // namespace exactdp::test
