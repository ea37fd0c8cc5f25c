#pragma once
// The "block" parameter that most labs' kernels take: threads per block, up
// to the 1,024 every CUDA device allows, on a slider that steps in powers of
// two. The labs differ only in the rule a size must follow.
#include <string>

#include "core/catalog/catalog.h"

namespace ws {

struct BlockRule {
    double min = 32;
    bool powerOfTwo = false;  // a tree that halves the block each step
    bool wholeWarps = true;   // a multiple of 32
};

ParamSpec threadsPerBlockParam(std::string defaultBlock, std::string help, BlockRule rule = {});

}  // namespace ws
