#include "core/atomics/argmin_reference.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <sstream>
#include <thread>

namespace ws {

namespace {

std::uint64_t splitmix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

unsigned threadCount(unsigned wanted, std::uint64_t n) {
    unsigned t = wanted ? wanted : std::max(1u, std::thread::hardware_concurrency());
    const std::uint64_t chunks = std::max<std::uint64_t>(1, n / 65536);  // not worth a thread below
    return unsigned(std::min<std::uint64_t>(t, chunks));
}

template <typename Body>
void forChunks(std::uint64_t n, unsigned threads, Body body) {
    std::vector<std::thread> pool;
    for (unsigned k = 0; k < threads; ++k)
        pool.emplace_back([=] { body(k, n * k / threads, n * (k + 1) / threads); });
    for (auto& t : pool) t.join();
}

void scan(const std::vector<float>& v, std::uint64_t begin, std::uint64_t end, ArgminReference& r) {
    for (std::uint64_t i = begin; i < end; ++i)
        if (v[i] < r.value) {
            r.value = v[i];
            r.index = i;
        }
}

std::string pairText(double value, std::int64_t index) {
    std::ostringstream out;
    out << "(" << value << ", " << index << ")";
    return out.str();
}

}  // namespace

std::vector<float> makeArgminInput(const std::string& input, std::uint64_t n, std::uint64_t seed) {
    std::vector<float> v(n);
    const std::uint64_t key = splitmix(seed * 0x2545F4914F6CDD1Dull + 0x1234567ull);
    const std::uint64_t planted = n ? splitmix(key ^ 0xD1B54A32D192ED03ull) % n : 0;
    forChunks(n, threadCount(0, n), [&](unsigned, std::uint64_t begin, std::uint64_t end) {
        for (std::uint64_t i = begin; i < end; ++i) {
            const std::uint64_t h = splitmix(key + i);
            if (input == "blog")
                v[i] = float(h % 10001);
            else if (input == "distinct")
                v[i] = i == planted ? 0.5f : 1.0f + float(h >> 41) * 0x1p-23f;
            else
                v[i] = float(n - 1 - i);
        }
    });
    return v;
}

ArgminReference argminReference(const std::vector<float>& values) {
    ArgminReference r;
    r.value = std::numeric_limits<float>::max();
    scan(values, 0, values.size(), r);
    for (std::uint64_t i = r.index; i < values.size(); ++i)
        if (values[i] == r.value) {
            if (r.firstIndices.size() < 8) r.firstIndices.push_back(i);
            ++r.count;
        }
    return r;
}

ArgminReference argminParallel(const std::vector<float>& values, unsigned threads) {
    const unsigned t = threadCount(threads, values.size());
    if (t == 1) {  // on the calling thread: starting one would cost more than a small scan
        ArgminReference r;
        r.value = std::numeric_limits<float>::max();
        scan(values, 0, values.size(), r);
        return r;
    }
    std::vector<ArgminReference> parts(t);
    for (auto& p : parts) p.value = std::numeric_limits<float>::max();
    forChunks(values.size(), t, [&](unsigned k, std::uint64_t begin, std::uint64_t end) {
        scan(values, begin, end, parts[k]);
    });
    ArgminReference best = parts.front();
    for (const auto& p : parts)  // chunks in index order: strict < keeps the first
        if (p.value < best.value) best = p;
    return best;
}

std::uint32_t orderedKey(float value) {
    const auto bits = std::bit_cast<std::uint32_t>(value);
    return bits & 0x80000000u ? ~bits : bits | 0x80000000u;
}

float fromOrderedKey(std::uint32_t key) {
    return std::bit_cast<float>(key & 0x80000000u ? key & 0x7FFFFFFFu : ~key);
}

std::uint64_t minWord(float value, std::uint32_t index) {
    return std::uint64_t(orderedKey(value)) << 32 | index;
}

std::uint64_t blogWord(float value, std::int32_t index) {
    return std::uint64_t(std::bit_cast<std::uint32_t>(index)) << 32 |
           std::bit_cast<std::uint32_t>(value);
}

float blogValue(std::uint64_t word) { return std::bit_cast<float>(std::uint32_t(word)); }

std::int32_t blogIndex(std::uint64_t word) {
    return std::bit_cast<std::int32_t>(std::uint32_t(word >> 32));
}

Verification verifyArgmin(const std::string& variant, const std::vector<float>& values,
                          const ArgminReference& cpu, float gpuValue, std::int64_t gpuIndex) {
    Verification v;
    v.checked = true;
    v.tolerance = 0;
    std::ostringstream expected;
    expected << pairText(cpu.value, std::int64_t(cpu.index)) << ", the minimum at " << cpu.count
             << (cpu.count == 1 ? " index" : " indices");
    for (std::size_t i = 0; i < cpu.firstIndices.size(); ++i)
        expected << (i ? ", " : ": ") << cpu.firstIndices[i];
    if (cpu.count > cpu.firstIndices.size()) expected << ", ...";
    v.expected = expected.str();
    v.actual = pairText(gpuValue, gpuIndex);
    const bool anyIndexAllowed = variant == "cas-original" || variant == "cas-modified";
    const bool inRange = gpuIndex >= 0 && std::uint64_t(gpuIndex) < values.size();
    const bool holdsMin = inRange && values[std::size_t(gpuIndex)] == cpu.value;
    const bool valueOk = gpuValue == cpu.value;
    v.absError = valueOk ? 0 : double(gpuValue) - double(cpu.value);
    if (!valueOk) {
        v.note = "the GPU's value is not the minimum";
    } else if (!inRange) {
        v.note = "the GPU's index " + std::to_string(gpuIndex) + " is outside the input";
    } else if (!holdsMin) {
        v.note = "the GPU's index " + std::to_string(gpuIndex) + " does not hold the minimum";
    } else if (std::uint64_t(gpuIndex) == cpu.index) {
        v.passed = true;
        v.note = "the same index as the CPU (the first of " + std::to_string(cpu.count) + ")";
    } else if (anyIndexAllowed) {
        v.passed = true;
        v.note = variant + " keeps whichever equal minimum won the race: index " +
                 std::to_string(gpuIndex) + " is one of the " + std::to_string(cpu.count) +
                 ", not the CPU's " + std::to_string(cpu.index);
    } else {
        v.note = variant + " must return the smallest index " + std::to_string(cpu.index) +
                 ", it returned " + std::to_string(gpuIndex) + " (also a minimum)";
    }
    v.note = "exact comparison (a minimum is one of the inputs); " + v.note;
    return v;
}

}  // namespace ws
