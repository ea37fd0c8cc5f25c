// compute-sanitizer's reports read into the places of the kernel file they
// name: the error's first line at the first line of the file in its stack.
#include "app/gui/kernelfile/sanitizer_report.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

const QString kMemcheck = QStringLiteral(
    "========= COMPUTE-SANITIZER\n"
    "========= Invalid __global__ write of size 4 bytes\n"
    "=========     at wild(int *)+0x70 in /home/me/hw/illegal_address.cu:10\n"
    "=========     by thread (0,0,0) in block (0,0,0)\n"
    "=========     Address 0x7f0400000000 is out of bounds\n"
    "=========     Saved host backtrace up to driver entry point at kernel launch time\n"
    "=========         Host Frame: main [0xfdf42] in warpscope-record\n"
    "========= \n"
    "========= Invalid __global__ write of size 4 bytes\n"
    "=========     at wild(int *)+0x70 in /home/me/hw/illegal_address.cu:10\n"
    "=========     by thread (1,0,0) in block (0,0,0)\n"
    "========= \n"
    "warpscope-record: illegal_address.cu: wild failed: unspecified launch failure\n"
    "========= Target application returned an error\n"
    "========= ERROR SUMMARY: 36 errors\n");

TEST(SanitizerReport, EachErrorAtTheLineOfTheFileItsStackNames) {
    const auto d = sanitizerDiagnostics(kMemcheck, QStringLiteral("illegal_address.cu"));
    ASSERT_EQ(d.size(), 2u);
    EXPECT_EQ(d[0].line, 10);
    EXPECT_EQ(d[0].severity, "error");
    EXPECT_EQ(d[0].message, "Invalid __global__ write of size 4 bytes");
    EXPECT_EQ(sanitizerVerdict(kMemcheck), "found 36 errors");
    // Another file's name is not this one's (nor a name that ends like it).
    EXPECT_TRUE(sanitizerDiagnostics(kMemcheck, QStringLiteral("address.cu")).empty());
}

TEST(SanitizerReport, ARaceIsPlacedAtItsFirstAccess) {
    const QString racecheck = QStringLiteral(
        "========= COMPUTE-SANITIZER\n"
        "========= Error: Race reported between Write access at reduce(const float *, float "
        "*)+0x1a0 in reduce_interleaved.cu:31\n"
        "=========     and Read access at reduce(const float *, float *)+0x180 in "
        "reduce_interleaved.cu:31 [1024 hazards]\n"
        "========= \n"
        "========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)\n"
        "========= ERROR SUMMARY: 1 error\n");
    const auto d = sanitizerDiagnostics(racecheck, QStringLiteral("reduce_interleaved.cu"));
    ASSERT_GE(d.size(), 1u);
    EXPECT_EQ(d[0].line, 31);
    EXPECT_TRUE(d[0].message.startsWith("Error: Race reported between Write access"));
    EXPECT_EQ(sanitizerVerdict(racecheck), "found 1 error");
}

TEST(SanitizerReport, NoErrorsAndNoSummary) {
    EXPECT_EQ(sanitizerVerdict("========= ERROR SUMMARY: 0 errors\n"), "no errors");
    EXPECT_TRUE(sanitizerVerdict("warpscope-record: cannot run: no CUDA device\n").isEmpty());
    EXPECT_TRUE(sanitizerDiagnostics("========= ERROR SUMMARY: 0 errors\n", "k.cu").empty());
}

}  // namespace
}  // namespace ws
