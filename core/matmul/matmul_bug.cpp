#include "core/matmul/matmul_bug.h"

#include <algorithm>

namespace ws {

double seedTiledBugEntry(const std::vector<float>& a, const std::vector<float>& b, std::uint32_t n,
                         std::uint32_t blockDim, std::uint32_t row, std::uint32_t col) {
    double sum = 0;
    for (std::uint32_t k = 0; k < n; k += blockDim) {
        const std::uint32_t pm = std::min(blockDim, n - k);
        for (std::uint32_t l = 0; l < pm; ++l) {
            // blockA[tx][l] was loaded from a[ia + l + tx * n] with ia still at
            // the row panel's start: A[row][l], whatever the phase.
            sum += double(a[std::size_t(row) * n + l]) * double(b[std::size_t(k + l) * n + col]);
        }
    }
    return sum;
}

}  // namespace ws
