#pragma once
// A sampled kernel's instructions as its cubin holds them: each one's offset,
// its source line (CUPTI's SASS-to-source correlation, from -lineinfo) and
// its SASS text (cuobjdump, where the toolkit is installed).
#include <string>
#include <string_view>

#include "core/common/demangle.h"
#include "core/common/result.h"
#include "core/run/run_profile.h"
#include "kernels/profile/cubin_store.h"

namespace ws::profile {

struct FunctionListing {
    ProfiledFunction function;
    std::string note;  // what is missing and why ("" where nothing is)
};

// `cubin` may be null (the store started too late): then only the name.
FunctionListing listFunction(std::string_view mangledName, const Cubin* cubin);

}  // namespace ws::profile
