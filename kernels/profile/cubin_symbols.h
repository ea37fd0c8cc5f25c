#pragma once
// What a cubin (an ELF file) says of one of its functions, read from its
// symbol table and NVIDIA's sections, so that a sampled kernel can be listed
// and its occupancy predicted without a disassembler. Pure C++, tested
// without a GPU.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace ws::profile {

struct FunctionExtent {
    std::uint64_t offset = 0;  // of its first instruction in the file
    std::uint64_t bytes = 0;
};

std::optional<FunctionExtent> findFunctionExtent(std::span<const std::uint8_t> cubin,
                                                 std::string_view name);

// What one block of the function holds on the SM, as ptxas allotted it: the
// registers of each thread (the EIATTR_REGCOUNT attribute of the cubin's
// `.nv.info` section, the figure `cuobjdump -res-usage` and
// cudaFuncGetAttributes report) and its static shared memory (the size of its
// `.nv.shared.<name>` section less the kilobyte the system reserves at its
// start from compute capability 8.0 on; 0 where it has none), as
// cudaFuncGetAttributes' sharedSizeBytes. Nothing where the function or its
// register count is not found.
struct FunctionResources {
    std::uint32_t registersPerThread = 0;
    std::uint32_t staticSharedBytes = 0;
};

std::optional<FunctionResources> findFunctionResources(std::span<const std::uint8_t> cubin,
                                                       std::string_view name);

}  // namespace ws::profile
