// decodeTrace must return an error, never crash, hang or exhaust memory, on
// any input. Accepted inputs must also survive the steps a viewer takes next.
#include <cstddef>
#include <cstdint>
#include <span>

#include "core/chrome_trace.h"
#include "core/residency_slots.h"
#include "core/trace_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto run = ws::decodeTrace(std::span<const std::uint8_t>(data, size));
    if (!run) return 0;
    // A decoded run re-encodes to a trace that decodes again.
    const auto again = ws::decodeTrace(ws::encodeTrace(*run));
    if (!again) __builtin_trap();
    for (const auto& launch : run->launches) (void)ws::assignResidencySlots(launch.blocks);
    (void)ws::chromeTraceJson(*run);
    return 0;
}
