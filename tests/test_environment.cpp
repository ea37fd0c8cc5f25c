// Linked into every test binary: the folders the tests need and the offscreen
// Qt platform, set before main() so a test binary run by hand behaves as under
// ctest. Values already in the environment win.
#include <cstdlib>

namespace {
const bool kEnvironmentSet = [] {
    setenv("WARPSCOPE_SOURCE_DIR", WS_TEST_SOURCE_DIR, 0);
    setenv("WARPSCOPE_BINARY_DIR", WS_TEST_BINARY_DIR, 0);
    setenv("QT_QPA_PLATFORM", "offscreen", 0);
    return true;
}();
}  // namespace
