#pragma once
// Hand-built runs of the first-kernels lab whose every number is known, for
// the views' tests: records shaped as the launchers write them.
#include <memory>

#include "core/run/run.h"
#include "widgets/model/prepared_run.h"

namespace ws::test {

// hello <<<2, 40>>>, two launches; launch 1 prints block 1's warp 0 first,
// launch 2 block 0's warp 0 first.
Run helloRun();
// vector-add n=5 as the seed launches it, with or without the bounds check.
Run vectorAddRun(bool boundsCheck);
// set0 with two short listings (one SGXT more in the __mul24 version).
Run set0Run();
// Copies from 1 KiB to 1 GiB: 10 us + bytes / 55 GB/s pinned, on PCIe Gen5 x16.
Run bandwidthRun();

std::shared_ptr<const PreparedRun> prepared(Run run);

}  // namespace ws::test
