// A process that keeps every SM of the GPU busy for a while and takes no
// warpscope lock: the "other user" of scripts/gpu/server.sh, whose presence a
// warpscope run must record (shared-GPU badge).
// usage: busy_gpu SECONDS   (prints "computing" once the first kernel ran)
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

__global__ void spin(unsigned long long nanoseconds) {
    unsigned long long start, now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
    do {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    } while (now - start < nanoseconds);
}

static bool check(cudaError_t e, const char* what) {
    if (e == cudaSuccess) return true;
    std::fprintf(stderr, "busy_gpu: %s: %s\n", what, cudaGetErrorString(e));
    return false;
}

int main(int argc, char** argv) {
    const double seconds = argc > 1 ? std::atof(argv[1]) : 10.0;
    int sms = 0;
    if (!check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "SM count"))
        return 1;
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    bool said = false;
    while (std::chrono::steady_clock::now() < end) {
        spin<<<sms * 4, 256>>>(20'000'000ull);  // 20 ms a launch, every SM occupied
        if (!check(cudaGetLastError(), "launch") || !check(cudaDeviceSynchronize(), "kernel"))
            return 1;
        if (!said) {
            std::printf("computing\n");
            std::fflush(stdout);
            said = true;
        }
    }
    return 0;
}
