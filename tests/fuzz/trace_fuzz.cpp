// decodeTrace must return an error, never crash, hang or exhaust memory, on
// any input, and say what is wrong in its own words. What it accepts must
// survive the steps a viewer takes next and be written again without losing
// a value. The CBOR reader under it must read what it accepts exactly as
// nlohmann's reader does.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string_view>

#include "core/figures/residency_slots.h"
#include "core/trace/bounded_cbor.h"
#include "core/trace/chrome_trace.h"
#include "core/trace/run_compare.h"
#include "core/trace/trace_io.h"

namespace {

// The bounded reader refuses more than nlohmann's (tags, deep nesting, text
// that is not UTF-8, repeated keys, simple values), never less, and builds
// the same values. They are compared through their CBOR so that NaNs match.
void checkAgainstNlohmann(std::span<const std::uint8_t> bytes) {
    auto parsed = ws::parseBoundedCbor(bytes);
    const auto* doc = std::get_if<nlohmann::json>(&parsed);
    if (!doc) return;  // nlohmann may recurse too deep on what was refused
    const auto reference = nlohmann::json::from_cbor(bytes.begin(), bytes.end(), true, false);
    if (reference.is_discarded()) __builtin_trap();
    if (nlohmann::json::to_cbor(reference) != nlohmann::json::to_cbor(*doc)) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> bytes(data, size);
    checkAgainstNlohmann(bytes);
    auto run = ws::decodeTrace(bytes);
    if (!run) {
        // Users read this: the library's messages must not reach them.
        // (A message may quote the input's own bytes: jargon that came in
        // with the input is not the library speaking.)
        const std::string_view input(reinterpret_cast<const char*>(data), size);
        if (run.error().find("json.exception") != std::string::npos &&
            input.find("json.exception") == std::string_view::npos)
            __builtin_trap();
        return 0;
    }
    // A decoded run re-encodes to a trace that decodes to the same run.
    const auto again = ws::decodeTrace(ws::encodeTrace(*run));
    if (!again || !ws::sameRun(*run, *again)) __builtin_trap();
    for (const auto& launch : run->launches) (void)ws::assignResidencySlots(launch.blocks);
    (void)ws::chromeTraceJson(*run);
    return 0;
}
