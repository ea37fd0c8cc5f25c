#pragma once
// Runs for the profile views' tests: the small test run carrying a
// synthetic profile, and the same run without one or with parts missing.
#include <memory>

#include "widgets/model/playback_model.h"

namespace ws::test {

Run profiledRun();  // smallRun() with syntheticProfile()
// smallRun() with syntheticInlinedProfile(withCallers): a kernel whose
// accesses are inlined from a helper in another file.
Run inlinedProfileRun(bool withCallers = true);
std::shared_ptr<const PreparedRun> prepared(Run run);

}  // namespace ws::test
