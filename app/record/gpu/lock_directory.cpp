#include "app/record/gpu/lock_directory.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace ws::record {

Status ensureSharedFolder(const std::filesystem::path& dir) {
    if (::mkdir(dir.c_str(), 01777) == 0) {
        // mkdir honours the umask; the folder must be open to every user.
        if (::chmod(dir.c_str(), 01777) != 0)
            return makeError("cannot open " + dir.string() +
                             " to all users: " + std::strerror(errno));
        return {};
    }
    if (errno != EEXIST)
        return makeError("cannot create " + dir.string() + ": " + std::strerror(errno));
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        return makeError(dir.string() + " exists and is not a folder");
    if (::access(dir.c_str(), W_OK | X_OK) != 0)
        return makeError("cannot write in " + dir.string() + ": " + std::strerror(errno) +
                         " (it should be mode 1777, like /tmp)");
    return {};
}

Result<std::filesystem::path> lockDirectory() {
    if (const char* env = std::getenv("WARPSCOPE_LOCK_DIR"); env && *env) {
        if (Status s = ensureSharedFolder(env); !s) return makeError(s.error());
        return std::filesystem::path(env);
    }
    const std::filesystem::path run = "/run/warpscope";
    if (::access(run.c_str(), W_OK | X_OK) == 0) return run;
    const std::filesystem::path tmp = "/tmp/warpscope-locks";
    if (Status s = ensureSharedFolder(tmp); !s) return makeError(s.error());
    return tmp;
}

}  // namespace ws::record
