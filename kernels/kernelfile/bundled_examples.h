#pragma once
// The example kernel files (examples/kernels/), compiled into the program by
// kernels/profile/embed_sources.cmake so the lab's default runs anywhere.
#include <map>
#include <string_view>

namespace ws::kernelfile {

// Path from the source root ("examples/kernels/vector_add.cu") -> text.
const std::map<std::string_view, std::string_view>& bundledExampleSources();

}  // namespace ws::kernelfile
