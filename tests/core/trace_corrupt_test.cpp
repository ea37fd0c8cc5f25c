// Hostile and damaged inputs: every one must come back as an error value
// that says what is wrong, never as a crash, a hang or a huge allocation.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/trace_io.h"
#include "tests/core/rich_run.h"

namespace ws {
namespace {

using json = nlohmann::json;
using Bytes = std::vector<std::uint8_t>;

Bytes validTrace() { return encodeTrace(test::makeRichRun()); }

// Edits the decoded CBOR document and re-encodes it.
template <typename Edit>
Bytes edited(Edit edit) {
    json doc = json::from_cbor(validTrace());
    edit(doc);
    return json::to_cbor(doc);
}

std::string errorOf(const Bytes& bytes) {
    auto r = decodeTrace(bytes);
    EXPECT_FALSE(r) << "decoded without error";
    return r ? std::string() : r.error();
}

void expectError(const Bytes& bytes, const std::string& fragment) {
    const std::string e = errorOf(bytes);
    EXPECT_NE(e.find(fragment), std::string::npos) << "error was: " << e;
}

TEST(TraceCorrupt, EveryTruncationFails) {
    const Bytes full = validTrace();
    for (std::size_t len = 0; len < full.size(); len += 97) {
        auto r = decodeTrace(std::span(full.data(), len));
        ASSERT_FALSE(r) << "a prefix of " << len << " bytes decoded";
        EXPECT_FALSE(r.error().empty());
    }
    expectError(Bytes(full.begin(), full.end() - 1), "CBOR");
}

TEST(TraceCorrupt, FlippedBytesNeverCrash) {
    const Bytes full = validTrace();
    int errors = 0;
    for (std::size_t i = 0; i < full.size(); i += 7) {
        Bytes b = full;
        b[i] ^= 0xff;
        auto r = decodeTrace(b);
        if (!r) {
            ++errors;
            EXPECT_FALSE(r.error().empty());
        }
    }
    EXPECT_GT(errors, 0);
}

TEST(TraceCorrupt, NotATrace) {
    expectError({}, "empty");
    expectError({0x01, 0x02, 0x03}, "CBOR");
    expectError(json::to_cbor(json{{"format", "other"}, {"version", 1}}), "not a warpscope trace");
    expectError(json::to_cbor(json::array({1, 2})), "expected a map");
    const std::string text = "{\"format\":\"warpscope-trace\"}";
    expectError(Bytes(text.begin(), text.end()), "CBOR");
}

TEST(TraceCorrupt, UnsupportedVersion) {
    expectError(edited([](json& d) { d["version"] = 3; }), "version 3 is not supported");
    expectError(edited([](json& d) { d["version"] = 0; }), "version 0");
    expectError(edited([](json& d) { d["version"] = "1"; }), "version: expected an integer");
    expectError(edited([](json& d) { d.erase("version"); }), "missing key 'version'");
}

TEST(TraceCorrupt, MismatchedArrayLengths) {
    auto shorter = edited([](json& d) {
        auto& bin = d["launches"][0]["blocks"]["endNs"].get_binary();
        bin.resize(bin.size() - 8);
    });
    expectError(shorter, "launch 0: blocks.endNs has 39 values, blocks.block has 40");
    auto ragged =
        edited([](json& d) { d["launches"][1]["blocks"]["startClock"].get_binary().resize(7); });
    expectError(ragged, "launch 1: blocks.startClock: 7 bytes is not a whole number of 8-byte");
    // The rich run's step values are halves and quarters: stored as f32.
    auto before =
        edited([](json& d) { d["launches"][0]["steps"]["before"].get_binary().resize(4 * 10); });
    expectError(before, "steps.before has 10 values, expected 192");
    auto address = edited(
        [](json& d) { d["launches"][0]["sharedAccesses"]["address"].get_binary().resize(4 * 33); });
    expectError(address, "sharedAccesses.address has 33 values, expected 64");
}

TEST(TraceCorrupt, ValuesOutOfRange) {
    auto setU32 = [](json& bin, std::size_t index, std::uint32_t v) {
        auto& b = bin.get_binary();
        for (int k = 0; k < 4; ++k) b[index * 4 + k] = std::uint8_t(v >> (8 * k));
    };
    expectError(edited([&](json& d) { setU32(d["launches"][0]["blocks"]["block"], 3, 40); }),
                "launch 0: blocks.block[3] = 40 is not below the grid size 40");
    expectError(edited([&](json& d) { setU32(d["launches"][0]["blocks"]["sm"], 0, 70000); }),
                "blocks.sm[0] = 70000");
    expectError(edited([](json& d) { d["launches"][0]["steps"]["components"] = 5; }),
                "steps.components = 5");
    expectError(
        edited([&](json& d) { setU32(d["launches"][0]["sharedAccesses"]["widthBytes"], 1, 3); }),
        "sharedAccesses.widthBytes[1] = 3");
    expectError(edited([&](json& d) { setU32(d["launches"][0]["steps"]["warp"], 0, 8); }),
                "steps.warp[0] = 8 is not below the block's warp count 8");
    expectError(edited([](json& d) {
                    d["launches"][0]["grid"] = json::array({1, 2});
                }),
                "launch 0.grid: expected an array of 3");
    expectError(edited([](json& d) {
                    d["launches"][0]["grid"] = json::array({0, 1, 1});
                }),
                "grid has a zero dimension");
    expectError(edited([](json& d) { d["launches"][0]["sharedBytes"] = -1; }),
                "launch 0.sharedBytes: -1 is negative");
    expectError(edited([](json& d) { d["device"]["smCount"] = 1ULL << 40; }),
                "device.smCount: 1099511627776 is out of range");
    expectError(edited([](json& d) { d["launches"] = json::object(); }),
                "launches: expected an array");
    expectError(edited([](json& d) { d["launches"][0]["blocks"]["sm"] = json::array({1}); }),
                "launch 0: blocks.sm: expected a byte string");
    expectError(edited([](json& d) { d["params"]["n"] = 5; }), "params.n: expected a text string");
    expectError(edited([](json& d) { d["verification"]["passed"] = 1; }),
                "verification.passed: expected true or false");
}

TEST(TraceCorrupt, HostileDeclaredSizes) {
    // A map, an array, a byte string and a text string each declaring 2^63
    // or 2^32 - 1 items/bytes, followed by almost nothing.
    for (Bytes b : {Bytes{0xbb, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
                    Bytes{0x9b, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01},
                    Bytes{0x5a, 0xff, 0xff, 0xff, 0xff, 0x00},
                    Bytes{0x7b, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x41}}) {
        EXPECT_FALSE(decodeTrace(b));
    }
    // A valid document whose packed array declares 2^40 bytes.
    Bytes head = json::to_cbor(json{{"format", "warpscope-trace"}, {"version", 1}});
    head[0] = 0xa3;  // three pairs: the third is "launches" with a huge binary
    for (std::uint8_t c : std::string("\x68launches")) head.push_back(c);
    for (std::uint8_t c : {0x81, 0xa1, 0x66}) head.push_back(c);
    for (char c : std::string("blocks")) head.push_back(std::uint8_t(c));
    for (std::uint8_t c : {0xa1, 0x65}) head.push_back(c);
    for (char c : std::string("block")) head.push_back(std::uint8_t(c));
    for (std::uint8_t c : {0x5b, 0, 0, 1, 0, 0, 0, 0, 0, 1, 2, 3}) head.push_back(c);
    expectError(head, "CBOR");
}

TEST(TraceCorrupt, DeepNestingIsRefused) {
    Bytes deep(200000, 0x81);  // arrays of one array of one array...
    deep.push_back(0x00);
    expectError(deep, "nesting");
    Bytes maps;
    for (int i = 0; i < 100000; ++i) {
        maps.push_back(0xa1);
        maps.push_back(0x60);  // key ""
    }
    maps.push_back(0x00);
    expectError(maps, "nesting");
}

TEST(TraceCorrupt, IndefiniteLengthsAndTagsAreHandled) {
    // Indefinite-length map with a break but nothing useful inside.
    expectError({0xbf, 0xff}, "missing key 'format'");
    // A tag in front of the document is not part of the format.
    Bytes tagged = validTrace();
    tagged.insert(tagged.begin(), 0xc0);
    EXPECT_FALSE(decodeTrace(tagged));
}

TEST(TraceCorrupt, UnknownKeysAreIgnoredForForwardCompatibility) {
    auto extra = edited([](json& d) {
        d["futureKey"] = 3;
        d["launches"][0]["futureRecords"] = json::binary({1, 2, 3});
    });
    EXPECT_TRUE(decodeTrace(extra));
}

}  // namespace
}  // namespace ws
