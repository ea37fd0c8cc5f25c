#include "core/memkinds/chase_reference.h"

#include <algorithm>

namespace ws::memkinds {

Status checkChaseShape(const ChaseShape& shape) {
    if (shape.strideBytes == 0 || shape.strideBytes % 4 != 0)
        return makeError("stride " + std::to_string(shape.strideBytes) +
                         " bytes is not a positive multiple of 4 (the chase holds 32-bit indices)");
    if (shape.workingSetBytes < shape.strideBytes)
        return makeError("a working set of " + std::to_string(shape.workingSetBytes) +
                         " bytes holds no stride of " + std::to_string(shape.strideBytes) +
                         " bytes");
    if (shape.elements() > (std::uint64_t(1) << 32))
        return makeError("a working set of " + std::to_string(shape.workingSetBytes) +
                         " bytes is more than 2^32 32-bit indices");
    return {};
}

std::uint32_t chaseNext(const ChaseShape& shape, std::uint64_t element) {
    const std::uint64_t step = shape.strideBytes / 4;
    const std::uint64_t slots = shape.slots();
    if (step == 0 || element % step != 0) return 0;
    const std::uint64_t slot = element / step;
    if (slot >= slots) return 0;
    return std::uint32_t(((slot + 1) % slots) * step);
}

std::vector<std::uint32_t> chaseArray(const ChaseShape& shape) {
    std::vector<std::uint32_t> a(shape.elements(), 0);
    const std::uint64_t step = shape.strideBytes / 4;
    const std::uint64_t slots = shape.slots();
    if (step == 0) return a;
    for (std::uint64_t i = 0; i < slots; ++i) a[i * step] = std::uint32_t(((i + 1) % slots) * step);
    return a;
}

std::uint32_t chaseFinalIndex(const ChaseShape& shape, std::uint64_t loads) {
    const std::uint64_t slots = shape.slots();
    if (slots == 0) return 0;
    return std::uint32_t((loads % slots) * (shape.strideBytes / 4));
}

std::uint64_t chaseWarmupLoads(const ChaseShape& shape, std::uint64_t cap) {
    return std::min(shape.slots(), cap);
}

std::vector<std::uint64_t> workingSetSweep(std::uint64_t minBytes, std::uint64_t maxBytes,
                                           std::uint32_t pointsPerOctave,
                                           std::uint64_t multipleOf) {
    std::vector<std::uint64_t> sets;
    const std::uint32_t p = std::max<std::uint32_t>(pointsPerOctave, 1);
    const std::uint64_t m = std::max<std::uint64_t>(multipleOf, 1);
    std::uint64_t w = 1;
    while (w < minBytes && w <= (std::uint64_t(1) << 62)) w *= 2;
    for (; w <= maxBytes; w *= 2) {
        for (std::uint32_t j = 0; j < p; ++j) {
            std::uint64_t set = w + w / p * j;
            set -= set % m;
            if (set < minBytes || set > maxBytes || set == 0) continue;
            if (!sets.empty() && set <= sets.back()) continue;
            sets.push_back(set);
        }
        if (w > (std::uint64_t(1) << 61)) break;
    }
    return sets;
}

}  // namespace ws::memkinds
