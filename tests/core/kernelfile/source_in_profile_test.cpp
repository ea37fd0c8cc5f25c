// A kernel file's profile names the file by its name and carries its text,
// whatever folder it was compiled in.
#include <gtest/gtest.h>

#include "core/kernelfile/kernel_file_spec.h"

namespace ws::kernelfile {
namespace {

TEST(SourceInProfile, TheCompilersPathBecomesTheFilesName) {
    ws::Run run;
    ProfiledFunction f;
    f.sourceFile = "/home/student/work/mine.cu";
    f.files = {"/home/student/work/mine.cu", "/usr/local/cuda/include/cuda_runtime.h"};
    run.profile.functions.push_back(f);
    attachSourceToProfile(run, "mine.cu", "__global__ void k() {}\n");
    EXPECT_EQ(run.profile.functions[0].sourceFile, "mine.cu");
    EXPECT_EQ(run.profile.functions[0].files[0], "mine.cu");
    EXPECT_EQ(run.profile.functions[0].files[1], "/usr/local/cuda/include/cuda_runtime.h");
    ASSERT_EQ(run.profile.sources.count("mine.cu"), 1u);
    EXPECT_EQ(run.profile.sources.at("mine.cu"), "__global__ void k() {}\n");
}

TEST(SourceInProfile, AnotherFilesProfileIsLeftAlone) {
    ws::Run run;
    ProfiledFunction f;
    f.files = {"/tmp/other.cu"};
    run.profile.functions.push_back(f);
    attachSourceToProfile(run, "mine.cu", "text");
    EXPECT_EQ(run.profile.functions[0].files[0], "/tmp/other.cu");
    EXPECT_TRUE(run.profile.sources.empty());
}

}  // namespace
}  // namespace ws::kernelfile
