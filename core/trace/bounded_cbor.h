#pragma once
// CBOR parsing that is safe on hostile input and says what is wrong in plain
// words. nlohmann's own reader recurses once per nesting level (a few
// kilobytes of 0x81 bytes would overflow the stack) and reports problems as
// "[json.exception.parse_error.110] ... syntax error while parsing CBOR";
// this reader stops at a depth limit, never allocates ahead of the bytes
// actually present, and reports the byte offset and the keys it was inside.
// It builds the same nlohmann::json values as json::from_cbor.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace ws {

inline constexpr int kMaxCborDepth = 32;

struct CborFailure {
    std::size_t offset = 0;         // where the problem is; the input's size when it ends too early
    bool endsEarly = false;         // the input stops inside an item
    std::string problem;            // plain words, without the offset or the place
    std::vector<std::string> path;  // map keys and array indices from the root to the problem
};

// What an item's initial byte starts: "a map", "a text string" ...
std::string cborItemName(std::uint8_t initial);

// Text strings must be valid UTF-8, map keys text strings, each key once per
// map; tags, simple values other than false, true and null, and bytes after
// the first item are refused.
std::variant<nlohmann::json, CborFailure> parseBoundedCbor(std::span<const std::uint8_t> bytes,
                                                           int maxDepth = kMaxCborDepth);

}  // namespace ws
