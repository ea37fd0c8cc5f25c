#pragma once
// Hardware counters of the matrix multiply kernels, as scripts/gpu/matmul.sh
// writes them from Nsight Compute (matmul-counters.json beside the bundled
// traces): per variant, at one n, the bytes read from DRAM, the sectors L2
// sent to L1 and the sectors L1 served to global loads. The reuse view and
// the roofline show them beside the model.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "core/common/result.h"

namespace ws {

struct MatmulCounter {
    double dramReadBytes = 0;
    double l2ReadSectors = 0;
    double l1GlobalLoadSectors = 0;
};

struct MatmulCounters {
    std::uint32_t n = 0;
    std::string device;  // when the file names it
    std::map<std::string, MatmulCounter> variants;
};

// Errors say what is missing or malformed and where.
Result<MatmulCounters> parseMatmulCounters(std::string_view json);

}  // namespace ws
