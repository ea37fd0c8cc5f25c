// Which size a ladder of measured rungs shows, and whose measurements.
#include "app/gui/common/ladder_choice.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

struct Rung {
    std::string variant;
    std::uint32_t n = 0;
    std::string device;
};

std::vector<Rung> rungs() {
    return {{"a", 1024, "H100"}, {"b", 1024, "H100"}, {"c", 1024, "H100"}, {"a", 4096, "H200"},
            {"b", 4096, "H200"}, {"c", 4096, "H200"}, {"a", 512, "H100"},  {"b", 512, "H100"}};
}

TEST(LadderChoice, TheShownSizeThenThePreferredThenTheFullest) {
    const auto all = rungs();
    EXPECT_EQ(ladderSize(all, std::uint32_t(1024)), 1024u);
    // 512 has two rungs, too few: the largest of the fullest sizes.
    EXPECT_EQ(ladderSize(all, std::uint32_t(512)), 4096u);
    EXPECT_EQ(ladderSize(all, std::uint32_t(512), std::uint32_t(1024)), 1024u);
    EXPECT_EQ(ladderSize(all, std::nullopt, std::uint32_t(8192)), 4096u);  // not measured
    EXPECT_EQ(ladderSize(std::vector<Rung>{}, std::nullopt), 0u);
}

TEST(LadderChoice, TheShownRunsDeviceWhenItHasMeasurements) {
    ws::Run shown;
    shown.device.name = "H200";
    EXPECT_EQ(onShownDevice(&shown, rungs()).size(), 3u);
    shown.device.name = "A100";  // none: every measurement rather than none
    EXPECT_EQ(onShownDevice(&shown, rungs()).size(), 8u);
    EXPECT_EQ(onShownDevice(nullptr, rungs()).size(), 8u);
}

}  // namespace
}  // namespace ws
