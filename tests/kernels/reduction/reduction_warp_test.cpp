// Warp-level trees: volatile shared memory with __syncwarp, and shuffles.
#include "tests/kernels/reduction/reduction_checks.h"

namespace ws::test {
namespace {

class WarpReduce : public GpuTest {};

// Runs every variant the catalog accepts for each operator and type.
void sweepVariants(const std::vector<std::uint64_t>& sizes,
                   const std::vector<std::uint32_t>& blocks) {
    for (const char* variant : {"comm", "comm-compact", "noncomm", "noncomm-padded", "shuffle"})
        for (auto [op, type] : {std::pair{"op=add", "type=int32"},
                                {"op=add", "type=float"},
                                {"op=affine", "type=int32"}})
            for (std::uint64_t n : sizes)
                for (std::uint32_t block : blocks)
                    runAndCheck("reduce-warp",
                                {std::string("variant=") + variant, assignment("n", n),
                                 assignment("block", block), op, type});
}

TEST_F(WarpReduce, EveryVariantSmallSizes) { sweepVariants(smallSizes(), {32, 96, 1024}); }

TEST_F(WarpReduce, EveryVariantLarge) { sweepVariants({kLargeSize}, {1024}); }

}  // namespace
}  // namespace ws::test
