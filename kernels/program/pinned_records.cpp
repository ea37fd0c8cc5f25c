#include "kernels/program/pinned_records.h"

#include <algorithm>
#include <mutex>
#include <vector>

#include "kernels/program/driver_entry_points.h"

namespace ws::program {

namespace {

constexpr std::size_t kChunkBytes = 8u << 20;
constexpr std::size_t kAlignment = 256;

struct Chunk {
    std::uint8_t* base = nullptr;
    std::size_t bytes = 0, used = 0;
    int live = 0;  // spans taken and not yet given back
};

// Never destroyed: launches are logged from the exit handlers.
std::mutex& poolLock() {
    static auto* m = new std::mutex;
    return *m;
}
unsigned g_generation = 0;  // guarded by poolLock()

std::vector<Chunk>& chunks() {
    static auto* c = new std::vector<Chunk>;
    return *c;
}

}  // namespace

PinnedSpan takePinned(std::size_t bytes) {
    const std::size_t rounded = (bytes + kAlignment - 1) / kAlignment * kAlignment;
    std::lock_guard lock(poolLock());
    auto& list = chunks();
    for (std::size_t i = 0; i < list.size(); ++i) {
        Chunk& c = list[i];
        if (c.bytes - c.used < rounded) continue;
        const PinnedSpan span{c.base + c.used, bytes, int(i), g_generation};
        c.used += rounded;
        ++c.live;
        return span;
    }
    void* base = nullptr;
    const std::size_t size = std::max(rounded, kChunkBytes);
    if (REAL_DRIVER(cuMemHostAlloc)(&base, size, CU_MEMHOSTALLOC_PORTABLE) != CUDA_SUCCESS)
        return {};
    list.push_back({static_cast<std::uint8_t*>(base), size, rounded, 1});
    return {static_cast<std::uint8_t*>(base), bytes, int(list.size() - 1), g_generation};
}

void givePinned(const PinnedSpan& span) {
    if (!span.data) return;
    std::lock_guard lock(poolLock());
    auto& list = chunks();
    if (span.generation != g_generation || span.chunk < 0 || std::size_t(span.chunk) >= list.size())
        return;
    Chunk& c = list[std::size_t(span.chunk)];
    if (--c.live == 0) c.used = 0;
}

void forgetPinned() {
    std::lock_guard lock(poolLock());
    chunks().clear();
    ++g_generation;
}

}  // namespace ws::program
