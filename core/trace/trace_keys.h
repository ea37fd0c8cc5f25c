#pragma once
// Names shared by the trace encoder and decoder (docs/trace-format.md).
namespace ws::trace_keys {

inline constexpr const char* kFormatName = "warpscope-trace";
// Files larger than this are refused before any parsing starts.
inline constexpr unsigned long long kMaxTraceBytes = 2ULL << 30;

}  // namespace ws::trace_keys
