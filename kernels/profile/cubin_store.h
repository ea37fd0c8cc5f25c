#pragma once
// The cubins the driver loads, kept as they load. A stall sample names a
// function and an offset into it; only the function's cubin says which
// instruction and source line that is. CUPTI hands each cubin to a
// module-load callback (kernels/profile/cupti_subscription.h), so only the
// modules loaded after the subscription are kept: warpscope-record subscribes
// before its first CUDA call.
#include <cstdint>
#include <memory>
#include <mutex>
#include <string_view>
#include <vector>

#include "core/common/result.h"

namespace ws::profile {

using Cubin = std::vector<std::uint8_t>;

class CubinStore {
public:
    static CubinStore& instance();

    // The cubin that defines the function (mangled name), or nullptr.
    std::shared_ptr<const Cubin> cubinDefining(std::string_view function) const;

    void keep(const void* image, std::size_t bytes);

private:
    CubinStore() = default;
    mutable std::mutex mutex_;
    std::vector<std::shared_ptr<const Cubin>> cubins_;
};

}  // namespace ws::profile
