#include "kernels/profile/cupti_subscription.h"

#include <cupti.h>

#include "kernels/profile/cubin_store.h"
#include "kernels/profile/cupti_status.h"
#include "kernels/profile/stall_sampling.h"

namespace ws::profile {
namespace {

void CUPTIAPI onResource(void*, CUpti_CallbackDomain domain, CUpti_CallbackId id,
                         const void* data) {
    if (domain != CUPTI_CB_DOMAIN_RESOURCE) return;
    const auto* resource = static_cast<const CUpti_ResourceData*>(data);
    if (id == CUPTI_CBID_RESOURCE_MODULE_LOADED) {
        const auto* module =
            static_cast<const CUpti_ModuleResourceData*>(resource->resourceDescriptor);
        if (module && module->pCubin && module->cubinSize > 0)
            CubinStore::instance().keep(module->pCubin, module->cubinSize);
    } else if (id == CUPTI_CBID_RESOURCE_CONTEXT_CREATED) {
        // A refusal (not permitted, not supported) is seen again, and said,
        // when a profile asks for samples.
        (void)enableStallSampling(resource->context);
    }
}

Status subscribe() {
    CUpti_SubscriberHandle subscriber{};
    WS_CUPTI_TRY(cuptiSubscribe(&subscriber, onResource, nullptr));
    WS_CUPTI_TRY(cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_RESOURCE,
                                     CUPTI_CBID_RESOURCE_MODULE_LOADED));
    WS_CUPTI_TRY(cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_RESOURCE,
                                     CUPTI_CBID_RESOURCE_CONTEXT_CREATED));
    return {};
}

}  // namespace

Status subscribeToCupti() {
    static const Status answer = subscribe();  // once, thread-safe
    return answer;
}

}  // namespace ws::profile
