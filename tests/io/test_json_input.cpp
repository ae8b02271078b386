// The strict JSON reader shared by every model file (exactdp/io/json_input.hpp).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <random>
#include <string>

#include "exactdp/io/json_input.hpp"
#include "exactdp/numeric/errors.hpp"

using namespace exactdp;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;
using kind = json_value::kind;

TEST_CASE("json: numbers keep their text, whatever their size") {
  const json_document doc(R"({"a": 1e400, "b": 18446744073709551615, "c": -9223372036854775809,
    "d": 123456789012345678901234567890, "e": 0.1, "f": -0})",
                          "m.json");
  const json_value& r = doc.root();
  REQUIRE(r.is(kind::object));
  CHECK(r.find("a")->text() == "1e400");
  CHECK(doc.read_number(*r.find("a"), "a") == Rational(pow(BigInt(10), 400)));
  CHECK(doc.read_number(*r.find("b"), "b") == Rational(BigInt("18446744073709551615")));
  CHECK(doc.read_number(*r.find("c"), "c") == Rational(BigInt("-9223372036854775809")));
  CHECK(doc.read_number(*r.find("d"), "d") == Rational(BigInt("123456789012345678901234567890")));
  CHECK(doc.read_number(*r.find("e"), "e") == make_rational(BigInt(1), BigInt(10)));
  CHECK(doc.read_number(*r.find("f"), "f") == 0);
  CHECK(doc.read_integer<std::uint64_t>(*r.find("b"), "b", 0, UINT64_MAX) == UINT64_MAX);
  CHECK_THROWS_WITH(doc.read_integer<std::int64_t>(*r.find("b"), "the payoff", INT64_MIN, INT64_MAX),
                    Equals("m.json:1:19: the payoff must be an integer in -2^63..2^63-1, not the number "
                           "'18446744073709551615'"));
  CHECK_THROWS_WITH(doc.read_integer<int>(*r.find("e"), "n", 0, 10),
                    Contains("m.json:2:47: n must be an integer in 0..10"));
}

TEST_CASE("json: a repeated key is an error naming both lines") {
  CHECK_THROWS_WITH(json_document("{\n\"a\": 1,\n\"b\": 2,\n\"a\": 3}", "m.json"),
                    Equals("m.json:4:1: the key 'a' appears twice in one object (at 2:1 and 4:1)"));
  CHECK_NOTHROW(json_document(R"({"a": {"x": 1}, "b": {"x": 2}})", "m.json"));  // same key, different objects
}

TEST_CASE("json: nesting is limited before anything recurses, and the message is short") {
  std::string ok(json_max_depth, '[');
  ok += std::string(json_max_depth, ']');
  CHECK_NOTHROW(json_document(ok, "m.json"));
  for (const std::size_t depth : {json_max_depth + 1, std::size_t{100000}, std::size_t{1000000}}) {
    std::string deep = "{\"start\": " + std::string(depth, '[') + std::string(depth, ']') + "}";
    try {
      json_document d(deep, "deep.json");
      FAIL("accepted");
    } catch (const std::invalid_argument& e) {
      CHECK_THAT(e.what(), Equals("deep.json:1:74: nested deeper than 64 levels of arrays and objects"));
    }
  }
}

TEST_CASE("json: strict syntax, with the line and column of the fault") {
  const std::pair<const char*, const char*> bad[] = {
      {"", "m:1:1: not valid JSON: the text is empty"},
      {"[1,]", "m:1:4: not valid JSON: expected a value, found ']'"},
      {"{\"a\":1,}", "m:1:8: not valid JSON: expected a key (a string in double quotes), found '}'"},
      {"[1 2]", "m:1:4: not valid JSON: expected ',' or ']' after an array element, found '2'"},
      {"{\"a\" 1}", "m:1:6: not valid JSON: expected ':' after the key, found '1'"},
      {"[01]", "m:1:3: not valid JSON: a number may not start with 0 ('1' follows)"},
      {"[1.]", "m:1:4: not valid JSON: a decimal point must be followed by digits"},
      {"[-]", "m:1:3: not valid JSON: '-' must be followed by digits"},
      {"[1e]", "m:1:4: not valid JSON: an exponent must have digits"},
      {"[NaN]", "m:1:2: not valid JSON: expected a value, found 'N'"},
      {"// c\n[]", "m:1:1: not valid JSON: expected a value, found '/'"},
      {"[]\n\n[]", "m:3:1: not valid JSON: unexpected '[' after the document's value"},
      {"[\"a\nb\"]", "m:1:4: not valid JSON: a control character '\\n' inside a string (write it escaped)"},
      {"[\"\\x\"]", "m:1:4: not valid JSON: unknown escape \\'x'"},
      {"[\"\\ud800\"]", "m:1:9: not valid JSON: a high surrogate \\u escape without its low half"},
      {"[\"\\udc00\"]", "m:1:9: not valid JSON: a low surrogate \\u escape without its high half"},
      {"[\"\xff\"]", "m:1:3: not valid JSON: the byte '\\xff' is not UTF-8"},
      {"[\"\xc0\x80\"]", "m:1:3: not valid JSON: the byte '\\xc0' is not UTF-8"},
      {"[\"\xed\xa0\x80\"]", "m:1:3: not valid JSON: an invalid UTF-8 sequence '\\xed\\xa0\\x80'"},
      {"[\"abc", "m:1:6: not valid JSON: a string is not closed"},
      {"{\n\"a\": [1,\n2,\n}", "m:4:1: not valid JSON: expected a value, found '}'"},
      {"[tru]", "m:1:2: not valid JSON: expected a value, found 't'"},
  };
  for (const auto& [text, message] : bad) {
    INFO(text);
    CHECK_THROWS_WITH(json_document(text, "m"), Equals(message));
  }
}

TEST_CASE("json: columns count characters, on long minified lines too") {
  CHECK_THROWS_WITH(json_document("[\"\xc3\xa9\", x]", "m"),
                    Equals("m:1:7: not valid JSON: expected a value, found 'x'"));
  std::string minified = "[";
  for (int i = 0; i < 100000; ++i) minified += "1,";
  CHECK_THROWS_WITH(json_document(minified + "x]", "m"),
                    Equals("m:1:200002: not valid JSON: expected a value, found 'x'"));
  const json_document doc("{\"a\": [1,\n    true]}", "m");
  const json_value& t = doc.root().find("a")->items()[1];
  CHECK(t.line() == 2);
  CHECK(t.column() == 5);
  CHECK(doc.where(t) == "m:2:5");
}

TEST_CASE("json: strings decode escapes and keep UTF-8") {
  const json_document doc(R"(["a\"b\\c\/d\n", "\u00e9\ud83d\ude00", "é"])", "m");
  const auto& items = doc.root().items();
  CHECK(items[0].text() == "a\"b\\c/d\n");
  CHECK(items[1].text() == "\xc3\xa9\xf0\x9f\x98\x80");
  CHECK(items[2].text() == "\xc3\xa9");
}

TEST_CASE("json: typed accessors name the key, its line and column, and what was found") {
  const json_document doc("{\"nodes\": [],\n \"probabilites\": [1]}", "emm.json");
  CHECK_THROWS_WITH(doc.expect_object(doc.root(), "the model", {"nodes", "root", "probabilities"}),
                    Equals("emm.json:2:18: unknown key 'probabilites' in the model (the keys are nodes, root, "
                           "probabilities)"));
  CHECK_THROWS_WITH(doc.expect_string(*doc.root().find("nodes"), "the root"),
                    Equals("emm.json:1:11: the root must be a string, not an array"));
  CHECK_THROWS_WITH(doc.read_number(*doc.root().find("nodes"), "the payoff"),
                    Equals("emm.json:1:11: the payoff must be a number or a string such as \"1/6\", not an array"));
}

TEST_CASE("json: the text and the numbers written out are checked against the state budget") {
  const std::uint64_t saved = state_budget_bytes();
  state_budget_bytes() = 1 << 20;
  CHECK_THROWS_AS(json_document(std::string(1 << 20, ' ') + "[]", "big.json"), resource_error);
  std::string many = "[";
  for (int i = 0; i < 100; ++i) many.append(i ? "," : "").append("1e99999");
  many += "]";
  CHECK_THROWS_AS(json_document(many, "digits.json"), resource_error);  // 10^7 digits, 5 MB
  state_budget_bytes() = saved;
  CHECK_NOTHROW(json_document(many, "digits.json"));
}

namespace {

// A random JSON-like text: valid documents with some bytes changed.
std::string random_text(std::mt19937_64& rng) {
  static const char* const pieces[] = {"{",  "}",      "[",    "]",    ",", ":",  "\"a\"",       "\"b\"",
                                       "1",  "-0.5e3", "true", "null", " ", "\n", "\"\\u00e9\"", "0",
                                       "01", "1.",     "\"",   "\\",   "x", "1e5"};
  std::string s;
  const auto n = rng() % 12;
  for (std::uint64_t i = 0; i < n; ++i) s += pieces[rng() % (sizeof pieces / sizeof *pieces)];
  return s;
}

bool same_tree(const json_value& ours, const nlohmann::json& theirs) {
  switch (ours.type()) {
    case kind::null:
      return theirs.is_null();
    case kind::boolean:
      return theirs.is_boolean() && (ours.text() == "true") == theirs.get<bool>();
    case kind::number:
      return theirs.is_number() && std::stod(ours.text()) == theirs.get<double>();
    case kind::string:
      return theirs.is_string() && ours.text() == theirs.get<std::string>();
    case kind::array:
      if (!theirs.is_array() || theirs.size() != ours.items().size()) return false;
      for (std::size_t i = 0; i < ours.items().size(); ++i)
        if (!same_tree(ours.items()[i], theirs[i])) return false;
      return true;
    case kind::object:
      if (!theirs.is_object() || theirs.size() != ours.items().size()) return false;
      for (std::size_t i = 0; i < ours.items().size(); ++i)
        if (!theirs.contains(ours.keys()[i]) || !same_tree(ours.items()[i], theirs[ours.keys()[i]])) return false;
      return true;
  }
  return false;
}

}  // namespace

TEST_CASE("json: accepts exactly what nlohmann_json accepts, with the same tree (random texts)") {
  std::mt19937_64 rng(20261130);
  int accepted = 0;
  for (int i = 0; i < 200000; ++i) {
    const std::string text = random_text(rng);
    bool ours_ok = true;
    std::optional<json_document> ours;
    try {
      ours.emplace(text, "t");
    } catch (const std::invalid_argument& e) {
      ours_ok = std::string(e.what()).find("appears twice") != std::string::npos;  // nlohmann keeps the last
      if (ours_ok) continue;
    }
    nlohmann::json theirs;
    bool theirs_ok = true;
    try {
      theirs = nlohmann::json::parse(text);
    } catch (const nlohmann::json::out_of_range&) {
      continue;  // 1e999: beyond double, which nlohmann refuses and we read exactly (tested above)
    } catch (const nlohmann::json::exception&) {
      theirs_ok = false;
    }
    INFO(text);
    REQUIRE(ours_ok == theirs_ok);
    if (ours_ok) {
      ++accepted;
      REQUIRE(same_tree(ours->root(), theirs));
    }
  }
  CHECK(accepted > 1000);  // the generator reaches valid documents often enough to compare trees
}
