#include "kernels/common/block_record_set.h"

namespace ws {

namespace {

template <typename T>
Status fetch(const DeviceBuffer<T>& buffer, std::vector<T>& out) {
    out.resize(buffer.size());
    if (!out.empty())
        WS_CUDA_TRY(cudaMemcpy(out.data(), buffer.get(), buffer.bytes(), cudaMemcpyDeviceToHost));
    return {};
}

}  // namespace

Status BlockRecordSet::allocate(const std::vector<std::uint64_t>& blocksPerLaunch) {
    m_base.assign(1, 0);
    for (std::uint64_t b : blocksPerLaunch) m_base.push_back(m_base.back() + b);
    const std::uint64_t n = m_base.back();
    for (Status s : {m_block.allocate(n), m_sm.allocate(n), m_startNs.allocate(n),
                     m_endNs.allocate(n), m_startClock.allocate(n), m_endClock.allocate(n)})
        if (!s) return s;
    return clear();
}

BlockRecordPointers BlockRecordSet::pointers(std::size_t k) const {
    if (k + 1 >= m_base.size()) return {};
    const std::uint64_t b = m_base[k];
    return {m_block.get() + b, m_sm.get() + b,         m_startNs.get() + b,
            m_endNs.get() + b, m_startClock.get() + b, m_endClock.get() + b};
}

Status BlockRecordSet::clear() {
    if (Status s = m_block.fill(0xff); !s) return s;
    // The memset runs in the legacy stream; the kernels that write the records
    // run in streams that do not wait for it, so it must be done first.
    WS_CUDA_TRY(cudaDeviceSynchronize());
    return {};
}

Status BlockRecordSet::download(std::vector<Launch>& launches) const {
    std::vector<std::uint32_t> block, sm;
    std::vector<std::uint64_t> startNs, endNs;
    std::vector<std::int64_t> startClock, endClock;
    for (Status s :
         {fetch(m_block, block), fetch(m_sm, sm), fetch(m_startNs, startNs), fetch(m_endNs, endNs),
          fetch(m_startClock, startClock), fetch(m_endClock, endClock)})
        if (!s) return s;
    for (std::size_t k = 0; k + 1 < m_base.size() && k < launches.size(); ++k) {
        BlockRecords& r = launches[k].blocks;
        r = {};
        for (std::uint64_t i = m_base[k]; i < m_base[k + 1]; ++i) {
            if (block[i] != i - m_base[k]) continue;  // never written
            r.block.push_back(block[i]);
            r.sm.push_back(sm[i]);
            r.startNs.push_back(startNs[i]);
            r.endNs.push_back(endNs[i]);
            r.startClock.push_back(startClock[i]);
            r.endClock.push_back(endClock[i]);
        }
    }
    return {};
}

}  // namespace ws
