#include "core/catalog/catalog_block_param.h"

namespace ws {

ParamSpec threadsPerBlockParam(std::string defaultBlock, std::string help, BlockRule rule) {
    return {.name = "block",
            .type = ParamType::Int,
            .min = rule.min,
            .max = 1024,
            .defaultValue = std::move(defaultBlock),
            .unit = "threads",
            .help = std::move(help),
            .powerOfTwo = rule.powerOfTwo,
            .multipleOf = rule.wholeWarps ? 32 : 1,
            .logScale = true};
}

}  // namespace ws
