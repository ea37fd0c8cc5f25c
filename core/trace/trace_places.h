#pragma once
// Where in a trace file something is, in the words of docs/trace-format.md
// rather than as a path of CBOR keys, for messages a user reads:
// {"launches", "2", "blocks", "startNs"} is "the block records of launch 2
// (startNs)".
#include <string>
#include <vector>

#include "core/trace/bounded_cbor.h"

namespace ws {

// "" for the top level.
std::string tracePlace(const std::vector<std::string>& path);

// "the file ends at byte 1234 inside the block records of launch 2 (startNs),
// in the middle of a byte string of 8192 bytes that begins at byte 1100", or
// "byte 57 inside the device description (name): a text string that is not
// valid UTF-8".
std::string cborFailureText(const CborFailure& failure);

}  // namespace ws
