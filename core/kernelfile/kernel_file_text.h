#pragma once
// A kernel file's text read from disk, the one way every reader takes (the
// command line, a lesson's slides, the window's editor): refused past a
// bound before it is read, since a page of CUDA is kilobytes.
#include <cstdint>
#include <filesystem>
#include <string>

#include "core/common/result.h"

namespace ws::kernelfile {

inline constexpr std::uintmax_t kMaxKernelFileBytes = 4 << 20;

// "cannot read PATH: No such file or directory", or "PATH holds N bytes:
// more than a kernel file's 4194304".
Result<std::string> readKernelFileText(const std::filesystem::path& path);

}  // namespace ws::kernelfile
