#pragma once
// What the course's block_matmul computes as printed: its loop steps
// `sa += sa` instead of `ia += sa`, so every phase multiplies the first
// BLOCK_DIM columns of A's row panel with the phase's rows of B:
//   C[i][j] = sum over phases p, l < min(BLOCK_DIM, n - p BLOCK_DIM) of
//             A[i][l] * B[p BLOCK_DIM + l][j]
// Computed on the CPU in double, so the lab can show the wrong result the
// GPU produced beside the right one, and the tests can hold the bug variant
// to exactly this.
#include <cstdint>
#include <vector>

namespace ws {

double seedTiledBugEntry(const std::vector<float>& a, const std::vector<float>& b, std::uint32_t n,
                         std::uint32_t blockDim, std::uint32_t row, std::uint32_t col);

}  // namespace ws
