#pragma once
// The kernels' source files, compiled into the recorder (a generated file,
// kernels/profile/embed_sources.cmake), so a trace can show the lines its
// samples point at on a machine without the sources or the toolkit.
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace ws::profile {

// Path from the source root ("kernels/memory/memory_transpose_f32.cu") -> text.
const std::map<std::string_view, std::string_view>& embeddedKernelSources();

// The embedded path a compiler's file name points at (a build's absolute
// path, as the line table has it), or nothing where no embedded file ends so.
std::optional<std::string> embeddedPathFor(std::string_view compiledPath);

}  // namespace ws::profile
