// The one integer and list reader, and input quoting (exactdp/io/parse.hpp).
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <map>
#include <string>

#include "exactdp/io/parse.hpp"

using namespace exactdp;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;
using Catch::Matchers::StartsWith;

TEST_CASE("integers are decimal: leading zeros do not mean octal, and 0x is refused") {
  CHECK(parse_integer<int>("010", "K", 0, 100) == 10);
  CHECK(parse_integer<int>("0100", "N", 0, 1000) == 100);
  CHECK(parse_integer<int>("09", "K", 0, 100) == 9);
  CHECK(parse_integer<int>("+7", "K", 0, 100) == 7);
  CHECK(parse_integer<int>("-0", "K", 0, 100) == 0);
  CHECK(parse_integer<std::int64_t>("-42", "K", -100, 100) == -42);
  CHECK(parse_integer<int>(" 5\n", "K", 0, 100) == 5);  // surrounding whitespace is ignored
  CHECK_THROWS_WITH(parse_integer<int>("0x2", "K", 1, 1000000), Equals("K must be an integer in 1..10^6, not '0x2'"));
  CHECK_THROWS_WITH(parse_integer<int>("9223372036854775807", "K", 1, 1000000),
                    Equals("K must be an integer in 1..10^6, not '9223372036854775807'"));
  for (const char* bad : {"", " ", "+", "-", "1.0", "1e3", "1 2", "--1", "+-1", "١", "5x", "1_000"})
    CHECK_THROWS_WITH(parse_integer<int>(bad, "K", 0, 10), Contains("K must be an integer in 0..10"));
}

TEST_CASE("integers at the edges of 64 bits are read exactly") {
  constexpr auto u64max = std::numeric_limits<std::uint64_t>::max();
  constexpr auto i64min = std::numeric_limits<std::int64_t>::min();
  CHECK(parse_integer<std::uint64_t>("18446744073709551615", "n", 0, u64max) == u64max);
  CHECK(parse_integer<std::uint64_t>("00018446744073709551615", "n", 0, u64max) == u64max);
  CHECK_THROWS_WITH(parse_integer<std::uint64_t>("18446744073709551616", "n", 0, u64max),
                    Equals("n must be an integer in 0..2^64-1, not '18446744073709551616'"));
  CHECK(parse_integer<std::int64_t>("-9223372036854775808", "v", i64min, 0) == i64min);
  CHECK_THROWS_WITH(parse_integer<std::int64_t>("-9223372036854775809", "v", i64min, 0),
                    Equals("v must be an integer in -2^63..0, not '-9223372036854775809'"));
  CHECK(parse_integer("-123456789012345678901234567890", "z") == BigInt("-123456789012345678901234567890"));
}

TEST_CASE("bounds read as people write them") {
  CHECK(describe_bound(BigInt(1000)) == "1000");
  CHECK(describe_bound(BigInt(10000)) == "10^4");
  CHECK(describe_bound(BigInt(1000000000)) == "10^9");
  CHECK(describe_bound(BigInt(12345)) == "12345");
  CHECK(describe_bound(BigInt(std::numeric_limits<std::int64_t>::max())) == "2^63-1");
  CHECK(describe_bound(BigInt(std::numeric_limits<std::uint64_t>::max())) == "2^64-1");
  CHECK(describe_bound(BigInt(2147483647)) == "2^31-1");
  CHECK(describe_bound(BigInt(std::int64_t{1} << 62)) == "2^62");
  CHECK(describe_bound(BigInt(-5)) == "-5");
  CHECK(describe_bound(BigInt(65535)) == "2^16-1");
}

TEST_CASE("lists: commas and/or whitespace, no empty items") {
  using list = std::vector<std::string>;
  auto items = [](const list& parts) {
    std::vector<std::string> out;
    for (auto v : split_list(parts, "the moves")) out.emplace_back(v);
    return out;
  };
  CHECK(items({"1,3,4"}) == list{"1", "3", "4"});
  CHECK(items({"1 3 4"}) == list{"1", "3", "4"});
  CHECK(items({"1, 3, 4"}) == list{"1", "3", "4"});
  CHECK(items({" 1"}) == list{"1"});
  CHECK(items({"1", "2,3", " 4 "}) == list{"1", "2", "3", "4"});
  CHECK(items({"-5,-3"}) == list{"-5", "-3"});
  CHECK_THROWS_WITH(items({"1,,2"}),
                    Equals("the moves has an empty item in '1,,2' (items are separated by one comma or by spaces)"));
  CHECK_THROWS_WITH(items({",1"}), Contains("empty item"));
  CHECK_THROWS_WITH(items({"1,"}), Equals("the moves ends with a comma in '1,'"));
  CHECK_THROWS_WITH(items({""}), Equals("the moves is empty: give at least one item"));
  CHECK_THROWS_WITH(items({}), Contains("is empty"));
  CHECK_THROWS_WITH(split_list(list{"1,2,3"}, "L", 2), Equals("L has more than 2 items"));
}

TEST_CASE("input in messages is quoted, escaped and cut") {
  CHECK(quote_input("abc") == "'abc'");
  CHECK(quote_input("a\nb") == "'a\\nb'");
  CHECK(quote_input("it's") == "'it\\'s'");
  CHECK(quote_input(std::string("\x01\xff", 2)) == "'\\x01\\xff'");
  const std::string long_text(5000, 'x');
  const std::string q = quote_input(long_text);
  CHECK(q.size() < 230);
  CHECK_THAT(q, Contains("... (5000 bytes)"));
  // The limit counts what is shown: escapes take four characters a byte.
  std::string accents;
  for (int i = 0; i < 3000; ++i) accents += "\xc3\xa9";
  const std::string escaped = quote_input(accents);
  CHECK(escaped.size() < 230);
  CHECK_THAT(escaped, StartsWith("'\\xc3\\xa9\\xc3") && Contains("... (6000 bytes)"));
  CHECK(quote_input(std::string(200, 'x')).size() == 202);  // exactly the limit: whole, no "..."
}

TEST_CASE("names in messages stay as written when plain, quoted and cut otherwise") {
  CHECK(name_text("s0") == "s0");
  CHECK(name_text("(1, 2)") == "(1, 2)");  // a blank is plain: PRISM's state tuples read as before
  CHECK(name_text("caf\xc3\xa9") == "caf\xc3\xa9");
  CHECK(name_text("a\nb") == "'a\\nb'");
  CHECK(name_text("it's") == "'it\\'s'");
  CHECK(name_text("") == "''");
  CHECK(name_text(std::string(60, 'x')) == std::string(60, 'x'));
  const std::string long_name = name_text(std::string(3000, 'x'));
  CHECK(long_name.size() < 90);
  CHECK_THAT(long_name, Contains("... (3000 bytes)"));
  std::map<std::string, int> labels;
  CHECK(names_text(labels).empty());
  labels["goal"] = 1;
  labels["a\tb"] = 2;
  CHECK(names_text(labels) == "'a\\tb', goal");
  for (int i = 0; i < 100; ++i) labels[std::to_string(i).insert(0, 1, 'l')] = i;
  const std::string many = names_text(labels);
  CHECK_THAT(many, Contains(", ... (102 in all)"));
  CHECK(many.size() < 100);
  // Long names stop the list by its length too.
  std::map<std::string, int> long_labels;
  for (int i = 0; i < 10; ++i) long_labels[std::string(100, 'a') + std::to_string(i)] = i;
  const std::string few = names_text(long_labels);
  CHECK(few.size() < 300);
  CHECK_THAT(few, Contains(", ... (10 in all)"));
}

TEST_CASE("numbers in messages are cut: a short input cannot ask for a long message") {
  CHECK(message_text(make_rational(BigInt(-3), BigInt(7))) == "-3/7");
  BigInt ten_to_60 = 1;
  for (int i = 0; i < 60; ++i) ten_to_60 *= 10;
  CHECK(message_text(BigInt(ten_to_60 - 1)) == std::string(60, '9'));  // 60 characters: whole
  CHECK(message_text(BigInt(ten_to_60 * 10 - 1)) == "99999999999999999999...9999 (61 digits)");
  CHECK(message_text(BigInt(1 - ten_to_60)) == "-99999999999999999999...9999 (60 digits)");
  const Rational big = parse_rational("181e41615");
  CHECK(message_text(big) == "18100000000000000000...0000 (41618 digits)");
  const Rational both = make_rational(ten_to_60 + 1, ten_to_60 * 10 + 3);
  CHECK(message_text(both) == "10000000000000000000...0001 (61 digits)/10000000000000000000...0003 (62 digits)");
  // Each part of a long fraction is cut on its own; a part of at most 30
  // digits stays whole.
  const Rational halves = make_rational(ten_to_60 / BigInt(10) + 1, BigInt(7));
  CHECK(message_text(halves) == "10000000000000000000...0001 (60 digits)/7");
  BigInt ten_to_29 = 1;
  for (int i = 0; i < 29; ++i) ten_to_29 *= 10;
  const Rational parts30 = make_rational(ten_to_29 + 1, ten_to_29 + 3);
  CHECK(message_text(parts30) == to_string(parts30));
}

TEST_CASE("the digits of a text's exact numbers count their exponents", "[budgets]") {
  CHECK(exact_digits_in_text("") == 0);
  CHECK(exact_digits_in_text("1/6 0.25") == 8);
  CHECK(exact_digits_in_text("1e-99999") == 8 + 99999);
  CHECK(exact_digits_in_text(R"({"a": {"b": "2.5E+10", "c": 1.e3}})") == 34 + 10 + 3);
  CHECK(exact_digits_in_text("e5 state_e7 -e9") == 15);          // an e after no digit is no exponent
  CHECK(exact_digits_in_text("1e999999999999") == 14 + 100001);  // past the reader's limit: refused when read
  CHECK(exact_digits_in_text("1e") == 2);
}

TEST_CASE("numbers are exact and name what they are") {
  CHECK(parse_number("0.1", "VALUE") == make_rational(BigInt(1), BigInt(10)));
  CHECK(parse_number(" 1/6 ", "VALUE") == make_rational(BigInt(1), BigInt(6)));
  CHECK_THROWS_WITH(parse_number("abc", "the check value"),
                    Contains("the check value must be a number such as 42, -3/7, 0.1 or 1e-3"));
}
