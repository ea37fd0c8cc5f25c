// Writes small valid traces into a folder: the fuzzer's starting points, so
// it mutates real structure instead of discovering CBOR maps. Besides a few
// synthetic runs, every trace named on the command line is cut down to a few
// records of each kind (shrink_run.h) and written if the reader still takes it.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/run/synthetic_run.h"
#include "core/trace/trace_io.h"
#include "tests/fuzz/shrink_run.h"

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: trace_seed_corpus DIR [TRACE ...]\n");
        return 2;
    }
    const std::string dir = argv[1];
    auto writeNamed = [&](const std::string& name, const std::vector<std::uint8_t>& bytes) {
        std::ofstream out(dir + "/" + name, std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    };
    int index = 0;
    auto write = [&](const ws::Run& run) {
        writeNamed("seed-" + std::to_string(index++) + ".wstrace", ws::encodeTrace(run));
    };
    int failures = 0;
    for (int i = 2; i < argc; ++i) {
        const std::filesystem::path path = argv[i];
        auto run = ws::loadTrace(path);
        if (!run) {
            std::fprintf(stderr, "trace_seed_corpus: %s\n", run.error().c_str());
            ++failures;
            continue;
        }
        const auto bytes = ws::encodeTrace(ws::fuzz::shrinkRun(std::move(*run)));
        if (auto again = ws::decodeTrace(bytes); !again) {
            std::fprintf(stderr, "trace_seed_corpus: %s cut down is refused: %s\n", path.c_str(),
                         again.error().c_str());
            ++failures;
            continue;
        }
        writeNamed(
            "shrunk-" + path.parent_path().filename().string() + "-" + path.filename().string(),
            bytes);
    }
    write(ws::Run{});
    write(ws::makeSyntheticRun(1, 1, 1));
    write(ws::makeSyntheticRun(6, 2, 2));
    ws::Run rich = ws::makeSyntheticRun(4, 2, 3);
    auto& l = rich.launches[0];
    l.steps.components = 2;
    l.steps.block = {0};
    l.steps.warp = {1};
    l.steps.step = {2};
    l.steps.activeMask = {0xffffu};
    l.steps.clock = {99};
    l.steps.before.assign(64, 1.5);
    l.steps.after.assign(64, 2.5);
    l.sharedAccesses.block = {1};
    l.sharedAccesses.warp = {0};
    l.sharedAccesses.instruction = {3};
    l.sharedAccesses.widthBytes = {8};
    l.sharedAccesses.activeMask = {~0u};
    l.sharedAccesses.address.assign(32, 128);
    l.sharedAccesses.cycles = {40};
    l.globalAccesses.block = {2};
    l.globalAccesses.warp = {7};
    l.globalAccesses.instruction = {1};
    l.globalAccesses.widthBytes = {4};
    l.globalAccesses.activeMask = {~0u};
    l.globalAccesses.isWrite = {1};
    l.globalAccesses.address.assign(32, 4096);
    l.arrivals.block = {3, 0};
    l.arrivals.counter = {0, 1};
    l.arrivals.timeNs = {l.blocks.endNs[3], l.blocks.endNs[0]};
    rich.verification = {.checked = true, .passed = true, .expected = "7", .actual = "7"};
    write(rich);
    // A profile (format version 4), cut down like a recorded one.
    ws::Run profiled = ws::makeSyntheticRun(2, 1, 4);
    ws::addSyntheticProfile(profiled);
    write(ws::fuzz::shrinkRun(std::move(profiled)));
    // A profile asked for that could not be recorded: its sentences alone.
    ws::Run refused = ws::makeSyntheticRun(1, 1, 5);
    refused.profile.requested = true;
    refused.profile.stallsUnavailable = "profiling is not permitted on this machine";
    refused.profile.countersUnavailable = "the counters are held by another profiler";
    write(refused);
    return failures == 0 ? 0 : 1;
}
