#pragma once
// The record tables of the concurrency lab (docs/trace-format.md, "Tables of
// the concurrency lab"): their names and columns in one place for the
// launchers that write them and the views that read them, and the checks of
// what they mean.
#include <cstdint>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws::tables {

// Run table: one row per managed-memory operation that moved or faulted pages
// of an array the run follows. Columns: operation (u32, into Run::operations),
// array (u32, into managed-arrays), offset (u64, bytes from the array's start).
inline constexpr const char* kManagedTransfers = "managed-transfers";
// Run table: the managed arrays. Columns: array (u32), bytes (u64),
// elementBytes (u32), initial (u8: ManagedHome where its pages were when the
// recording began).
inline constexpr const char* kManagedArrays = "managed-arrays";
// Run table: device launches, one row per grid launched from the device.
// Columns: launch (u32, into Run::launches), requestNs (u64, %globaltimer when
// the parent's thread called the launch).
inline constexpr const char* kDeviceLaunches = "device-launches";
// Run table: launch-latency samples. Columns: source (u8: LatencySource),
// requestNs (u64, %globaltimer, for host launches the CUPTI clock shifted by
// Run::clocks), firstBlockNs (u64, %globaltimer when the launched grid's first
// block started).
inline constexpr const char* kLaunchLatency = "launch-latency";

enum class ManagedHome : std::uint8_t { Untouched = 0, Host = 1, Device = 2 };
enum class LatencySource : std::uint8_t { Host = 0, FireAndForget = 1, Tail = 2 };

// Each table of the lab that the run holds: its columns present with their
// types, indices in range, offsets inside their arrays, times forward; and the
// launch tree (core/concurrency/launch_tree.h). The error says which table, row and value.
Status checkConcurrencyRecords(const Run& run);

}  // namespace ws::tables
