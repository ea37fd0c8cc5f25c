#include "core/profile/stall_reasons.h"

#include <algorithm>
#include <cstdint>

namespace ws {

namespace {

bool endsWith(std::string_view s, std::string_view tail) {
    return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

const KnownStallReason* findKnown(std::string_view key) {
    for (const KnownStallReason& r : knownStallReasons())
        if (r.key == key) return &r;
    return nullptr;
}

// FNV-1a: the same index for the same unknown name on every machine, which
// std::hash does not promise.
std::uint32_t stableHash(std::string_view s) {
    std::uint32_t h = 2166136261u;
    for (const char c : s) {
        h ^= std::uint8_t(c);
        h *= 16777619u;
    }
    return h;
}

// How many colour indices the reasons this list lacks share among them.
constexpr int kUnknownColours = 8;

}  // namespace

const std::vector<KnownStallReason>& knownStallReasons() {
    static const std::vector<KnownStallReason> reasons = {
        {"long_scoreboard", "waiting for global memory",
         "a load through L1TEX (global, local or texture memory) has not returned"},
        {"short_scoreboard", "waiting for shared memory or a math function (MIO)",
         "a result of the MIO unit (shared memory, special functions, shuffles) is not ready"},
        {"barrier", "waiting at __syncthreads",
         "other warps of the block have not reached the barrier yet"},
        {"mio_throttle", "shared-memory pipe busy",
         "the MIO instruction queue (shared memory, special functions) is full"},
        {"lg_throttle", "global-memory queue full",
         "the queue of local and global memory instructions to L1TEX is full"},
        {"wait", "fixed-latency wait",
         "the instruction waits out the fixed latency of one before it"},
        {"math_pipe_throttle", "math pipe busy",
         "the math pipe the instruction needs is taken by other warps"},
        {"not_selected", "ready, another warp issued",
         "the warp could issue, but the scheduler picked another one"},
        {"tex_throttle", "texture queue full", "the texture unit's queue of requests is full"},
        {"dispatch_stall", "dispatch stalled",
         "the dispatcher could not send the picked instruction on"},
        {"sleeping", "sleeping", "the warp sleeps (__nanosleep) or yields"},
        {"selected", "issuing", "the warp issued an instruction in this cycle"},
        {"no_instructions", "no instruction issued (instruction fetch)",
         "the next instruction is not fetched yet: an instruction cache miss or a jump"},
        {"drain", "draining stores at exit",
         "the warp has exited and waits for its memory writes to leave"},
        {"branch_resolving", "resolving a branch",
         "the branch target or the warp's active lanes are still being worked out"},
        {"membar", "waiting at a memory fence",
         "a memory barrier (__threadfence) waits for earlier writes to be seen"},
        {"imc_miss", "waiting for the constant cache",
         "a constant (kernel parameter, __constant__) missed the immediate constant cache"},
        {"gmma", "waiting for warpgroup MMA",
         "a warpgroup matrix multiply-accumulate (wgmma) has not finished"},
        {"misc", "other", "a reason the hardware does not break down further"},
    };
    return reasons;
}

std::string stallReasonKey(std::string_view cuptiName) {
    std::string_view key = cuptiName;
    if (key.substr(0, kStallReasonPrefix.size()) == kStallReasonPrefix)
        key.remove_prefix(kStallReasonPrefix.size());
    if (endsWith(key, kNotIssuedSuffix) && key.size() > kNotIssuedSuffix.size())
        key.remove_suffix(kNotIssuedSuffix.size());
    return std::string(key);
}

bool isNotIssuedVariant(std::string_view cuptiName) {
    return endsWith(cuptiName, kNotIssuedSuffix);
}

std::string stallReasonWords(std::string_view cuptiName) {
    const std::string key = stallReasonKey(cuptiName);
    std::string words;
    if (const KnownStallReason* known = findKnown(key)) {
        words = std::string(known->words);
    } else {
        words = key;
        std::replace(words.begin(), words.end(), '_', ' ');
    }
    if (isNotIssuedVariant(cuptiName)) words += ", no instruction issued";
    return words;
}

std::string stallReasonDetail(std::string_view cuptiName) {
    const KnownStallReason* known = findKnown(stallReasonKey(cuptiName));
    return known ? std::string(known->detail) : std::string();
}

int stallReasonColourIndex(std::string_view cuptiName) {
    const std::string key = stallReasonKey(cuptiName);
    const auto& known = knownStallReasons();
    for (std::size_t i = 0; i < known.size(); ++i)
        if (known[i].key == key) return int(i);
    return int(known.size()) + int(stableHash(key) % kUnknownColours);
}

}  // namespace ws
