#pragma once
// Runs for the profile views' tests: the small test run carrying the
// synthetic profile, and the same run without one or with parts missing.
#include <memory>

#include "widgets/model/playback_model.h"

namespace ws::test {

Run profiledRun();  // smallRun() with syntheticProfile()
std::shared_ptr<const PreparedRun> prepared(Run run);

}  // namespace ws::test
