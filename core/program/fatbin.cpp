#include "core/program/fatbin.h"

#include <lz4.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>

namespace ws::program {

namespace {

template <typename T>
T readAt(std::span<const std::uint8_t> bytes, std::size_t at) {
    T value;
    std::memcpy(&value, bytes.data() + at, sizeof value);
    return value;
}

constexpr std::size_t kContainerHead = 16;
// An entry's head (the fields read; newer ones are longer, and say so):
// kind u16 @0, head size u32 @4, payload size u64 @8, compressed size u32
// @16, arch u32 @28, flags u64 @40, plain size u64 @56.
constexpr std::size_t kEntryHeadRead = 64;

}  // namespace

Result<FatbinContainer> parseFatbinContainer(std::span<const std::uint8_t> bytes) {
    if (bytes.size() < kContainerHead)
        return makeError("a fatbin of " + std::to_string(bytes.size()) +
                         " bytes: shorter than its 16-byte head");
    if (readAt<std::uint32_t>(bytes, 0) != kFatbinMagic)
        return makeError("not a fatbin: its first word is not 0xba55ed50");
    const std::uint16_t headBytes = readAt<std::uint16_t>(bytes, 6);
    const std::uint64_t body = readAt<std::uint64_t>(bytes, 8);
    if (headBytes < kContainerHead || headBytes > bytes.size() || body > bytes.size() - headBytes)
        return makeError(
            "the fatbin says " + std::to_string(body) + " bytes follow its " +
            std::to_string(headBytes) + "-byte head, " +
            std::to_string(bytes.size() - std::min<std::size_t>(headBytes, bytes.size())) + " do");
    FatbinContainer container;
    container.bytes = headBytes + body;
    std::size_t at = headBytes;
    for (int index = 1; at < container.bytes; ++index) {
        const std::string where =
            "entry " + std::to_string(index) + " at byte " + std::to_string(at);
        if (container.bytes - at < kEntryHeadRead)
            return makeError(where + ": " + std::to_string(container.bytes - at) +
                             " bytes left, shorter than an entry's head");
        const std::uint16_t kind = readAt<std::uint16_t>(bytes, at);
        const std::uint32_t entryHead = readAt<std::uint32_t>(bytes, at + 4);
        const std::uint64_t payload = readAt<std::uint64_t>(bytes, at + 8);
        if (entryHead < kEntryHeadRead || entryHead > container.bytes - at ||
            payload > container.bytes - at - entryHead)
            return makeError(
                where + " says " + std::to_string(payload) + " bytes follow its head of " +
                std::to_string(entryHead) + ", " +
                std::to_string(container.bytes - at -
                               std::min<std::size_t>(entryHead, container.bytes - at)) +
                " do");
        FatbinEntry entry;
        entry.kind = kind == 1   ? FatbinEntryKind::Ptx
                     : kind == 2 ? FatbinEntryKind::Cubin
                                 : FatbinEntryKind::Other;
        entry.arch = readAt<std::uint32_t>(bytes, at + 28);
        entry.flags = readAt<std::uint64_t>(bytes, at + 40);
        entry.payloadOffset = at + entryHead;
        entry.payloadBytes = payload;
        if (entry.compressed()) {
            const std::uint32_t stored = readAt<std::uint32_t>(bytes, at + 16);
            if (stored > payload)
                return makeError(where + ": " + std::to_string(stored) +
                                 " compressed bytes in a payload of " + std::to_string(payload));
            entry.payloadBytes = stored;
            entry.plainBytes = readAt<std::uint64_t>(bytes, at + 56);
        }
        container.entries.push_back(entry);
        at += entryHead + payload;
    }
    return container;
}

Result<std::vector<FatbinContainer>> parseFatbinSection(std::span<const std::uint8_t> bytes) {
    std::vector<FatbinContainer> containers;
    std::size_t at = 0;
    while (at < bytes.size()) {
        if (bytes[at] == 0) {  // the padding between containers
            ++at;
            continue;
        }
        auto container = parseFatbinContainer(bytes.subspan(at));
        if (!container)
            return makeError("container at byte " + std::to_string(at) + ": " + container.error());
        container->offset = at;
        at += container->bytes;
        containers.push_back(std::move(*container));
    }
    return containers;
}

Result<std::string> entryText(std::span<const std::uint8_t> container, const FatbinEntry& entry) {
    if (entry.payloadOffset > container.size() ||
        entry.payloadBytes > container.size() - entry.payloadOffset)
        return makeError("the entry's payload lies outside its container");
    const auto* payload = reinterpret_cast<const char*>(container.data() + entry.payloadOffset);
    std::string text;
    if (!entry.compressed()) {
        text.assign(payload, entry.payloadBytes);
    } else {
        // A PTX module of more than 256 MiB is not one a class writes.
        constexpr std::uint64_t kMaxPlain = 256u << 20;
        if (entry.plainBytes == 0 || entry.plainBytes > kMaxPlain)
            return makeError("a compressed entry that says it holds " +
                             std::to_string(entry.plainBytes) + " bytes");
        text.resize(entry.plainBytes);
        if (entry.flags & FatbinEntry::kZstd) {
            const std::size_t got =
                ZSTD_decompress(text.data(), text.size(), payload, entry.payloadBytes);
            if (ZSTD_isError(got))
                return makeError(std::string("Zstandard could not decompress the entry: ") +
                                 ZSTD_getErrorName(got));
            text.resize(got);
        } else {
            const int got = LZ4_decompress_safe(payload, text.data(), int(entry.payloadBytes),
                                                int(text.size()));
            if (got < 0) return makeError("LZ4 could not decompress the entry");
            text.resize(std::size_t(got));
        }
    }
    while (!text.empty() && text.back() == '\0') text.pop_back();
    return text;
}

const FatbinEntry* bestPtx(const FatbinContainer& container, std::uint32_t arch) {
    const FatbinEntry* best = nullptr;
    for (const FatbinEntry& e : container.entries)
        if (e.kind == FatbinEntryKind::Ptx && e.arch <= arch && (!best || e.arch > best->arch))
            best = &e;
    return best;
}

ImageKind imageKind(const void* image) {
    const auto* bytes = static_cast<const std::uint8_t*>(image);
    std::uint32_t magic;
    std::memcpy(&magic, bytes, sizeof magic);
    if (magic == kFatbinMagic) return ImageKind::Fatbin;
    if (magic == kFatbinWrapperMagic) return ImageKind::Wrapper;
    if (std::memcmp(bytes,
                    "\x7f"
                    "ELF",
                    4) == 0)
        return ImageKind::Cubin;
    // PTX text: a comment or a directive, after any blank lines.
    std::size_t i = 0;
    while (i < 4096 &&
           (bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\n' || bytes[i] == '\r'))
        ++i;
    if (bytes[i] == '/' || bytes[i] == '.') return ImageKind::Ptx;
    return ImageKind::Unknown;
}

const std::uint8_t* fatbinOf(const void* image) {
    switch (imageKind(image)) {
        case ImageKind::Fatbin:
            return static_cast<const std::uint8_t*>(image);
        case ImageKind::Wrapper: {
            // {int magic; int version; const void* data; void* filename}; version
            // 1 points at one fatbin (2, relocatable device code, at several).
            struct Wrapper {
                std::int32_t magic, version;
                const void* data;
                const void* filename;
            };
            Wrapper w;
            std::memcpy(&w, image, sizeof w);
            if (w.version != 1 || !w.data) return nullptr;
            return imageKind(w.data) == ImageKind::Fatbin ? static_cast<const std::uint8_t*>(w.data)
                                                          : nullptr;
        }
        default:
            return nullptr;
    }
}

std::string describeEntries(const FatbinContainer& container) {
    std::string text;
    for (const FatbinEntry& e : container.entries) {
        if (e.kind == FatbinEntryKind::Other) continue;
        const std::string name =
            (e.kind == FatbinEntryKind::Ptx ? "compute_" : "sm_") + std::to_string(e.arch);
        if (text.find(name) != std::string::npos) continue;
        text += (text.empty() ? "" : ", ") + name;
    }
    return text.empty() ? "nothing" : text;
}

}  // namespace ws::program
