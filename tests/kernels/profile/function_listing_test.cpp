// A kernel's listing read out of a real cubin built with -lineinfo
// (tests/core/device/line_tables/inlined.cubin): CUPTI's innermost line for
// each instruction, and for an instruction inlined from a header the line of
// the kernel's own body that called it. CUPTI's correlation reads the cubin
// alone, so this runs without a GPU.
#include "kernels/profile/function_listing.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace ws::profile {
namespace {

Cubin fixture(const std::string& name) {
    const char* root = std::getenv("WARPSCOPE_SOURCE_DIR");
    const auto path =
        std::filesystem::path(root ? root : ".") / "tests/core/device/line_tables" / name;
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

std::string fileName(const std::string& path) {
    return std::filesystem::path(path).filename().string();
}

TEST(FunctionListing, InlinedInstructionsKeepTheKernelLineThatCalledThem) {
    const Cubin cubin = fixture("inlined.cubin");
    ASSERT_FALSE(cubin.empty());
    const FunctionListing listing = listFunction("_Z7inlinedPKfPfi", &cubin);
    const ProfiledFunction& f = listing.function;
    EXPECT_EQ(f.displayName, "inlined(float const*, float*, int)");
    ASSERT_FALSE(f.pcOffset.empty());
    ASSERT_EQ(f.line.size(), f.pcOffset.size());
    ASSERT_EQ(f.file.size(), f.pcOffset.size());
    ASSERT_EQ(f.callerLine.size(), f.pcOffset.size()) << listing.note;
    ASSERT_EQ(f.callerFile.size(), f.pcOffset.size());
    // The kernel's own file is inlined.cu, though the headers hold lines too.
    EXPECT_EQ(fileName(f.sourceFile), "inlined.cu");
    int inlined = 0;
    for (std::size_t i = 0; i < f.pcOffset.size(); ++i) {
        if (f.line[i] == 0) continue;
        const std::string own = fileName(f.files.at(f.file[i]));
        if (own == "inlined.cu") {
            EXPECT_EQ(f.callerLine[i], 0u) << "pc " << f.pcOffset[i];
            continue;
        }
        // A helper's instruction: called from one of the kernel's lines that
        // call store() or scale() (inlined.cu lines 10, 11 and 12).
        EXPECT_TRUE(own == "store.h" || own == "scale.h") << own;
        if (f.callerLine[i] == 0) continue;  // the compiler dropped its scope
        ++inlined;
        EXPECT_EQ(fileName(f.files.at(f.callerFile[i])), "inlined.cu") << "pc " << f.pcOffset[i];
        EXPECT_GE(f.callerLine[i], 10u) << "pc " << f.pcOffset[i];
        EXPECT_LE(f.callerLine[i], 12u) << "pc " << f.pcOffset[i];
    }
    EXPECT_GT(inlined, 0);
}

TEST(FunctionListing, WithoutItsCubinOnlyTheNameIsKnown) {
    const FunctionListing listing = listFunction("_Z7inlinedPKfPfi", nullptr);
    EXPECT_EQ(listing.function.name, "_Z7inlinedPKfPfi");
    EXPECT_TRUE(listing.function.pcOffset.empty());
    EXPECT_TRUE(listing.function.file.empty());
    EXPECT_FALSE(listing.note.empty());
}

}  // namespace
}  // namespace ws::profile
