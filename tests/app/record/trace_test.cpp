// `warpscope-record trace` without a GPU: the example programs carry PTX
// for the interception to probe, a program without PTX is refused with the
// line that fixes it, and the program's output and exit status pass through.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "app/record/program/intercept_library.h"
#include "core/program/elf_section.h"
#include "core/program/fatbin.h"
#include "core/program/module_probe.h"
#include "kernels/device/device_query.h"
#include "tests/app/record/run_kernel_tool.h"
#include "tests/kernels/support/ptx_assemble.h"

namespace ws::test {
namespace {

// The PTX of every container of a built program's fatbinary.
std::string programPtx(const std::string& path) {
    auto section = program::readElfSection(path, ".nv_fatbin");
    EXPECT_TRUE(section.ok() && section->has_value()) << path;
    if (!section.ok() || !section->has_value()) return {};
    auto containers = program::parseFatbinSection(**section);
    EXPECT_TRUE(containers.ok()) << containers.error();
    std::string ptx;
    for (const program::FatbinContainer& c : *containers) {
        const std::span<const std::uint8_t> bytes(section->value().data() + c.offset, c.bytes);
        if (const program::FatbinEntry* e = program::bestPtx(c, 90)) {
            auto text = program::entryText(bytes, *e);
            EXPECT_TRUE(text.ok()) << text.error();
            if (text) ptx += *text;
        }
    }
    return ptx;
}

TEST(Trace, TheExampleProgramsCarryTheirKernelsAsPtxTheProbesTake) {
    const std::string dot = programPtx(WS_STREAMS_DOT);
    for (const char* entry : {"_Z5scalePffi", "_Z11dot_productPKfS0_Pfi"}) {
        EXPECT_NE(dot.find(entry), std::string::npos) << entry;
        auto probed = program::probeModule(dot, {}, kernelfile::ProbeLevel::Blocks);
        const program::ModuleKernel* k = probed.find(entry);
        ASSERT_NE(k, nullptr) << entry;
        EXPECT_TRUE(k->probed) << k->whyNot;
    }
    // The whole probed module assembles, as the driver will build it.
    std::string report;
    EXPECT_EQ(test::assemble(program::probeModule(dot, {}, kernelfile::ProbeLevel::Blocks).ptx,
                             "dot", report),
              0)
        << report;
    const std::string reduce = programPtx(WS_REDUCE_TWO_LAUNCHES);
    EXPECT_EQ(test::assemble(program::probeModule(reduce, {}, kernelfile::ProbeLevel::Blocks).ptx,
                             "reduce", report),
              0)
        << report;
    EXPECT_EQ(program::entryParameterCount(reduce, "_Z10reduce_sumPKfPfi"), 3);
    EXPECT_EQ(record::whyNotTraceable(WS_STREAMS_DOT), std::nullopt);
}

TEST(Trace, AProgramWithoutPtxIsRefusedWithTheLineThatAddsIt) {
    auto o = runRecorder("trace -o " + ::testing::TempDir() + "no-ptx -- " WS_WITHOUT_PTX);
    EXPECT_EQ(o.status, 2) << o.output;
    EXPECT_NE(o.output.find("holds no PTX (only sm_90)"), std::string::npos) << o.output;
    EXPECT_NE(o.output.find("-gencode arch=compute_90,code=[sm_90,compute_90]"), std::string::npos)
        << o.output;
}

TEST(Trace, TheProgramsOutputAndExitStatusPassThrough) {
    const std::string dir = ::testing::TempDir() + "trace-sh";
    auto o = runRecorder("trace -o " + dir + " -- sh -c 'echo from the program; exit 7'");
    EXPECT_EQ(o.status, 7) << o.output;
    EXPECT_NE(o.output.find("from the program"), std::string::npos) << o.output;
    EXPECT_NE(o.output.find("0 launches"), std::string::npos) << o.output;
    auto killed = runRecorder("trace -o " + dir + " -- sh -c 'kill -TERM $$'");
    EXPECT_EQ(killed.status, 128 + 15) << killed.output;
    EXPECT_NE(killed.output.find("what it recorded so far is kept"), std::string::npos)
        << killed.output;
}

// Another injected tool keeps its place, and trace says the timeline is
// missing for it; the program still runs, and --no-timeline says nothing.
TEST(Trace, AnotherInjectedToolIsSaidToLeaveNoTimeline) {
    const std::string dir = ::testing::TempDir() + "trace-injected";
    auto o = runRecorder("trace -o " + dir + " -- sh -c 'echo $CUDA_INJECTION64_PATH'",
                         "CUDA_INJECTION64_PATH=/opt/other/libtool.so ");
    EXPECT_EQ(o.status, 0) << o.output;
    EXPECT_NE(o.output.find("no timeline: CUDA_INJECTION64_PATH already names "
                            "/opt/other/libtool.so"),
              std::string::npos)
        << o.output;
    EXPECT_NE(o.output.find("\n/opt/other/libtool.so\n"), std::string::npos) << o.output;
    auto off = runRecorder("trace -o " + dir + " --no-timeline -- sh -c 'exit 0'",
                           "CUDA_INJECTION64_PATH=/opt/other/libtool.so ");
    EXPECT_EQ(off.output.find("no timeline"), std::string::npos) << off.output;
}

TEST(Trace, BadRequestsAreRefusedBeforeTheProgramRuns) {
    const std::string dir = ::testing::TempDir() + "trace-bad";
    auto regex = runRecorder("trace -o " + dir + " --kernels '(' -- sh -c 'echo ran'");
    EXPECT_EQ(regex.status, 2) << regex.output;
    EXPECT_NE(regex.output.find("is not a regular expression"), std::string::npos);
    EXPECT_EQ(regex.output.find("ran"), std::string::npos);
    auto missing = runRecorder("trace -o " + dir + " -- no-such-program-anywhere");
    EXPECT_EQ(missing.status, 2) << missing.output;
    EXPECT_NE(missing.output.find("is not a program on PATH"), std::string::npos);
    auto none = runRecorder("trace -o " + dir);
    EXPECT_NE(none.status, 0);
}

// On a machine without a driver the runtime fails as it would untraced: the
// interception stays out of the way and the program says what it says.
TEST(Trace, WithoutADriverTheProgramFailsAsItWouldUntraced) {
    if (cudaUnavailableReason().empty()) GTEST_SKIP() << "a GPU is here (trace_gpu_test runs)";
    const std::string dir = ::testing::TempDir() + "trace-nodriver";
    auto traced = runRecorder("trace -o " + dir + " -- " WS_REDUCE_TWO_LAUNCHES " 1024");
    EXPECT_EQ(traced.status, 2) << traced.output;  // the program's CHECK exit
    EXPECT_NE(traced.output.find("reduce_two_launches.cu"), std::string::npos) << traced.output;
    EXPECT_NE(traced.output.find("0 launches"), std::string::npos) << traced.output;
}

}  // namespace
}  // namespace ws::test
