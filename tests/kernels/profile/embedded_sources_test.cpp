// The kernels' sources compiled into the recorder, and how a compiler's path
// is matched to one of them.
#include "kernels/profile/embedded_sources.h"

#include <gtest/gtest.h>

namespace ws::profile {
namespace {

TEST(EmbeddedSources, HoldEveryLabsKernelFiles) {
    const auto& sources = embeddedKernelSources();
    for (const char* path :
         {"kernels/memory/memory_transpose_f32.cu", "kernels/reduction/reduction_ladder.cu",
          "kernels/matmul/matmul_seed.cu", "kernels/common/device_record.cuh"}) {
        const auto found = sources.find(path);
        ASSERT_NE(found, sources.end()) << path;
        EXPECT_GT(found->second.size(), 500u) << path;
    }
    EXPECT_NE(sources.at("kernels/memory/memory_transpose_f32.cu").find("__global__"),
              std::string_view::npos);
}

TEST(EmbeddedSources, ACompiledPathMatchesTheFileItEndsWith) {
    EXPECT_EQ(embeddedPathFor("/home/build/warpscope/kernels/memory/memory_transpose_f32.cu"),
              "kernels/memory/memory_transpose_f32.cu");
    EXPECT_EQ(embeddedPathFor("kernels/matmul/matmul_seed.cu"), "kernels/matmul/matmul_seed.cu");
}

TEST(EmbeddedSources, OnlyAtAFolderBoundary) {
    EXPECT_FALSE(embeddedPathFor("/src/mykernels/memory/memory_transpose_f32.cu"));
    EXPECT_FALSE(embeddedPathFor("/usr/local/cuda/include/cub/block/block_reduce.cuh"));
    EXPECT_FALSE(embeddedPathFor(""));
}

}  // namespace
}  // namespace ws::profile
