// The interception's bookkeeping without a driver: a module's kernels
// probed, the handles the driver hands out tied to them, and at each launch
// whether to pass the probes' buffers and whether to record.
#include "core/program/launch_book.h"

#include <gtest/gtest.h>

#include "core/program/module_probe.h"

namespace ws::program {
namespace {

const std::string kModule =
    ".version 9.0\n.target sm_90\n.address_size 64\n\n"
    "// .entry commented_out(\n"
    ".visible .entry _Z5firstPfi(\n\t.param .u64 _Z5firstPfi_param_0,\n"
    "\t.param .u32 _Z5firstPfi_param_1\n)\n{\n\tret;\n}\n\n"
    ".visible .entry _Z6secondv()\n{\n\tret;\n}\n";

TEST(ModuleProbe, EveryEntryTheFilterKeepsIsProbedWithItsParametersCounted) {
    EXPECT_EQ(ptxEntryNames(kModule), (std::vector<std::string>{"_Z5firstPfi", "_Z6secondv"}));
    EXPECT_EQ(entryParameterCount(kModule, "_Z5firstPfi"), 2);
    EXPECT_EQ(entryParameterCount(kModule, "_Z6secondv"), 0);
    EXPECT_EQ(entryParameterCount(kModule, "_Z5third"), -1);
    auto all = probeModule(kModule, {}, kernelfile::ProbeLevel::Blocks);
    ASSERT_EQ(all.kernels.size(), 2u);
    EXPECT_TRUE(all.kernels[0].probed && all.kernels[1].probed);
    EXPECT_EQ(all.kernels[0].parameters, 2);  // the program's, before the probes'
    EXPECT_EQ(entryParameterCount(all.ptx, "_Z5firstPfi"), 3);
    EXPECT_EQ(entryParameterCount(all.ptx, "_Z6secondv"), 1);
    auto some = probeModule(
        kModule, [](const std::string& name) { return name == "_Z6secondv"; },
        kernelfile::ProbeLevel::Blocks);
    EXPECT_FALSE(some.kernels[0].probed);
    EXPECT_EQ(some.kernels[0].whyNot, "left out by --kernels");
    EXPECT_TRUE(some.kernels[1].probed);
    EXPECT_TRUE(some.anyProbed());
    EXPECT_EQ(entryParameterCount(some.ptx, "_Z5firstPfi"), 2);
}

TEST(LaunchBook, TheFirstLaunchesOfEachProbedKernelAreRecordedTheRestTimed) {
    LaunchBook book(2);
    int library, module, kernel, function, other;
    const LoadedModule& loaded =
        book.addModule(&library, probeModule(kModule, {}, kernelfile::ProbeLevel::Blocks));
    EXPECT_EQ(loaded.index, 1);
    book.addKernel(&kernel, &library, "_Z5firstPfi");  // cuLibraryGetKernel
    book.addKernelAlias(&function, &kernel);           // cuKernelGetFunction
    book.addModuleAlias(&module, &library);            // cuLibraryGetModule
    book.addKernel(&other, &module, "_Z6secondv");     // cuModuleGetFunction
    auto first = book.launch(&function);
    EXPECT_EQ(first.name, "_Z5firstPfi");
    EXPECT_TRUE(first.appendParameters);
    EXPECT_TRUE(first.record);
    EXPECT_EQ(first.launch, 1u);
    EXPECT_EQ(first.kernelLaunch, 1u);
    EXPECT_TRUE(book.launch(&kernel).record);  // the CUkernel itself, launched as a function
    auto third = book.launch(&function);
    EXPECT_TRUE(third.appendParameters) << "the probed build still takes its parameter";
    EXPECT_FALSE(third.record);
    EXPECT_EQ(third.kernelLaunch, 3u);
    auto second = book.launch(&other);
    EXPECT_TRUE(second.record);
    EXPECT_EQ(second.kernelLaunch, 1u);
    EXPECT_EQ(second.launch, 4u);
    // A function the book never saw loaded: passed on as it is.
    int stranger;
    auto unseen = book.launch(&stranger);
    EXPECT_EQ(unseen.module, nullptr);
    EXPECT_FALSE(unseen.appendParameters);
    // Named later (the driver asked, for a handle found unseen): decided
    // again under the same number.
    int late;
    auto before = book.launch(&late);
    EXPECT_EQ(before.module, nullptr);
    EXPECT_TRUE(book.anyProbed());
    book.addKernel(&late, &library, "_Z5firstPfi");
    auto after = book.launchAgain(&late, before);
    EXPECT_EQ(after.launch, before.launch);
    EXPECT_TRUE(after.appendParameters);
    // Unloaded: its handles name nothing any more.
    book.removeModule(&library);
    EXPECT_FALSE(book.launch(&function).appendParameters);
    EXPECT_FALSE(book.launch(&other).appendParameters);
}

TEST(LaunchBook, AModuleWithoutPtxKeepsItsReasonAndItsKernelsRunAsBuilt) {
    LaunchBook book(10);
    int module, function;
    book.addModule(&module, {}, "the program holds no PTX for it");
    book.addKernel(&function, &module, "_Z5firstPfi");
    auto d = book.launch(&function);
    ASSERT_NE(d.module, nullptr);
    EXPECT_EQ(d.module->whyNotProbed, "the program holds no PTX for it");
    EXPECT_EQ(d.kernel, nullptr);
    EXPECT_FALSE(d.appendParameters);
    EXPECT_FALSE(d.record);
}

}  // namespace
}  // namespace ws::program
