// The vendor library as the yardstick: cub::DeviceReduce::Sum, its temporary
// storage allocated once outside the timed runs. Its kernels are CUB's own, so
// nothing is recorded; the Launch names the call.
#include <climits>
#include <cub/device/device_reduce.cuh>
#include <memory>

#include "kernels/common/device_buffer.h"
#include "kernels/reduction/reduction_programs.h"

namespace ws {

namespace {

template <typename T>
struct CubScratch {
    DeviceBuffer<unsigned char> temp;
    DeviceBuffer<T> out;
    std::size_t tempBytes = 0;
};

// 32-bit item counts where they fit: CUB then uses 32-bit offsets.
template <typename T>
cudaError_t cubSum(void* temp, std::size_t& tempBytes, const T* in, T* out, std::uint64_t n,
                   cudaStream_t stream) {
    if (n <= std::uint64_t(INT_MAX))
        return cub::DeviceReduce::Sum(temp, tempBytes, in, out, int(n), stream);
    return cub::DeviceReduce::Sum(temp, tempBytes, in, out, std::int64_t(n), stream);
}

}  // namespace

template <typename T>
Result<ReductionProgram<T>> makeCubProgram(const ReductionSettings& settings, const DeviceInfo&) {
    const std::uint64_t n = settings.n;
    auto scratch = std::make_shared<CubScratch<T>>();
    WS_CUDA_TRY(cubSum<T>(nullptr, scratch->tempBytes, nullptr, nullptr, n, nullptr));
    ReductionProgram<T> p;
    LaunchShape call;
    call.kernel = "cub::DeviceReduce::Sum";
    call.recorded = false;
    p.launches.push_back(call);
    p.scratchBytes = scratch->tempBytes + sizeof(T);
    p.depthThreads = 1;
    p.depthBlocks = 1;
    p.depthNote = "CUB does not document its order; bounded by a chain over all n elements";
    p.setup = [scratch]() -> Status {
        if (Status s = scratch->temp.allocate(scratch->tempBytes); !s) return s;
        return scratch->out.allocate(1);
    };
    p.enqueue = [=](const T* in, bool, std::span<const RecordPointers>,
                    cudaStream_t stream) -> Status {
        std::size_t bytes = scratch->tempBytes;
        WS_CUDA_TRY(cubSum<T>(scratch->temp.get(), bytes, in, scratch->out.get(), n, stream));
        return {};
    };
    p.result = [scratch] { return scratch->out.get(); };
    return p;
}

template Result<ReductionProgram<std::uint32_t>> makeCubProgram(const ReductionSettings&,
                                                                const DeviceInfo&);
template Result<ReductionProgram<float>> makeCubProgram(const ReductionSettings&,
                                                        const DeviceInfo&);

}  // namespace ws
