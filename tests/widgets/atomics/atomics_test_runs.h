#pragma once
// Runs for the atomics lab's view tests and images, built on the CPU with
// every number known: a work queue scheduled by the CPU model, an argmin whose
// CAS attempts follow a warp-by-warp simulation of the loops, and a
// contention curve.
#include <QPoint>
#include <memory>
#include <string>

#include "core/run/run.h"
#include "widgets/model/prepared_run.h"

class QWidget;

namespace ws::test {

// `sms` SMs with `perSm` slots; items costs from the catalog's distribution
// (scale 10 µs, seed 1); times follow core/atomics/work_queue_model.h's schedule.
Run queueRun(const std::string& strategy, const std::string& distribution, std::uint32_t items,
             std::uint32_t sms = 8, std::uint32_t perSm = 1);

// The blog's loops simulated warp after warp on `input` values: the lanes of
// a warp read the word together and their CAS succeed one lane at a time.
Run argminRun(const std::string& variant, const std::string& input, std::uint32_t n,
              std::uint32_t block = 256, std::uint32_t traced = 8);

// A curve that doubles up to 2^12 threads and then flattens (one address).
Run contentionRun(std::uint32_t threads, std::uint32_t addresses);

// A left-button press at `at`, as a user's click begins.
void click(QWidget& widget, QPoint at);

inline std::shared_ptr<const PreparedRun> prepared(Run run) {
    return prepareRun(std::make_shared<const Run>(std::move(run)));
}

}  // namespace ws::test
