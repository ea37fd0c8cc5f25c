// The bounded CBOR reader: the same values as nlohmann's from_cbor on valid
// input, and on invalid input the byte, the keys it was inside and plain
// words, never the library's.
#include "core/trace/bounded_cbor.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/trace/trace_io.h"
#include "core/trace/trace_places.h"
#include "tests/core/support/rich_run.h"

namespace ws {
namespace {

using json = nlohmann::json;
using Bytes = std::vector<std::uint8_t>;

json parsed(const Bytes& bytes) {
    auto result = parseBoundedCbor(bytes);
    if (const auto* f = std::get_if<CborFailure>(&result)) {
        ADD_FAILURE() << cborFailureText(*f);
        return {};
    }
    return std::get<json>(result);
}

CborFailure failure(const Bytes& bytes) {
    auto result = parseBoundedCbor(bytes);
    if (const auto* f = std::get_if<CborFailure>(&result)) return *f;
    ADD_FAILURE() << "parsed without error";
    return {};
}

TEST(BoundedCbor, AgreesWithNlohmannOnValidInput) {
    const Bytes trace = encodeTrace(test::makeRichRun());
    EXPECT_EQ(parsed(trace), json::from_cbor(trace));
    const json doc = {{"n", 1},
                      {"big", std::uint64_t(1) << 63},
                      {"neg", std::numeric_limits<std::int64_t>::min()},
                      {"f", 0.1},
                      {"g", 1.5},
                      {"s", "Grüße"},
                      {"b", json::binary({1, 2, 3})},
                      {"a", json::array({true, false, nullptr, json::object()})}};
    EXPECT_EQ(parsed(json::to_cbor(doc)), doc);
}

TEST(BoundedCbor, ReadsEveryEncodingOfAValue) {
    // Indefinite-length map, array, byte string and text string.
    const Bytes indefinite = {0xbf, 0x61, 'a',  0x9f, 0x01, 0x02, 0xff, 0x61, 'b',
                              0x5f, 0x41, 0x07, 0x42, 0x08, 0x09, 0xff, 0x61, 'c',
                              0x7f, 0x61, 'h',  0x61, 'i',  0xff, 0xff};
    const json expected = {{"a", {1, 2}}, {"b", json::binary({7, 8, 9})}, {"c", "hi"}};
    EXPECT_EQ(parsed(indefinite), expected);
    EXPECT_EQ(parsed(indefinite), json::from_cbor(indefinite));
    // Half-precision floats, including the subnormal, the largest and infinity.
    EXPECT_EQ(parsed({0xf9, 0x3c, 0x00}).get<double>(), 1.0);
    EXPECT_EQ(parsed({0xf9, 0x00, 0x01}).get<double>(), std::ldexp(1.0, -24));
    EXPECT_EQ(parsed({0xf9, 0xfb, 0xff}).get<double>(), -65504.0);
    EXPECT_TRUE(std::isinf(parsed({0xf9, 0x7c, 0x00}).get<double>()));
    EXPECT_TRUE(std::isnan(parsed({0xf9, 0x7e, 0x00}).get<double>()));
    // Integers in longer heads than they need.
    EXPECT_EQ(parsed({0x1b, 0, 0, 0, 0, 0, 0, 0, 5}).get<std::uint64_t>(), 5u);
    EXPECT_EQ(parsed({0x39, 0x01, 0x00}).get<std::int64_t>(), -257);
}

struct Case {
    Bytes bytes;
    std::size_t offset;
    bool endsEarly;
    std::vector<std::string> path;
    std::string problem;  // a part of it
};

TEST(BoundedCbor, SaysWhatIsWrongAndWhere) {
    const Case cases[] = {
        {{0xa1, 0x61, 'a'}, 3, true, {"a"}, ""},
        {{0xa1, 0x61, 'a', 0x5a, 0, 0, 1, 0, 7}, 9, true, {"a"}, "a byte string of 256 bytes"},
        {{0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, 9, true, {}, "an array of"},
        {{0xa1, 0x61, 'a', 0xc1, 0x00}, 3, false, {"a"}, "a CBOR tag (0xc1)"},
        {{0x62, 0xc3, 0x28}, 0, false, {}, "not valid UTF-8"},
        {{0x63, 0xed, 0xa0, 0x80}, 0, false, {}, "not valid UTF-8"},  // a surrogate
        {{0xa2, 0x61, 'a', 0x00, 0x61, 'a', 0x01}, 4, false, {}, "the key 'a' appears twice"},
        {{0xa1, 0x01, 0x02}, 1, false, {}, "a map key is an unsigned integer"},
        {{0x00, 0x00, 0x00}, 1, false, {}, "2 more bytes follow"},
        {{0x82, 0x00, 0xff}, 2, false, {"1"}, "a break byte"},
        {{0xa1, 0x61, 'x', 0x82, 0x00, 0x1c}, 5, false, {"x", "1"}, "0x1c starts no CBOR item"},
        {{0xf0}, 0, false, {}, "simple value (0xf0)"},
        {{0xf7}, 0, false, {}, "simple value (0xf7)"},
        {{0x3b, 0x80, 0, 0, 0, 0, 0, 0, 0}, 0, false, {}, "below -2^63"},
        {{0x5f, 0x61, 'a', 0xff}, 1, false, {}, "is a text string, expected a byte string"},
        {{0x1f}, 0, false, {}, "starts no CBOR item"},
        {{0x19, 0x01}, 2, true, {}, "in the middle of an unsigned integer that begins at byte 0"},
    };
    for (const auto& c : cases) {
        const CborFailure f = failure(c.bytes);
        EXPECT_EQ(f.offset, c.offset) << f.problem;
        EXPECT_EQ(f.endsEarly, c.endsEarly) << f.problem;
        EXPECT_EQ(f.path, c.path) << f.problem;
        EXPECT_NE(f.problem.find(c.problem), std::string::npos) << f.problem;
    }
}

TEST(BoundedCbor, RefusesDeepNestingAtTheLimit) {
    Bytes ok(32, 0x81);
    ok.push_back(0x00);
    EXPECT_FALSE(std::holds_alternative<CborFailure>(parseBoundedCbor(ok)));
    Bytes deep(33, 0x81);
    deep.push_back(0x00);
    const CborFailure f = failure(deep);
    EXPECT_EQ(f.offset, 32u);
    EXPECT_EQ(f.problem, "nesting deeper than 32 levels");
}

TEST(TracePlaces, NameThePlaceInTheFormatsWords) {
    EXPECT_EQ(tracePlace({}), "");
    EXPECT_EQ(tracePlace({"launches", "2", "blocks", "startNs"}),
              "the block records of launch 3 (startNs)");
    EXPECT_EQ(tracePlace({"launches", "0", "steps"}), "the step records of launch 1");
    EXPECT_EQ(tracePlace({"launches", "1", "tables", "0", "columns", "3", "data"}),
              "table 0 of launch 2 (columns[3].data)");
    EXPECT_EQ(tracePlace({"launches", "4", "kernel"}), "launch 5 (kernel)");
    EXPECT_EQ(tracePlace({"device", "name"}), "the device description (name)");
    EXPECT_EQ(tracePlace({"tables", "1"}), "the run's table 1");
    EXPECT_EQ(tracePlace({"future"}), "the top level (future)");
    // The byte string of a version 3 [encoding, bytes] pair is the array itself.
    EXPECT_EQ(tracePlace({"launches", "0", "steps", "before", "1"}),
              "the step records of launch 1 (before)");
    EXPECT_EQ(tracePlace({"launches", "0", "tables", "2", "columns", "1", "data", "1"}),
              "table 2 of launch 1 (columns[1].data)");
    EXPECT_EQ(tracePlace({"operations", "startNs", "0"}), "the device operations (startNs)");
    EXPECT_EQ(tracePlace({"hostCalls", "names", "3"}), "the host calls (names[3])");
    EXPECT_EQ(tracePlace({"launches", "1", "grid", "2"}), "launch 2 (grid[2])");
    EXPECT_EQ(cborFailureText({1234, true, "", {"launches", "2", "blocks"}}),
              "the file ends at byte 1234 inside the block records of launch 3");
    EXPECT_EQ(
        cborFailureText({7, false, "a CBOR tag (0xc0); tags are not part of the trace format", {}}),
        "byte 7: a CBOR tag (0xc0); tags are not part of the trace format");
}

}  // namespace
}  // namespace ws
