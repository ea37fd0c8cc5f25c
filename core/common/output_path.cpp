#include "core/common/output_path.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

namespace ws {

std::string quotedPath(const std::filesystem::path& path) {
    // Appended rather than "'" + path.string() + "'", on which GCC 12 warns
    // falsely (-Wrestrict).
    std::string q(1, '\'');
    q += path.string();
    q += '\'';
    return q;
}

bool sameFile(const std::filesystem::path& a, const std::filesystem::path& b) {
    std::error_code ec;
    const bool same = std::filesystem::equivalent(a, b, ec);
    return !ec && same;
}

std::filesystem::path saveTarget(const std::filesystem::path& output) {
    std::filesystem::path p = output;
    std::error_code ec;
    // Bounded as the kernel bounds link chains, so a loop of links ends.
    for (int hops = 0; hops < 40 && std::filesystem::is_symlink(p, ec); ++hops) {
        const std::filesystem::path next = std::filesystem::read_symlink(p, ec);
        if (ec) break;
        p = next.is_absolute() ? next : p.parent_path() / next;
    }
    return p;
}

Status checkOutputPath(const std::filesystem::path& output,
                       const std::vector<std::filesystem::path>& inputs) {
    if (output.empty()) return makeError("no output file given");
    const std::string cannot = "cannot write " + quotedPath(output) + ": ";
    std::error_code ec;
    if (std::filesystem::is_directory(output, ec))
        return makeError(cannot + "it is a folder; give a file name");
    for (const auto& input : inputs)
        if (sameFile(output, input))
            return makeError(cannot +
                             "it is the file being read, which writing would replace; "
                             "give another name");
    const std::filesystem::path target = saveTarget(output);
    ec.clear();
    const auto existing = std::filesystem::status(target, ec);
    // Renaming over a pipe or a device would replace it with a plain file.
    if (std::filesystem::exists(existing) && !std::filesystem::is_regular_file(existing))
        return makeError(cannot +
                         "it is not a regular file (a pipe, a device or a socket); "
                         "give a file name");
    const std::filesystem::path folder =
        target.parent_path().empty() ? std::filesystem::path(".") : target.parent_path();
    ec.clear();
    const auto status = std::filesystem::status(folder, ec);
    if (!std::filesystem::exists(status))
        return makeError(cannot + "the folder " + quotedPath(folder) + " does not exist");
    if (!std::filesystem::is_directory(status))
        return makeError(cannot + quotedPath(folder) + " is not a folder");
    // The file is written beside its final name and renamed over it: the
    // folder must take a new file, whatever the file's own permissions.
    if (::access(folder.c_str(), W_OK | X_OK) != 0)
        return makeError(cannot + "the folder " + quotedPath(folder) + " is not writable (" +
                         std::strerror(errno) + ")");
    return {};
}

}  // namespace ws
