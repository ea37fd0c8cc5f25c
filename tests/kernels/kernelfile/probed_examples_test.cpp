// Every bundled example compiles with NVRTC, its kernel takes the probes, and
// the probed PTX assembles with the toolkit's ptxas for the H100, with one
// more parameter than the plain build and its exits sent through the probe.
// No GPU needed.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

#include "core/kernelfile/kernel_description.h"
#include "core/kernelfile/kernel_file_spec.h"
#include "core/kernelfile/ptx_probe.h"
#include "kernels/kernelfile/kernel_file_runner.h"
#include "kernels/kernelfile/nvrtc_compiler.h"
#include "tests/kernels/support/ptx_assemble.h"

namespace ws::kernelfile {
namespace {

using test::assemble;
using test::ptxas;

int parameterCount(const std::string& ptx) {
    int count = 0;
    static const std::regex declaration(R"((^|[(,])\s*\.param\s)");
    for (auto it = std::sregex_iterator(ptx.begin(), ptx.end(), declaration);
         it != std::sregex_iterator(); ++it)
        ++count;
    return count;
}

class ProbedExample : public ::testing::TestWithParam<std::string> {};

TEST_P(ProbedExample, CompilesTakesTheProbesAndAssembles) {
    ASSERT_FALSE(ptxas().empty()) << "no ptxas in the CUDA toolkit";
    auto file = bundledExample(GetParam());
    ASSERT_TRUE(file.ok()) << file.error();
    auto description = parseKernelDescription(file->source, file->fileName);
    ASSERT_TRUE(description.ok()) << description.error();
    CompileRequest request{file->fileName, file->source, {description->kernel}, 9, 0};
    if (!description->check.reference.empty())
        request.kernels.push_back(description->check.reference);
    auto compiled = compileKernelFile(request);
    ASSERT_TRUE(compiled.ok()) << compiled.error();
    const std::string& lowered = compiled->loweredNames.at(description->kernel);
    auto probed = insertProbes(compiled->ptx, lowered, ProbeLevel::Warps);
    ASSERT_TRUE(probed.ok()) << probed.error();
    EXPECT_GE(probed->exits, 1);
    EXPECT_EQ(parameterCount(probed->ptx), parameterCount(compiled->ptx) + 1);
    EXPECT_NE(probed->ptx.find(kProbeParameter), std::string::npos);
    // The source's own lines are still named in the probed build.
    EXPECT_NE(probed->ptx.find(".loc"), std::string::npos);
    std::string report;
    EXPECT_EQ(assemble(compiled->ptx, GetParam() + "-plain", report), 0) << report;
    EXPECT_EQ(assemble(probed->ptx, GetParam() + "-probed", report), 0) << report;
    // Probing a probed kernel again is refused, not done twice.
    EXPECT_FALSE(insertProbes(probed->ptx, lowered, ProbeLevel::Warps).ok());
}

INSTANTIATE_TEST_SUITE_P(BundledExamples, ProbedExample, ::testing::ValuesIn(bundledExamples()));

// WS_MARK from <warpscope/probe.cuh>: a comment in the plain build, a probe
// in the probed one, which gains the marks' parameter and still assembles.
TEST(ProbedExamples, MarksAreCommentsInThePlainBuildAndProbesInTheProbedOne) {
    ASSERT_FALSE(ptxas().empty()) << "no ptxas in the CUDA toolkit";
    std::ifstream in(std::string(WS_SOURCE_DIR) + "/tests/data/kernelfiles/marks.cu");
    const std::string source((std::istreambuf_iterator<char>(in)), {});
    ASSERT_FALSE(source.empty());
    auto description = parseKernelDescription(source, "marks.cu");
    ASSERT_TRUE(description.ok()) << description.error();
    auto compiled = compileKernelFile(
        {"marks.cu", source, {description->kernel, description->check.reference}, 9, 0});
    ASSERT_TRUE(compiled.ok()) << compiled.error();
    EXPECT_NE(compiled->ptx.find("// warpscope-mark 1;"), std::string::npos);
    EXPECT_NE(compiled->ptx.find("// warpscope-mark 2;"), std::string::npos);
    const std::string& lowered = compiled->loweredNames.at(description->kernel);
    for (ProbeLevel level : {ProbeLevel::Blocks, ProbeLevel::Warps}) {
        auto probed = insertProbes(compiled->ptx, lowered, level);
        ASSERT_TRUE(probed.ok()) << probed.error();
        EXPECT_EQ(probed->marks, 2);
        EXPECT_EQ(parameterCount(probed->ptx), parameterCount(compiled->ptx) + 2);
        EXPECT_NE(probed->ptx.find(kMarksParameter), std::string::npos);
        std::string report;
        EXPECT_EQ(assemble(probed->ptx, "marks-probed", report), 0) << report;
    }
    std::string report;
    EXPECT_EQ(assemble(compiled->ptx, "marks-plain", report), 0) << report;
}

TEST(ProbedExamples, TheCatalogsChoicesAreTheBundledFiles) {
    for (const std::string& name : bundledExamples())
        EXPECT_TRUE(bundledExample(name).ok()) << name;
    EXPECT_FALSE(bundledExample("no_such_example").ok());
}

}  // namespace
}  // namespace ws::kernelfile
