// The argmin variants as programs: the blog's CAS loops with their attempt
// records, the shuffle reduction with one atomicMin per block, and CUB.
#include "kernels/atomics/argmin_programs.h"

#include <cfloat>

#include "core/atomics/cas_records.h"
#include "kernels/atomics/argmin_kernels.h"
#include "kernels/atomics/atomics_records.h"
#include "kernels/common/cuda_check.h"

namespace ws::atomics {

namespace {

using Word = unsigned long long;

struct CasState {
    DeviceBuffer<Word> result;
    DeviceBuffer<std::uint32_t> attempts, elements, warpSum, warpMax, histogram, maxAttempts;
    DeviceBuffer<std::uint64_t> warpStart, warpEnd;
    DeviceBuffer<Word> total;
    BlockRecordStorage blocks;
    CasSample sample;
    CasRecordPointers pointers;
};

CasLoop loopOf(const std::string& variant) {
    if (variant == "cas-original") return CasLoop::Original;
    if (variant == "cas-modified") return CasLoop::Modified;
    return CasLoop::ModifiedNew;
}

Status casTables(const CasState& s, std::uint32_t block, Launch& launch, Run& run) {
    std::vector<std::uint32_t> attempts, elements, warpSum, warpMax, histogram, maxAttempts;
    std::vector<std::uint64_t> warpStart, warpEnd;
    std::vector<Word> total;
    for (Status st :
         {toHost(s.attempts, attempts), toHost(s.elements, elements), toHost(s.warpSum, warpSum),
          toHost(s.warpMax, warpMax), toHost(s.histogram, histogram),
          toHost(s.maxAttempts, maxAttempts), toHost(s.warpStart, warpStart),
          toHost(s.warpEnd, warpEnd), toHost(s.total, total), s.blocks.download(launch.blocks)})
        if (!st) return st;
    const std::uint32_t warps = block / 32;
    std::vector<std::uint32_t> threadBlock, thread, warpBlock, warp;
    for (std::size_t slot = 0; slot < s.sample.blocks.size(); ++slot) {
        for (std::uint32_t t = 0; t < block; ++t) {
            threadBlock.push_back(s.sample.blocks[slot]);
            thread.push_back(t);
        }
        for (std::uint32_t w = 0; w < warps; ++w) {
            warpBlock.push_back(s.sample.blocks[slot]);
            warp.push_back(w);
        }
    }
    RecordTable& threads = addTable(launch.tables, kCasThreadsTable);
    threads.add<std::uint32_t>("block") = std::move(threadBlock);
    threads.add<std::uint32_t>("thread") = std::move(thread);
    threads.add<std::uint32_t>("attempts") = std::move(attempts);
    threads.add<std::uint32_t>("elements") = std::move(elements);
    RecordTable& warpTable = addTable(launch.tables, kCasWarpsTable);
    warpTable.add<std::uint32_t>("block") = std::move(warpBlock);
    warpTable.add<std::uint32_t>("warp") = std::move(warp);
    warpTable.add<std::uint64_t>("startNs") = std::move(warpStart);
    warpTable.add<std::uint64_t>("endNs") = std::move(warpEnd);
    warpTable.add<std::uint32_t>("attemptsSum") = std::move(warpSum);
    warpTable.add<std::uint32_t>("attemptsMax") = std::move(warpMax);
    std::vector<std::uint32_t> bins(kCasHistogramBins);
    std::vector<std::uint64_t> counts(kCasHistogramBins);
    for (std::uint32_t b = 0; b < kCasHistogramBins; ++b) {
        bins[b] = b;
        counts[b] = histogram[b];
    }
    // The statistics first: the counts move into the table below.
    const CasStatistics stats = casStatistics(counts);
    RecordTable& hist = addTable(launch.tables, kCasHistogramTable);
    hist.add<std::uint32_t>("attempts") = std::move(bins);
    hist.add<std::uint64_t>("threads") = std::move(counts);
    run.figures["casAttemptsTotal"] = double(total[0]);
    run.figures["casAttemptsMax"] = maxAttempts[0];
    run.figures["casAttemptsMean"] = stats.threads ? double(total[0]) / double(stats.threads) : 0;
    run.figures["casThreadsWithCas"] = double(stats.threadsWithCas);
    run.figures["tracedBlocks"] = double(s.sample.blocks.size());
    run.texts["casSample"] = "threads and warps recorded for " +
                             casSampleText(s.sample, std::uint32_t(launch.grid.count())) +
                             "; the histogram and the figures count every thread";
    return {};
}

Result<ArgminProgram> makeCas(const std::string& variant, const ArgminInput& in,
                              std::uint32_t block, std::uint32_t traced, const DeviceInfo& device) {
    ArgminProgram p;
    const CasLoop loop = loopOf(variant);
    p.kernel = loop == CasLoop::Original   ? "Kernel_GetMinValueAndIndexOriginal"
               : loop == CasLoop::Modified ? "Kernel_GetMinValueAndIndexModified"
                                           : "Kernel_GetMinValueAndIndexModifiedNew";
    // The blog's launch: enough blocks for one element per thread.
    const std::uint64_t blocks = (in.n + block - 1) / block;
    if (device.maxGridX > 0 && blocks > std::uint64_t(device.maxGridX))
        return makeError(p.kernel + ": n=" + std::to_string(in.n) + " needs " +
                         std::to_string(blocks) + " blocks of " + std::to_string(block) +
                         ", the device allows " + std::to_string(device.maxGridX));
    p.grid = std::uint32_t(blocks);
    p.block = block;
    auto s = std::make_shared<CasState>();
    s->sample = casSample(p.grid, traced);
    const std::size_t slots = s->sample.blocks.size();
    const std::size_t warps = slots * (block / 32);
    for (Status st : {s->result.allocate(1), s->attempts.allocate(slots * block),
                      s->elements.allocate(slots * block), s->warpSum.allocate(warps),
                      s->warpMax.allocate(warps), s->warpStart.allocate(warps),
                      s->warpEnd.allocate(warps), s->histogram.allocate(kCasHistogramBins),
                      s->maxAttempts.allocate(1), s->total.allocate(1), s->blocks.allocate(p.grid)})
        if (!st) return makeError(st.error());
    std::uint32_t strided = 0;
    while (strided < slots && s->sample.blocks[strided] == strided * s->sample.stride) ++strided;
    s->pointers = {
        s->sample.stride,   strided,           strided < slots ? std::int32_t(strided) : -1,
        s->attempts.get(),  s->elements.get(), s->warpStart.get(),
        s->warpEnd.get(),   s->warpSum.get(),  s->warpMax.get(),
        s->histogram.get(), s->total.get(),    s->maxAttempts.get()};
    const Word initial = blogWord(FLT_MAX, -1);
    p.resetWord = [s, initial]() -> Status {
        WS_CUDA_TRY(cudaMemcpy(s->result.get(), &initial, sizeof initial, cudaMemcpyHostToDevice));
        return {};
    };
    p.clearRecords = [s]() -> Status {
        for (Status st : {s->histogram.fill(0), s->total.fill(0), s->maxAttempts.fill(0)})
            if (!st) return st;
        return {};
    };
    const float* values = in.device.get();
    const auto n = std::uint32_t(in.n);
    p.launch = [s, loop, values, n, grid = p.grid, block](bool record) {
        return launchArgminCas(loop, record, grid, block, values, n, s->result.get(), s->pointers,
                               s->blocks.pointers(), nullptr);
    };
    p.read = [s]() -> Result<ArgminAnswer> {
        Word w = 0;
        WS_CUDA_TRY(cudaMemcpy(&w, s->result.get(), sizeof w, cudaMemcpyDeviceToHost));
        return ArgminAnswer{blogValue(w), blogIndex(w)};
    };
    p.records = [s, block](Launch& launch, Run& run) { return casTables(*s, block, launch, run); };
    return p;
}

struct ShuffleState {
    DeviceBuffer<Word> result, words;
    DeviceBuffer<std::uint8_t> improved;
    BlockRecordStorage blocks;
};

Result<ArgminProgram> makeShuffle(const ArgminInput& in, std::uint32_t block,
                                  const DeviceInfo& device) {
    ArgminProgram p;
    p.kernel = "argminShuffle";
    auto wave = argminShuffleWave(block, device.smCount);
    if (!wave) return makeError(wave.error());
    // One full wave, as the best sum; at least 32 elements per thread first.
    const std::uint64_t needed =
        (in.n + std::uint64_t(block) * 32 - 1) / (std::uint64_t(block) * 32);
    p.grid = std::uint32_t(std::max<std::uint64_t>(1, std::min<std::uint64_t>(*wave, needed)));
    p.block = block;
    auto s = std::make_shared<ShuffleState>();
    for (Status st : {s->result.allocate(1), s->words.allocate(p.grid),
                      s->improved.allocate(p.grid), s->blocks.allocate(p.grid)})
        if (!st) return makeError(st.error());
    p.resetWord = [s] { return s->result.fill(0xff); };
    p.clearRecords = [] { return Status{}; };
    const float* values = in.device.get();
    const auto n = std::uint32_t(in.n);
    p.launch = [s, values, n, grid = p.grid, block](bool record) {
        return launchArgminShuffle(record, grid, block, values, n, s->result.get(),
                                   {s->words.get(), s->improved.get()}, s->blocks.pointers(),
                                   nullptr);
    };
    p.read = [s]() -> Result<ArgminAnswer> {
        Word w = 0;
        WS_CUDA_TRY(cudaMemcpy(&w, s->result.get(), sizeof w, cudaMemcpyDeviceToHost));
        return ArgminAnswer{fromOrderedKey(std::uint32_t(w >> 32)), std::int64_t(std::uint32_t(w))};
    };
    p.records = [s](Launch& launch, Run& run) -> Status {
        std::vector<Word> words;
        std::vector<std::uint8_t> improved;
        for (Status st : {toHost(s->words, words), toHost(s->improved, improved),
                          s->blocks.download(launch.blocks)})
            if (!st) return st;
        std::vector<std::uint32_t> block(words.size()), index(words.size());
        std::vector<float> value(words.size());
        std::uint32_t lowered = 0;
        for (std::size_t b = 0; b < words.size(); ++b) {
            block[b] = std::uint32_t(b);
            value[b] = fromOrderedKey(std::uint32_t(words[b] >> 32));
            index[b] = std::uint32_t(words[b]);
            lowered += improved[b];
        }
        RecordTable& t = addTable(launch.tables, kBlockMinsTable);
        t.add<std::uint32_t>("block") = std::move(block);
        t.add<float>("value") = std::move(value);
        t.add<std::uint32_t>("index") = std::move(index);
        t.add<std::uint8_t>("improved") = std::move(improved);
        run.figures["blocksLowered"] = lowered;
        return {};
    };
    return p;
}

struct CubState {
    DeviceBuffer<unsigned char> temp;
    DeviceBuffer<float> value;
    DeviceBuffer<std::int64_t> index;
    std::size_t bytes = 0;
};

Result<ArgminProgram> makeCub(const ArgminInput& in) {
    ArgminProgram p;
    p.kernel = "cub::DeviceReduce::ArgMin";
    p.recorded = false;
    auto s = std::make_shared<CubState>();
    if (Status st = cubArgmin(nullptr, s->bytes, nullptr, in.n, nullptr, nullptr, nullptr); !st)
        return makeError(st.error());
    for (Status st : {s->temp.allocate(s->bytes), s->value.allocate(1), s->index.allocate(1)})
        if (!st) return makeError(st.error());
    p.resetWord = [] { return Status{}; };  // CUB writes its outputs whole
    p.clearRecords = [] { return Status{}; };
    const float* values = in.device.get();
    const std::uint64_t n = in.n;
    p.launch = [s, values, n](bool) {
        std::size_t bytes = s->bytes;
        return cubArgmin(s->temp.get(), bytes, values, n, s->value.get(), s->index.get(), nullptr);
    };
    p.read = [s]() -> Result<ArgminAnswer> {
        ArgminAnswer a;
        WS_CUDA_TRY(cudaMemcpy(&a.value, s->value.get(), sizeof a.value, cudaMemcpyDeviceToHost));
        WS_CUDA_TRY(cudaMemcpy(&a.index, s->index.get(), sizeof a.index, cudaMemcpyDeviceToHost));
        return a;
    };
    p.records = [](Launch&, Run&) { return Status{}; };
    return p;
}

}  // namespace

Result<ArgminProgram> makeArgminProgram(const std::string& variant, const ArgminInput& input,
                                        std::uint32_t block, std::uint32_t traced,
                                        const DeviceInfo& device) {
    if (variant == "shuffle-atomicmin") return makeShuffle(input, block, device);
    if (variant == "cub") return makeCub(input);
    return makeCas(variant, input, block, traced, device);
}

}  // namespace ws::atomics
