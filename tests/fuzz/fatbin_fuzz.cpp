// A traced program's fatbinary must be read or refused, never crash or
// read outside its bytes; an entry's PTX, decompressed, is never larger
// than its head says. The logs the interception writes (its launches, CUPTI's
// timeline) are read the same way, and a timeline read is made a run.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "core/program/fatbin.h"
#include "core/program/launch_log.h"
#include "core/program/timeline_run.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace ws::program;
    const std::span<const std::uint8_t> bytes(data, size);
    if (auto containers = parseFatbinSection(bytes)) {
        for (const FatbinContainer& c : *containers) {
            if (c.offset + c.bytes > size) __builtin_trap();
            const auto container = bytes.subspan(c.offset, c.bytes);
            for (const FatbinEntry& e : c.entries) {
                if (e.payloadOffset + e.payloadBytes > c.bytes) __builtin_trap();
                if (auto text = entryText(container, e);
                    text && e.compressed() && text->size() > e.plainBytes)
                    __builtin_trap();
            }
            bestPtx(c, 90);
            describeEntries(c);
        }
    }
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)parseLaunchLog(text);
    if (auto timeline = parseTimelineLog(text))
        (void)timelineRun(*timeline, LaunchLog{}, {}, ws::DeviceInfo{},
                          TracedCommand{{"./program"}, "/"});
    return 0;
}
