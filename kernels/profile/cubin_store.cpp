#include "kernels/profile/cubin_store.h"

#include <cstring>

#include "kernels/profile/cubin_symbols.h"

namespace ws::profile {

CubinStore& CubinStore::instance() {
    static CubinStore store;
    return store;
}

void CubinStore::keep(const void* image, std::size_t bytes) {
    auto cubin = std::make_shared<Cubin>(bytes);
    std::memcpy(cubin->data(), image, bytes);
    std::lock_guard lock(mutex_);
    cubins_.push_back(std::move(cubin));
}

std::shared_ptr<const Cubin> CubinStore::cubinDefining(std::string_view function) const {
    std::lock_guard lock(mutex_);
    for (const auto& cubin : cubins_)
        if (findFunctionExtent(*cubin, function)) return cubin;
    return nullptr;
}

}  // namespace ws::profile
