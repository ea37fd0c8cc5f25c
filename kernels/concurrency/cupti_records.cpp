#include "kernels/concurrency/cupti_records.h"

namespace ws::cupti {

namespace {

HostMemoryKind hostSide(std::uint8_t src, std::uint8_t dst, std::uint8_t copyKind) {
    const std::uint8_t host = copyKind == CUPTI_ACTIVITY_MEMCPY_KIND_DTOH ? dst : src;
    switch (host) {
        case CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE:
            return HostMemoryKind::Pageable;
        case CUPTI_ACTIVITY_MEMORY_KIND_PINNED:
            return HostMemoryKind::Pinned;
        case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED:
        case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED_STATIC:
            return HostMemoryKind::Managed;
        default:
            return HostMemoryKind::None;
    }
}

OperationKind copyKindOf(std::uint8_t copyKind) {
    switch (copyKind) {
        case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD:
        case CUPTI_ACTIVITY_MEMCPY_KIND_HTOA:
            return OperationKind::CopyHostToDevice;
        case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH:
        case CUPTI_ACTIVITY_MEMCPY_KIND_ATOH:
            return OperationKind::CopyDeviceToHost;
        case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH:
            return OperationKind::CopyHostToHost;
        default:
            return OperationKind::CopyDeviceToDevice;
    }
}

UnifiedMemoryCounter counterOf(CUpti_ActivityUnifiedMemoryCounterKind kind) {
    switch (kind) {
        case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_HTOD:
            return UnifiedMemoryCounter::BytesHostToDevice;
        case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_DTOH:
            return UnifiedMemoryCounter::BytesDeviceToHost;
        case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_GPU_PAGE_FAULT:
            return UnifiedMemoryCounter::GpuPageFaultGroups;
        case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_CPU_PAGE_FAULT_COUNT:
            return UnifiedMemoryCounter::CpuPageFault;
        default:
            return UnifiedMemoryCounter::Other;
    }
}

}  // namespace

void keepRecord(const CUpti_Activity* record, ActivityLog& log, RuntimeCallName runtimeName) {
    switch (record->kind) {
        case CUPTI_ACTIVITY_KIND_KERNEL:
        case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
            auto* k = reinterpret_cast<const CUpti_ActivityKernel10*>(record);
            log.kernels.push_back({.startNs = k->start,
                                   .endNs = k->end,
                                   .stream = k->streamId,
                                   .correlation = k->correlationId,
                                   .name = k->name ? k->name : "",
                                   .gridX = std::uint32_t(k->gridX),
                                   .gridY = std::uint32_t(k->gridY),
                                   .gridZ = std::uint32_t(k->gridZ),
                                   .deviceLaunched = k->isDeviceLaunched != 0});
            break;
        }
        case CUPTI_ACTIVITY_KIND_MEMCPY: {
            auto* c = reinterpret_cast<const CUpti_ActivityMemcpy6*>(record);
            log.copies.push_back(
                {.startNs = c->start,
                 .endNs = c->end,
                 .bytes = c->bytes,
                 .kind = copyKindOf(c->copyKind),
                 .hostMemory = hostSide(c->srcKind, c->dstKind, c->copyKind),
                 .stream = c->streamId,
                 .correlation =
                     c->runtimeCorrelationId ? c->runtimeCorrelationId : c->correlationId,
                 .channel = c->channelID,
                 .copyChannel = c->channelType == CUPTI_CHANNEL_TYPE_ASYNC_MEMCPY});
            break;
        }
        case CUPTI_ACTIVITY_KIND_MEMSET: {
            auto* m = reinterpret_cast<const CUpti_ActivityMemset4*>(record);
            log.memsets.push_back({.startNs = m->start,
                                   .endNs = m->end,
                                   .bytes = m->bytes,
                                   .stream = m->streamId,
                                   .correlation = m->correlationId});
            break;
        }
        case CUPTI_ACTIVITY_KIND_RUNTIME: {
            auto* a = reinterpret_cast<const CUpti_ActivityAPI*>(record);
            log.calls.push_back({.startNs = a->start,
                                 .endNs = a->end,
                                 .threadId = a->threadId,
                                 .correlation = a->correlationId,
                                 .name = runtimeName(a->cbid)});
            break;
        }
        case CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER: {
            auto* u = reinterpret_cast<const CUpti_ActivityUnifiedMemoryCounter3*>(record);
            log.unifiedMemory.push_back({.counter = counterOf(u->counterKind),
                                         .startNs = u->start,
                                         .endNs = u->end,
                                         .value = u->value,
                                         .address = u->address,
                                         .cause = u->flags});
            break;
        }
        default:
            break;
    }
}

}  // namespace ws::cupti
