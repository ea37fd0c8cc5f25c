#pragma once
// The trace file: CBOR (RFC 8949) encoded with nlohmann-json, one map per run,
// struct-of-arrays records as typed byte strings. docs/trace-format.md is the
// specification. Loading validates everything and never trusts a size field.
#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

std::vector<std::uint8_t> encodeTrace(const Run& run);
Result<Run> decodeTrace(std::span<const std::uint8_t> bytes);

// Writes to a temporary file beside the target, then renames it over the
// target, so a crash or full disk never leaves a half-written trace.
Status saveTrace(const Run& run, const std::filesystem::path& path);
Result<Run> loadTrace(const std::filesystem::path& path);

// The two halves of those: a file's bytes, refused above the size limit, and
// bytes written the same atomic way (a replaced file keeps its permissions).
// Errors name the file.
Result<std::vector<std::uint8_t>> readTraceBytes(const std::filesystem::path& path);
Status writeTraceBytes(const std::vector<std::uint8_t>& bytes, const std::filesystem::path& path);

// Consistency of a Run in memory (array lengths, ranges, ids): what loading
// checks after decoding, also usable on a Run a launcher produced.
Status validateRun(const Run& run);

}  // namespace ws
