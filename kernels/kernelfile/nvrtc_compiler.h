#pragma once
// A kernel file compiled with NVRTC (the toolkit's runtime compiler) to PTX
// for one GPU, with line information, its kernels' names lowered to the
// names the PTX spells. Cached in the process by source, names and target:
// a worker that runs the same file again, or a file whose edit did not
// change it, compiles nothing.
#include <map>
#include <string>
#include <vector>

#include "core/common/result.h"

namespace ws::kernelfile {

struct CompiledKernelFile {
    std::string ptx;
    std::map<std::string, std::string> loweredNames;  // "tiled<16>" -> "_Z5tiledILi16EEvPf"
    std::string log;                                  // NVRTC's warnings, if any
    std::string target;                               // "compute_90"
    double compileMs = 0;                             // 0 where it came from the cache
    bool fromCache = false;
};

struct CompileRequest {
    std::string fileName;  // as messages and the line table name it
    std::string source;
    std::vector<std::string> kernels;  // name expressions: the kernel and its reference
    int ccMajor = 9, ccMinor = 0;      // the GPU the PTX is for
};

// Compile errors come back as one line per diagnostic, "file:line:col:
// error: message", the column where NVRTC marked it (1 where it did not).
Result<CompiledKernelFile> compileKernelFile(const CompileRequest& request);

// NVRTC's version, "13.0".
std::string compilerVersion();

// How many compilations the cache answered, for tests and the bench.
int compileCacheHits();

}  // namespace ws::kernelfile
