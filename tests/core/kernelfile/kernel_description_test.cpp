// The launch description: what a file says, and what it is told when it
// says it wrong (the line, the key, the limit).
#include "core/kernelfile/kernel_description.h"

#include <gtest/gtest.h>

#include <tuple>

#include "core/kernelfile/kernel_file_spec.h"
#include "core/kernelfile/kernel_launch_plan.h"

namespace ws::kernelfile {
namespace {

const std::string kGood = R"(// my transpose
/* warpscope
kernel: transpose_naive
title: Naive transpose
params:
  n: {default: 1024, min: 32, max: 8192, multiple_of: 32, unit: elements, help: "Side"}
  scale: {type: float, default: 1.5, min: 0, max: 10}
grid: [ceil(n / 32), ceil(n / 32)]
block: [32, 8]
shared: 32 * 33 * 4
args:
  - out: {buffer: float, length: n * n, output: true}
  - in: {buffer: float, length: n * n, fill: random, seed: 7, range: [-1, 1]}
  - n: {scalar: int, value: n}
check:
  reference: transpose_reference
  block: [16, 16]
  tolerance: 0.001
*/
__global__ void transpose_naive(float* out, const float* in, int n) {}
)";

std::string withDescription(const std::string& body) {
    return "/* warpscope\n" + body + "*/\n__global__ void k() {}\n";
}

TEST(KernelDescription, ReadsEveryKey) {
    auto d = parseKernelDescription(kGood, "t.cu");
    ASSERT_TRUE(d.ok()) << d.error();
    EXPECT_EQ(d->kernel, "transpose_naive");
    EXPECT_EQ(d->title, "Naive transpose");
    EXPECT_EQ(d->firstLine, 2);
    ASSERT_EQ(d->params.size(), 2u);
    EXPECT_EQ(d->params[0].name, "n");
    EXPECT_EQ(d->params[0].defaultValue, "1024");
    EXPECT_EQ(d->params[0].multipleOf, 32);
    EXPECT_EQ(d->params[0].unit, "elements");
    EXPECT_EQ(d->params[1].type, ParamType::Float);
    EXPECT_EQ(d->launch.grid, (std::vector<std::string>{"ceil(n / 32)", "ceil(n / 32)"}));
    EXPECT_EQ(d->launch.block, (std::vector<std::string>{"32", "8"}));
    EXPECT_EQ(d->launch.sharedBytes, "32 * 33 * 4");
    ASSERT_EQ(d->args.size(), 3u);
    EXPECT_EQ(d->args[0].name, "out");
    EXPECT_TRUE(d->args[0].buffer.output);
    EXPECT_EQ(d->args[1].buffer.fill, FillKind::Random);
    EXPECT_EQ(d->args[1].buffer.seed, 7u);
    EXPECT_TRUE(d->args[1].buffer.hasRange);
    EXPECT_DOUBLE_EQ(d->args[1].buffer.low, -1);
    EXPECT_EQ(d->args[1].line, 13);
    EXPECT_FALSE(d->args[2].isBuffer);
    EXPECT_EQ(d->args[2].scalar.type, ElementType::Int32);
    EXPECT_EQ(d->check.reference, "transpose_reference");
    EXPECT_TRUE(d->check.launch.grid.empty());  // the kernel's
    EXPECT_EQ(d->check.launch.block.size(), 2u);
    EXPECT_DOUBLE_EQ(d->check.tolerance, 0.001);
    ASSERT_EQ(outputBuffers(*d).size(), 1u);
    // The spec the sliders are made from.
    const ExperimentSpec spec = kernelFileSpec(*d);
    EXPECT_EQ(spec.id, kKernelFileExperiment);
    EXPECT_EQ(spec.title, "Naive transpose");
    auto values = resolveParams(spec, std::vector<std::string>{"n=64"});
    ASSERT_TRUE(values.ok()) << values.error();
    EXPECT_EQ(values->at("scale"), "1.5");
    EXPECT_FALSE(
        resolveParams(spec, std::vector<std::string>{"n=33"}).ok());  // not a multiple of 32
}

struct BadDescription {
    std::string body;
    std::string message;  // a part of the error
};

// The test's name in ctest: what it expects to be told, not the bytes of
// the struct.
void PrintTo(const BadDescription& bad, std::ostream* out) { *out << bad.message; }

class RefusedDescription : public ::testing::TestWithParam<BadDescription> {};

TEST_P(RefusedDescription, SaysWhereAndWhat) {
    auto d = parseKernelDescription(withDescription(GetParam().body), "bad.cu");
    ASSERT_FALSE(d.ok());
    EXPECT_NE(d.error().find(GetParam().message), std::string::npos) << d.error();
    EXPECT_EQ(d.error().rfind("bad.cu", 0), 0u) << d.error();
}

INSTANTIATE_TEST_SUITE_P(
    KernelDescription, RefusedDescription,
    ::testing::Values(
        BadDescription{"grid: 1\nblock: 1\nargs: []\n", "bad.cu:2: 'kernel:' is missing"},
        BadDescription{"kernel: k\nblock: 1\nargs: []\n", "'grid' is missing"},
        BadDescription{"kernel: k\ngrid: 1\nblock: 1\n", "'args:' is missing"},
        BadDescription{"kernel: k\ngrid: 1\nblock: 1\nargs: []\nblocks: 3\n",
                       "bad.cu:6: the description: unknown key 'blocks'"},
        BadDescription{"kernel: k\ngrid: [1, 2, 3, 4]\nblock: 1\nargs: []\n", "grid has 4 sizes"},
        BadDescription{"kernel: k\ngrid: 1\nblock: 1\nargs:\n  - a: {buffer: floaty, length: 4}\n",
                       "bad.cu:6: args.a: unknown type 'floaty'"},
        BadDescription{"kernel: k\ngrid: 1\nblock: 1\nargs:\n  - a: {buffer: float}\n",
                       "args.a: 'length' is missing"},
        BadDescription{
            "kernel: k\ngrid: 1\nblock: 1\nargs:\n  - a: {buffer: float, length: 4, fill: ones}\n",
            "unknown fill 'ones' (zeros, iota, random, a number or a .npy file)"},
        BadDescription{"kernel: k\ngrid: 1\nblock: 1\nargs:\n  - a: {buffer: float, length: 4, "
                       "fill: ../secret.npy}\n",
                       "bad.cu:6: args.a.fill: '../secret.npy' must not leave the kernel file's "
                       "folder"},
        BadDescription{"kernel: k\ngrid: 1\nblock: 1\nargs:\n  - a: {buffer: float, length: 4, "
                       "fill: /tmp/a.npy}\n",
                       "must be a path relative to the kernel file's folder"},
        BadDescription{"kernel: k\ngrid: 1\nblock: 1\nargs:\n  - a: {buffer: int, length: 4, "
                       "output: true}\ncheck:\n  reference: r\n  expected: {a: a.npy}\n",
                       "give one of 'reference:' (a kernel of the file) or 'expected:'"},
        BadDescription{"kernel: k\ngrid: 1\nblock: 1\nargs:\n  - a: {buffer: int, length: "
                       "4}\ncheck:\n  expected: {a: a.npy}\n",
                       "check.expected.a: 'a' is not a buffer marked 'output: true'"},
        BadDescription{"kernel: k\ngrid: 1\nblock: 1\nargs:\n  - a: {buffer: int, length: 4, "
                       "output: true}\ncheck:\n  expected: {a: a.txt}\n",
                       "check.expected.a: 'a.txt' is not a .npy file"},
        BadDescription{"kernel: k\ngrid: 1\nblock: 1\nargs:\n  - a: {buffer: int, length: 4, "
                       "output: true}\ncheck:\n  expected: {a: a.npy}\n  block: 32\n",
                       "with 'expected:' there is none"},
        BadDescription{
            "kernel: k\ngrid: 1\nblock: 1\nargs:\n  - a: {buffer: uint8, length: 4, fill: 300}\n",
            "fill 300 does not fit in uint8"},
        BadDescription{"kernel: k\ngrid: 1\nblock: 1\nargs:\n  - a: {buffer: uint8, length: 4, "
                       "range: [0, 300]}\n",
                       "range does not fit in uint8"},
        BadDescription{"kernel: k\ngrid: 1\nblock: 1\nargs:\n  - a: {buffer: int, length: 4}\n  - "
                       "a: {scalar: int, value: 1}\n",
                       "'a' is named twice"},
        BadDescription{
            "kernel: k\ngrid: 1\nblock: 1\nargs:\n  - a: {buffer: int, length: 4, scalar: int}\n",
            "one of 'buffer:'"},
        BadDescription{
            "kernel: k\nparams:\n  n: {default: 5, min: 10, max: 1}\ngrid: 1\nblock: 1\nargs: []\n",
            "min 10 is above max 1"},
        BadDescription{"kernel: k\nparams:\n  n: {default: 50, min: 1, max: 10}\ngrid: 1\nblock: "
                       "1\nargs: []\n",
                       "params.n.default"},
        BadDescription{"kernel: k\nparams:\n  2n: {default: 1, min: 1, max: 10}\ngrid: 1\nblock: "
                       "1\nargs: []\n",
                       "C identifier"},
        BadDescription{"kernel: k\ngrid: 1\nblock: 1\nargs:\n  - a: {buffer: int, length: "
                       "4}\ncheck:\n  reference: r\n",
                       "no buffer is marked 'output: true'"},
        BadDescription{"kernel: [k\n", "not valid YAML"}));

TEST(KernelDescription, AFileWithoutOneIsToldHowToAddIt) {
    auto d = parseKernelDescription("__global__ void k() {}\n", "plain.cu");
    ASSERT_FALSE(d.ok());
    EXPECT_NE(d.error().find("/* warpscope"), std::string::npos);
    auto open = parseKernelDescription("/* warpscope\nkernel: k\n", "open.cu");
    ASSERT_FALSE(open.ok());
    EXPECT_NE(open.error().find("never closed"), std::string::npos);
}

TEST(KernelDescription, ReadsNpyInputsAndExpectedOutputs) {
    auto d = parseKernelDescription(withDescription("kernel: k\ngrid: 1\nblock: 4\nargs:\n"
                                                    "  - x: {buffer: float, length: 4, fill: "
                                                    "data/x.npy}\n"
                                                    "  - y: {buffer: float, length: 4, output: "
                                                    "true}\n"
                                                    "check:\n  expected: {y: y.npy}\n"
                                                    "  tolerance: 0.01\n"),
                                    "f.cu");
    ASSERT_TRUE(d.ok()) << d.error();
    EXPECT_EQ(d->args[0].buffer.fill, FillKind::File);
    EXPECT_EQ(d->args[0].buffer.file, "data/x.npy");
    ASSERT_EQ(d->check.expected.size(), 1u);
    EXPECT_EQ(d->check.expected[0].buffer, "y");
    EXPECT_EQ(d->check.expected[0].file, "y.npy");
    EXPECT_EQ(d->check.expected[0].line, 9);
    EXPECT_TRUE(d->check.reference.empty());
    EXPECT_TRUE(d->checked());
    EXPECT_EQ(dataFilesOf(*d), (std::vector<std::string>{"data/x.npy", "y.npy"}));
}

TEST(KernelDescription, AFileThatNeedsANewerGpuSaysSoInOneLine) {
    const std::string body = "grid: 1\nblock: 32\nargs: []\n";
    for (const auto& [written, major, minor] : {std::tuple{"9.0", 9, 0},
                                                {"sm_90", 9, 0},
                                                {"sm_90a", 9, 0},
                                                {"8.6", 8, 6},
                                                {"sm_120", 12, 0},
                                                {"10", 10, 0}}) {
        auto d = parseKernelDescription(
            withDescription("kernel: k\nrequires: " + std::string(written) + "\n" + body), "w.cu");
        ASSERT_TRUE(d.ok()) << written << ": " << d.error();
        EXPECT_EQ(d->requiresMajor, major) << written;
        EXPECT_EQ(d->requiresMinor, minor) << written;
    }
    auto bad =
        parseKernelDescription(withDescription("kernel: k\nrequires: hopper\n" + body), "w.cu");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("w.cu:3: requires: 'hopper' is not a compute capability"),
              std::string::npos)
        << bad.error();

    auto d = parseKernelDescription(withDescription("kernel: k\nrequires: 9.0\n" + body), "w.cu");
    ASSERT_TRUE(d.ok());
    DeviceInfo a100;
    a100.name = "NVIDIA A100-SXM4-80GB";
    a100.ccMajor = 8;
    a100.ccMinor = 0;
    const Status old = checkRequiredGpu(*d, "w.cu", a100);
    ASSERT_FALSE(old.ok());
    EXPECT_EQ(old.error(),
              "w.cu needs a GPU of compute capability 9.0 or newer (requires: 9.0); this "
              "NVIDIA A100-SXM4-80GB is 8.0");
    DeviceInfo h100 = a100;
    h100.ccMajor = 9;
    EXPECT_TRUE(checkRequiredGpu(*d, "w.cu", h100).ok());
    auto any = parseKernelDescription(withDescription("kernel: k\n" + body), "w.cu");
    EXPECT_TRUE(checkRequiredGpu(*any, "w.cu", a100).ok());
}

}  // namespace
}  // namespace ws::kernelfile
