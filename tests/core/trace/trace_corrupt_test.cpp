// Hostile and damaged inputs: every one must come back as an error value
// that says what is wrong, never as a crash, a hang or a huge allocation.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "core/trace/column_encoding.h"
#include "core/trace/packed_arrays.h"
#include "core/trace/trace_io.h"
#include "tests/core/support/rich_run.h"

namespace ws {
namespace {

using json = nlohmann::json;
using Bytes = std::vector<std::uint8_t>;

Bytes validTrace() { return encodeTrace(test::makeRichRun()); }

// A packed integer array of the document, in whichever form it was written.
template <typename T>
std::vector<T> arrayOf(const json& v) {
    std::vector<T> values;
    if (v.is_binary()) {
        EXPECT_TRUE(unpackLittleEndian(v.get_binary(), values));
        return values;
    }
    std::string error;
    EXPECT_TRUE(decodeColumn(ColumnEncoding(v[0].get<int>()), v[1].get_binary(), values, error))
        << error;
    return values;
}

// Replaces a packed array by its raw form with one element changed: raw
// arrays stay valid in every version.
void setU32(json& v, std::size_t index, std::uint32_t value) {
    auto values = arrayOf<std::uint32_t>(v);
    values.at(index) = value;
    v = json::binary(packLittleEndian(values));
}

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
    expectError(Bytes(full.begin(), full.end() - 1),
                "the file ends at byte " + std::to_string(full.size() - 1));
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
    expectError(json::to_cbor(json::array({1, 2})),
                "not a warpscope trace: expected a CBOR map at byte 0, found an array");
    const std::string text = "{\"format\":\"warpscope-trace\"}";
    expectError(Bytes(text.begin(), text.end()), "CBOR");
}

TEST(TraceCorrupt, UnsupportedVersion) {
    const int next = kTraceFormatVersion + 1;
    expectError(edited([&](json& d) { d["version"] = next; }),
                "trace format version " + std::to_string(next) +
                    " is not supported (this build reads versions 1 to " +
                    std::to_string(kTraceFormatVersion) + ")");
    expectError(edited([](json& d) { d["version"] = 0; }), "version 0");
    expectError(edited([](json& d) { d["version"] = "1"; }), "version: expected an integer");
    expectError(edited([](json& d) { d.erase("version"); }), "missing key 'version'");
}

TEST(TraceCorrupt, MismatchedArrayLengths) {
    auto shorter = edited([](json& d) {
        auto& endNs = d["launches"][0]["blocks"]["endNs"];
        auto values = arrayOf<std::uint64_t>(endNs);
        values.pop_back();
        endNs = json::binary(packLittleEndian(values));
    });
    expectError(shorter, "launch 1: blocks.endNs has 39 values, blocks.block has 40");
    auto ragged =
        edited([](json& d) { d["launches"][1]["blocks"]["startClock"] = json::binary(Bytes(7)); });
    expectError(ragged, "launch 2: blocks.startClock: 7 bytes is not a whole number of 8-byte");
    // The rich run's step values are halves and quarters: stored as f32.
    auto before =
        edited([](json& d) { d["launches"][0]["steps"]["before"].get_binary().resize(4 * 10); });
    expectError(before, "steps.before has 10 values, expected 192");
    auto address = edited([](json& d) {
        d["launches"][0]["sharedAccesses"]["address"] = json::binary(Bytes(4 * 33));
    });
    expectError(address, "sharedAccesses.address has 33 values, expected 64");
}

TEST(TraceCorrupt, ValuesOutOfRange) {
    expectError(edited([&](json& d) { setU32(d["launches"][0]["blocks"]["block"], 3, 40); }),
                "launch 1: blocks.block[3] = 40 is not below the grid size 40");
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
                "launch 1.grid: expected an array of 3");
    expectError(edited([](json& d) {
                    d["launches"][0]["grid"] = json::array({0, 1, 1});
                }),
                "grid has a zero dimension");
    expectError(edited([](json& d) { d["launches"][0]["sharedBytes"] = -1; }),
                "launch 1.sharedBytes: -1 is negative");
    expectError(edited([](json& d) { d["device"]["smCount"] = 1ULL << 40; }),
                "device.smCount: 1099511627776 is out of range");
    expectError(edited([](json& d) { d["launches"] = json::object(); }),
                "launches: expected an array");
    expectError(edited([](json& d) { d["launches"][0]["blocks"]["sm"] = "x"; }),
                "launch 1: blocks.sm: expected a byte string of packed values or an [encoding, "
                "byte string] pair, found a text string");
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
    expectError(head, "the file ends at byte " + std::to_string(head.size()) +
                          " inside the block records of launch 1 (block), in the middle of a "
                          "byte string of 1099511627776 bytes");
}

TEST(TraceCorrupt, DeepNestingIsRefused) {
    Bytes deep = {0xa1, 0x61, 'x'};  // {"x": [[[...]]]}
    deep.resize(200000, 0x81);       // arrays of one array of one array...
    deep.push_back(0x00);
    expectError(deep, "byte 34 inside the top level (x[0][0]");
    expectError(deep, "nesting deeper than 32 levels");
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
    expectError({0xbf, 0xff}, "not a warpscope trace: it has no 'format' key");
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

// What a user sees when a file fails to load: the file, and the problem in
// the format's words, never the CBOR library's ("[json.exception...").
class CorruptFiles : public ::testing::Test {
protected:
    void SetUp() override {
        m_path = std::filesystem::temp_directory_path() /
                 ("ws-corrupt-" + std::to_string(::getpid()) + ".wstrace");
    }
    void TearDown() override { std::filesystem::remove(m_path); }

    // loadTrace's message for a file holding `bytes`, checked for the file
    // name and for the library's words.
    std::string loadError(const Bytes& bytes) {
        std::ofstream(m_path, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        auto run = loadTrace(m_path);
        if (run) return {};
        const std::string& e = run.error();
        EXPECT_EQ(e.rfind("'" + m_path.string() + "': ", 0), 0u) << e;
        for (const char* jargon : {"json.exception", "parse_error", "syntax error", "nlohmann",
                                   "type_error", "out_of_range", "[json"})
            EXPECT_EQ(e.find(jargon), std::string::npos) << e;
        return e;
    }

    std::filesystem::path m_path;
};

TEST_F(CorruptFiles, EveryTruncationSaysWhereTheFileEnds) {
    const Bytes full = validTrace();
    std::string all;
    for (std::size_t len = 1; len < full.size(); ++len) {
        const std::string e = loadError(Bytes(full.begin(), full.begin() + len));
        ASSERT_FALSE(e.empty()) << "a prefix of " << len << " bytes loaded";
        ASSERT_NE(e.find("the file ends at byte " + std::to_string(len)), std::string::npos) << e;
        all += e + "\n";
    }
    for (const char* place :
         {"inside the block records of launch 1 (startNs)", "inside the step records of launch 1",
          "inside the shared-memory access records of launch 1",
          "inside the global-memory access records of launch 1",
          "inside the arrival records of launch 1", "inside the block records of launch 2",
          "inside the device description (name)", "inside the timings", "inside the verification",
          "inside the parameters", "inside the profile (functions[0].sass[1])",
          "inside the profile (stalls.samples)", "inside the profile (sources.kernels/reduce.cu)"})
        EXPECT_NE(all.find(place), std::string::npos) << place;
}

TEST_F(CorruptFiles, FlippedBytesAreReportedInPlainWords) {
    const Bytes full = validTrace();
    int errors = 0;
    for (std::size_t i = 0; i < full.size(); ++i) {
        for (std::uint8_t mask : {0xff, 0x01, 0x80, 0x20}) {
            Bytes b = full;
            b[i] ^= mask;
            errors += !loadError(b).empty();
        }
    }
    EXPECT_GT(errors, 0);
}

// Every value of the document replaced by one of another kind.
void replaceEach(json& node, const std::function<void()>& check, std::vector<std::string>& path,
                 std::vector<std::string>& names) {
    auto visit = [&](json& child, const std::string& key) {
        path.push_back(key);
        const json saved = child;
        child = child.is_string() ? json(7) : json("x");
        check();
        child = saved;
        if (child.is_object() || child.is_array()) replaceEach(child, check, path, names);
        path.pop_back();
    };
    if (node.is_object()) {
        for (auto& [key, child] : node.items()) visit(child, key);
    } else if (node.is_array()) {
        for (std::size_t i = 0; i < node.size(); ++i) visit(node[i], std::to_string(i));
    }
}

TEST_F(CorruptFiles, WrongTypesNameTheKey) {
    json doc = json::from_cbor(validTrace());
    std::vector<std::string> path, names;
    int checked = 0;
    replaceEach(
        doc,
        [&] {
            const std::string e = loadError(json::to_cbor(doc));
            // The nearest key that is a name, not an index.
            std::string key;
            for (const auto& p : path)
                if (p.find_first_not_of("0123456789") != std::string::npos) key = p;
            // Launches are named from 1: launches[0] is "launch 1".
            if (key == "launches" && path.size() == 2)
                key = "launch " + std::to_string(std::stoul(path[1]) + 1);
            if (key == "format") {
                EXPECT_NE(e.find("not a warpscope trace"), std::string::npos) << e;
            } else {
                ASSERT_FALSE(e.empty()) << "loaded with a wrong type at " << key;
                EXPECT_NE(e.find(key), std::string::npos) << e;
            }
            ++checked;
        },
        path, names);
    EXPECT_GT(checked, 200);
}

TEST_F(CorruptFiles, OtherFilesAreNotTraces) {
    const std::string json = "{\"traceEvents\": []}";
    EXPECT_NE(loadError(Bytes(json.begin(), json.end()))
                  .find("not a warpscope trace: expected CBOR, found text (it looks like JSON)"),
              std::string::npos);
    const std::string text = "hello";
    EXPECT_NE(loadError(Bytes(text.begin(), text.end()))
                  .find("not a warpscope trace: expected CBOR, found text"),
              std::string::npos);
    EXPECT_NE(loadError({0x1f, 0x8b, 0x08, 0x00})
                  .find("expected a CBOR map at byte 0, found an unsigned integer (it looks "
                        "compressed with gzip)"),
              std::string::npos);
    // A lone '@' (0x40, an empty byte string) reads as text; with a control
    // byte after it, it is binary.
    EXPECT_NE(
        loadError({0x42, 0x00, 0x01}).find("expected a CBOR map at byte 0, found a byte string"),
        std::string::npos);
    EXPECT_NE(loadError({}).find("not a warpscope trace: it is empty"), std::string::npos);
}

}  // namespace
}  // namespace ws
