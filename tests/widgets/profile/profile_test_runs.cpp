#include "tests/widgets/profile/profile_test_runs.h"

#include "core/profile/synthetic_profile.h"
#include "tests/widgets/support/qt_test_support.h"

namespace ws::test {

Run profiledRun() {
    Run run = smallRun();
    run.profile = syntheticProfile();
    return run;
}

std::shared_ptr<const PreparedRun> prepared(Run run) {
    return prepareRun(std::make_shared<const Run>(std::move(run)));
}

}  // namespace ws::test
