#include "kernels/profile/embedded_sources.h"

namespace ws::profile {

std::optional<std::string> embeddedPathFor(std::string_view compiledPath) {
    // The longest embedded path the compiled one ends with, at a folder boundary.
    std::optional<std::string> best;
    for (const auto& [path, text] : embeddedKernelSources()) {
        if (compiledPath.size() < path.size() || !compiledPath.ends_with(path)) continue;
        const std::size_t start = compiledPath.size() - path.size();
        if (start > 0 && compiledPath[start - 1] != '/') continue;
        if (!best || path.size() > best->size()) best = std::string(path);
    }
    return best;
}

}  // namespace ws::profile
