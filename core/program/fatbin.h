#pragma once
// The fatbinary nvcc builds into a program (its .nv_fatbin section), as the
// CUDA runtime hands it to the driver: a container (magic 0xba55ed50: a
// 16-byte head with its size, then entries), each entry a cubin (ELF) or
// PTX text for one architecture, its payload plain or compressed (Zstandard,
// nvcc 13's default, or LZ4). A program's section holds one container per
// translation unit, back to back; the runtime loads one at a time, through
// a wrapper {magic 0x466243b1, version, data, ...} that points at it.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/common/result.h"

namespace ws::program {

inline constexpr std::uint32_t kFatbinMagic = 0xba55ed50;
inline constexpr std::uint32_t kFatbinWrapperMagic = 0x466243b1;

enum class FatbinEntryKind { Ptx, Cubin, Other };

struct FatbinEntry {
    FatbinEntryKind kind = FatbinEntryKind::Other;
    std::uint32_t arch = 0;          // 90 for sm_90 / compute_90
    std::uint64_t flags = 0;         // 0x2000 LZ4, 0x8000 Zstandard
    std::size_t payloadOffset = 0;   // from the container's first byte
    std::uint64_t payloadBytes = 0;  // as stored (compressed where it is)
    std::uint64_t plainBytes = 0;    // once decompressed (0 where plain)
    bool compressed() const { return flags & (kLz4 | kZstd); }
    static constexpr std::uint64_t kLz4 = 0x2000, kZstd = 0x8000;
};

struct FatbinContainer {
    std::size_t offset = 0;  // where it starts in a section (parseFatbinSection)
    std::size_t bytes = 0;   // the head and every entry
    std::vector<FatbinEntry> entries;
};

// One container at the start of `bytes`. Errors say which entry and which
// byte ("entry 2 at byte 1624 says 5328 bytes follow, 300 do").
Result<FatbinContainer> parseFatbinContainer(std::span<const std::uint8_t> bytes);

// Every container of a program's .nv_fatbin section, in order; the padding
// between them (zero bytes to an 8-byte boundary) skipped.
Result<std::vector<FatbinContainer>> parseFatbinSection(std::span<const std::uint8_t> bytes);

// An entry's PTX as text, decompressed where it was stored compressed, the
// trailing NULs dropped. `container` is the container's bytes.
Result<std::string> entryText(std::span<const std::uint8_t> container, const FatbinEntry& entry);

// The PTX to build for a GPU of compute capability `arch` (90 for 9.0): the
// newest not above it; nullptr where there is none.
const FatbinEntry* bestPtx(const FatbinContainer& container, std::uint32_t arch);

// What an image handed to the driver is, and where its container starts:
// a wrapper is followed to the fatbin it points at.
enum class ImageKind { Fatbin, Wrapper, Cubin, Ptx, Unknown };
ImageKind imageKind(const void* image);
const std::uint8_t* fatbinOf(const void* image);  // nullptr unless Fatbin or Wrapper

// "sm_90", "compute_90": the entries a container holds, for messages.
std::string describeEntries(const FatbinContainer& container);

}  // namespace ws::program
