#pragma once
// CBOR parsing that is safe on hostile input: nlohmann's reader recurses once
// per nesting level, so a few kilobytes of 0x81 bytes would overflow the
// stack. This parser stops at a depth limit and reports errors as values.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>

#include "core/result.h"

namespace ws {

inline constexpr int kMaxCborDepth = 32;

Result<nlohmann::json> parseBoundedCbor(std::span<const std::uint8_t> bytes,
                                        int maxDepth = kMaxCborDepth);

}  // namespace ws
