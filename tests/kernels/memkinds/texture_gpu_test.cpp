// texture on the GPU: the three paths' windows equal the CPU's bit for bit,
// at angles that read rows, slants and columns, for square and oblong blocks.
#include "tests/kernels/memkinds/memkinds_gpu.h"

namespace ws {
namespace {

TEST(MemkindsTexture, ThreePathsExact) {
    WS_REQUIRE_GPU();
    for (const char* angle : {"0", "30", "90", "12.5"})
        for (const char* block : {"256", "96"}) {
            SCOPED_TRACE(std::string(angle) + " degrees, block " + block);
            auto run = memkinds::runTexture(
                test::memkindsParams("texture", {"size=512", std::string("angle=") + angle,
                                                 std::string("block=") + block}),
                test::memkindsOptions(), test::memkindsDevice());
            test::expectVerifiedWithRecords(run);
            if (!run.ok()) continue;
            auto rows = memkinds::readTexturePaths(*run);
            ASSERT_TRUE(rows.ok()) << rows.error();
            ASSERT_EQ(rows->size(), 3u);
            for (const auto& r : *rows) EXPECT_TRUE(r.verified);
        }
}

TEST(MemkindsTexture, ThePathParameterIsTheRecordedLaunch) {
    WS_REQUIRE_GPU();
    for (const char* path : {"texture", "global", "ldg"}) {
        auto run = memkinds::runTexture(
            test::memkindsParams("texture", {"size=1024", std::string("path=") + path}),
            test::memkindsOptions(), test::memkindsDevice());
        test::expectVerifiedWithRecords(run);
        if (!run.ok()) continue;
        EXPECT_NE(run->launches.front().kernel.find(path), std::string::npos)
            << run->launches.front().kernel;
        EXPECT_EQ(run->launches.front().block.x * run->launches.front().block.y, 256u);
    }
}

}  // namespace
}  // namespace ws
