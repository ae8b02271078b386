// Test support: one reference case of tests/data/handed.json (a copy of
// ../shared/cases/handed.json) by its id, e.g. handed_case("C07").
#pragma once

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

#include "support/paths.hpp"

namespace exactdp::test {

/// The case object with this id; the test fails when there is none.
inline nlohmann::json handed_case(const std::string& id) {
  std::ifstream in(source_path("tests/data/handed.json"));
  const auto doc = nlohmann::json::parse(in);
  for (const auto& c : doc["cases"])
    if (c["id"] == id) return c;
  FAIL("handed case " << id << " missing");
  return {};
}

}  // namespace exactdp::test
