#include "core/kernelfile/kernel_file_text.h"

#include <fstream>
#include <sstream>

namespace ws::kernelfile {

Result<std::string> readKernelFileText(const std::filesystem::path& path) {
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(path, error);
    if (error) return makeError("cannot read " + path.string() + ": " + error.message());
    if (size > kMaxKernelFileBytes)
        return makeError(path.string() + " holds " + std::to_string(size) +
                         " bytes: more than a kernel file's " +
                         std::to_string(kMaxKernelFileBytes));
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) return makeError("cannot read " + path.string());
    return text.str();
}

}  // namespace ws::kernelfile
