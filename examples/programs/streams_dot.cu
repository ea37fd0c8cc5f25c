// A dot product in streams, as the course writes it (seed 004): each task
// copies the two vectors to the GPU in its own stream, scales one, multiplies
// them block by block into partial sums, copies the partials back and adds
// them on the CPU. Four tasks run at once, each from its own CPU thread.
//
//   nvcc -arch=sm_90 -o streams_dot streams_dot.cu && ./streams_dot [n] [tasks]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <vector>

#define BLOCK_DIM 256

#define CHECK(call)                                                                   \
    do {                                                                              \
        cudaError_t e = (call);                                                       \
        if (e != cudaSuccess) {                                                       \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
            std::exit(2);                                                             \
        }                                                                             \
    } while (0)

__global__ void scale(float* b, float factor, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) b[i] *= factor;
}

__global__ void dot_product(const float* a, const float* b, float* c, int n)
{
    __shared__ float r[BLOCK_DIM];
    int i = blockIdx.x * BLOCK_DIM + threadIdx.x;
    r[threadIdx.x] = i < n ? a[i] * b[i] : 0.0f;
    __syncthreads();
    for (int step = BLOCK_DIM / 2; step >= 1; step /= 2) {
        if (threadIdx.x < step) r[threadIdx.x] += r[threadIdx.x + step];
        __syncthreads();
    }
    if (threadIdx.x == 0) c[blockIdx.x] = r[0];
}

// One task: its copies, its two kernels and its copy back, all in `stream`.
double device_dot(const float* a, const float* b, int n, float factor, cudaStream_t stream)
{
    const int blocks = (n + BLOCK_DIM - 1) / BLOCK_DIM;
    float *da, *db, *dc;
    CHECK(cudaMalloc(&da, n * sizeof(float)));
    CHECK(cudaMalloc(&db, n * sizeof(float)));
    CHECK(cudaMalloc(&dc, blocks * sizeof(float)));
    std::vector<float> partial(blocks);
    CHECK(cudaMemcpyAsync(da, a, n * sizeof(float), cudaMemcpyHostToDevice, stream));
    CHECK(cudaMemcpyAsync(db, b, n * sizeof(float), cudaMemcpyHostToDevice, stream));
    scale<<<blocks, BLOCK_DIM, 0, stream>>>(db, factor, n);
    CHECK(cudaGetLastError());
    dot_product<<<blocks, BLOCK_DIM, 0, stream>>>(da, db, dc, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(partial.data(), dc, blocks * sizeof(float), cudaMemcpyDeviceToHost,
                          stream));
    CHECK(cudaStreamSynchronize(stream));
    double sum = 0;
    for (float p : partial) sum += p;
    CHECK(cudaFree(da));
    CHECK(cudaFree(db));
    CHECK(cudaFree(dc));
    return sum;
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
    const int tasks = argc > 2 ? std::atoi(argv[2]) : 4;
    float *a, *b;  // pinned, so the copies overlap the other streams' work
    CHECK(cudaMallocHost(&a, n * sizeof(float)));
    CHECK(cudaMallocHost(&b, n * sizeof(float)));
    for (int i = 0; i < n; i++) {
        a[i] = 1.0f / float(i + 1);
        b[i] = float(i + 1);
    }
    std::vector<cudaStream_t> streams(tasks);
    std::vector<std::future<double>> dots(tasks);
    for (int t = 0; t < tasks; t++) {
        CHECK(cudaStreamCreate(&streams[t]));
        dots[t] = std::async(std::launch::async, device_dot, a, b, n, float(t + 1), streams[t]);
    }
    int wrong = 0;
    for (int t = 0; t < tasks; t++) {
        const double got = dots[t].get();
        const double want = double(n) * (t + 1);  // each a[i] * b[i] is 1
        const bool ok = std::fabs(got - want) <= 1e-4 * want;
        std::printf("task %d: %.1f (expected %.1f) %s\n", t, got, want, ok ? "ok" : "WRONG");
        wrong += !ok;
        CHECK(cudaStreamDestroy(streams[t]));
    }
    CHECK(cudaFreeHost(a));
    CHECK(cudaFreeHost(b));
    return wrong ? 1 : 0;
}
