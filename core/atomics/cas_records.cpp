#include "core/atomics/cas_records.h"

#include <algorithm>
#include <map>

#include "core/run/launch_label.h"

namespace ws {

namespace {

template <typename T>
Status take(const RecordTable& table, const char* column, const std::vector<T>*& out) {
    auto c = requireColumn<T>(table, column);
    if (!c) return makeError(c.error());
    out = *c;
    return {};
}

std::string rowText(const std::string& where, const char* table, std::size_t row) {
    return where + "table '" + table + "', row " + std::to_string(row) + ": ";
}

}  // namespace

int CasSample::slotOf(std::uint32_t block, std::uint32_t grid) const {
    if (blocks.empty()) return -1;
    if (block % stride == 0 && block / stride < blocks.size() && blocks[block / stride] == block)
        return int(block / stride);
    if (block + 1 == grid && blocks.back() == block) return int(blocks.size()) - 1;
    return -1;
}

CasSample casSample(std::uint32_t grid, std::uint32_t count) {
    CasSample s;
    if (grid == 0 || count == 0) return s;
    if (count >= grid) {
        for (std::uint32_t b = 0; b < grid; ++b) s.blocks.push_back(b);
        return s;
    }
    if (count == 1) {
        s.stride = grid;
        s.blocks.push_back(0);
        return s;
    }
    // count - 1 strided blocks below the last, then the last block (its
    // partial share of the input): as many blocks as asked for. The stride
    // spreads them over the grid; where rounding it up would reach the last
    // block, it is rounded down instead.
    const std::uint32_t strided = count - 1;
    s.stride = (grid - 1 + strided - 1) / strided;
    if (strided > 1 && std::uint64_t(strided - 1) * s.stride > grid - 2)
        s.stride = (grid - 2) / (strided - 1);
    for (std::uint32_t b = 0; b < grid && s.blocks.size() < strided; b += s.stride)
        s.blocks.push_back(b);
    if (s.blocks.back() != grid - 1) s.blocks.push_back(grid - 1);
    return s;
}

std::string casSampleText(const CasSample& sample, std::uint32_t grid) {
    if (sample.blocks.empty()) return "no block";
    if (sample.blocks.size() == grid) return "every block";
    std::string text = "blocks";
    for (std::size_t i = 0; i < sample.blocks.size(); ++i) {
        if (i == 3 && sample.blocks.size() > 5) {
            text += ", ... and " + std::to_string(sample.blocks.back());
            break;
        }
        text += (i ? ", " : " ") + std::to_string(sample.blocks[i]);
    }
    return text + " (" + std::to_string(sample.blocks.size()) + " of " + std::to_string(grid) +
           ", every " + std::to_string(sample.stride) + "th and the last)";
}

bool hasCasRecords(const Run& run) {
    for (const Launch& l : run.launches)
        for (const char* name : {kCasThreadsTable, kCasWarpsTable, kCasHistogramTable})
            if (findTable(l.tables, name)) return true;
    return false;
}

Result<CasRecords> readCasRecords(const Launch& launch, int launchIndex) {
    const std::string where = launchLabel(std::size_t(launchIndex)) + ": ";
    const std::uint64_t grid = launch.grid.count();
    const std::uint64_t threads = launch.block.count();
    const std::uint64_t warps = (threads + 31) / 32;
    CasRecords out;
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::pair<std::uint32_t, std::uint32_t>>
        fromThreads;  // (block, warp) -> (sum, max) of traced threads
    if (const RecordTable* t = findTable(launch.tables, kCasThreadsTable)) {
        const std::vector<std::uint32_t>*block, *thread, *attempts, *elements;
        for (Status s : {take(*t, "block", block), take(*t, "thread", thread),
                         take(*t, "attempts", attempts), take(*t, "elements", elements)})
            if (!s) return makeError(where + s.error());
        if (Status s = checkTable(*t, where); !s) return makeError(s.error());
        for (std::size_t i = 0; i < block->size(); ++i) {
            if ((*block)[i] >= grid)
                return makeError(rowText(where, kCasThreadsTable, i) + "block " +
                                 std::to_string((*block)[i]) + " is not below the grid size " +
                                 std::to_string(grid));
            if ((*thread)[i] >= threads)
                return makeError(rowText(where, kCasThreadsTable, i) + "thread " +
                                 std::to_string((*thread)[i]) + " is not below the block size " +
                                 std::to_string(threads));
            auto& w = fromThreads[{(*block)[i], (*thread)[i] / 32}];
            w.first += (*attempts)[i];
            w.second = std::max(w.second, (*attempts)[i]);
        }
        out.threadBlock = *block;
        out.thread = *thread;
        out.threadAttempts = *attempts;
        out.threadElements = *elements;
    }
    if (const RecordTable* t = findTable(launch.tables, kCasWarpsTable)) {
        const std::vector<std::uint32_t>*block, *warp, *sum, *max;
        const std::vector<std::uint64_t>*start, *end;
        for (Status s :
             {take(*t, "block", block), take(*t, "warp", warp), take(*t, "startNs", start),
              take(*t, "endNs", end), take(*t, "attemptsSum", sum), take(*t, "attemptsMax", max)})
            if (!s) return makeError(where + s.error());
        if (Status s = checkTable(*t, where); !s) return makeError(s.error());
        for (std::size_t i = 0; i < block->size(); ++i) {
            const std::string at = rowText(where, kCasWarpsTable, i);
            if ((*block)[i] >= grid)
                return makeError(at + "block " + std::to_string((*block)[i]) +
                                 " is not below the grid size " + std::to_string(grid));
            if ((*warp)[i] >= warps)
                return makeError(at + "warp " + std::to_string((*warp)[i]) +
                                 " is not below the block's " + std::to_string(warps) + " warps");
            if ((*start)[i] > (*end)[i])
                return makeError(at + "startNs " + std::to_string((*start)[i]) +
                                 " is after endNs " + std::to_string((*end)[i]));
            if (auto f = fromThreads.find({(*block)[i], (*warp)[i]}); f != fromThreads.end())
                if (f->second.first != (*sum)[i] || f->second.second != (*max)[i])
                    return makeError(at + "attempts sum " + std::to_string((*sum)[i]) +
                                     " and max " + std::to_string((*max)[i]) +
                                     " disagree with its threads' " +
                                     std::to_string(f->second.first) + " and " +
                                     std::to_string(f->second.second));
            out.warps.push_back(
                {(*block)[i], (*warp)[i], (*start)[i], (*end)[i], (*sum)[i], (*max)[i]});
        }
    }
    if (const RecordTable* t = findTable(launch.tables, kCasHistogramTable)) {
        const std::vector<std::uint32_t>* attempts;
        const std::vector<std::uint64_t>* count;
        for (Status s : {take(*t, "attempts", attempts), take(*t, "threads", count)})
            if (!s) return makeError(where + s.error());
        if (Status s = checkTable(*t, where); !s) return makeError(s.error());
        if (attempts->size() != kCasHistogramBins)
            return makeError(where + "table '" + kCasHistogramTable + "' has " +
                             std::to_string(attempts->size()) + " bins, expected " +
                             std::to_string(kCasHistogramBins));
        for (std::uint32_t i = 0; i < kCasHistogramBins; ++i)
            if ((*attempts)[i] != i)
                return makeError(rowText(where, kCasHistogramTable, i) + "attempts " +
                                 std::to_string((*attempts)[i]) + ", expected " +
                                 std::to_string(i));
        out.histogram = *count;
    }
    return out;
}

CasStatistics casStatistics(const std::vector<std::uint64_t>& histogram) {
    CasStatistics s;
    double total = 0;
    for (std::size_t a = 0; a < histogram.size(); ++a) {
        s.threads += histogram[a];
        if (a > 0) s.threadsWithCas += histogram[a];
        total += double(a) * double(histogram[a]);
        if (histogram[a] > 0) {
            s.maxAttempts = std::uint32_t(a);
            s.maxIsLowerBound = a + 1 == histogram.size();
        }
    }
    s.meanAttempts = s.threads ? total / double(s.threads) : 0;
    return s;
}

}  // namespace ws
