#include "app/record/commands/record_resources.h"

#include <cstdlib>

namespace ws::record {

namespace fs = std::filesystem;

std::vector<fs::path> resourceDirs() {
    std::vector<fs::path> candidates;
    if (const char* env = std::getenv("WARPSCOPE_RESOURCES"); env && *env)
        candidates.emplace_back(env);
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
#ifdef WS_INSTALLED_RESOURCES
    if (!ec) candidates.push_back(self.parent_path() / WS_INSTALLED_RESOURCES);
#endif
#ifdef WS_SOURCE_RESOURCES
    candidates.emplace_back(WS_SOURCE_RESOURCES);
#endif
    std::vector<fs::path> found;
    for (const fs::path& c : candidates)
        if (fs::is_directory(c / "lessons", ec) || fs::is_directory(c / "traces", ec))
            found.push_back(c.lexically_normal());
    return found;
}

}  // namespace ws::record
