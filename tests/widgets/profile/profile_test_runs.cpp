#include "tests/widgets/profile/profile_test_runs.h"

#include "core/profile/synthetic_inlined_profile.h"
#include "core/profile/synthetic_profile.h"
#include "tests/widgets/support/qt_test_support.h"

namespace ws::test {

Run profiledRun() {
    Run run = smallRun();
    run.profile = syntheticProfile();
    return run;
}

Run inlinedProfileRun(bool withCallers) {
    Run run = smallRun();
    run.profile = syntheticInlinedProfile(withCallers);
    return run;
}

std::shared_ptr<const PreparedRun> prepared(Run run) {
    return prepareRun(std::make_shared<const Run>(std::move(run)));
}

}  // namespace ws::test
