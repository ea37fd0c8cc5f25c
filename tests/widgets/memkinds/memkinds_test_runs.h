#pragma once
// Runs of the memory kinds lab built on the CPU with the lab's table
// builders and H100-like numbers (132 SMs, 50 MiB of L2, 228 KiB of shared
// memory per SM; a staircase of 33, 262 and 650 cycles), for the views'
// tests and their images.
#include <memory>
#include <string>

#include "core/run/run.h"
#include "widgets/model/prepared_run.h"

namespace ws::test {

DeviceInfo h100();

// memory-latency, 1 KiB to 256 MiB at two points an octave, stride 128: L1
// to 192 KiB, a transition at 256 KiB, L2 to 24 MiB, its far partition to
// 48 MiB, HBM from 64 MiB. `scale` stretches the cycles (another path's curve).
Run latencyRun(const std::string& path = "global", double scale = 1.0);
// l2-distance: every SM, those whose id / 8 is even near (210 cycles), the
// others far (262); `split` false: all near.
Run l2Run(bool split = true);
// memory-bandwidth, 16 KiB to 1 GiB through plain loads and ld.global.cg,
// and the shared-memory point.
Run bandwidthRun();
// constant-memory, recorded at `distinct`, measured at 1 .. 32.
Run constantRun(std::uint32_t distinct = 4);
// texture, the three paths, `path` recorded.
Run textureRun(const std::string& path = "texture");
// local-memory, the three variants (`variant` recorded) and the occupancy
// sweep at 256 threads per block.
Run localRun(const std::string& variant = "local-indexed");
// `run` with the table `table` broken: a column of the wrong type.
Run withBrokenTable(Run run, const std::string& table);

inline std::shared_ptr<const PreparedRun> prepared(Run run) {
    return prepareRun(std::make_shared<const Run>(std::move(run)));
}

}  // namespace ws::test
