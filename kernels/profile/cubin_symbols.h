#pragma once
// Where a function's code lies in a cubin (an ELF file): read from its symbol
// table, so the instructions of a sampled kernel can be listed without a
// disassembler. Pure C++, tested without a GPU.
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

}  // namespace ws::profile
