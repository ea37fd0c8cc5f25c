#pragma once
// The headers a kernel file may include (include/warpscope/), compiled into
// the program by kernels/profile/embed_sources.cmake and handed to NVRTC by
// name, so `#include <warpscope/probe.cuh>` compiles wherever warpscope runs.
#include <map>
#include <string_view>

namespace ws::kernelfile {

// Path from the source root ("include/warpscope/probe.cuh") -> text.
const std::map<std::string_view, std::string_view>& kernelFileHeaders();

}  // namespace ws::kernelfile
