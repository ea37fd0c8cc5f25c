#include "kernels/atomics/atomics_records.h"

namespace ws::atomics {

Status BlockRecordStorage::allocate(std::uint64_t grid) {
    for (Status s :
         {m_block.allocate(grid), m_sm.allocate(grid), m_startNs.allocate(grid),
          m_endNs.allocate(grid), m_startClock.allocate(grid), m_endClock.allocate(grid)})
        if (!s) return s;
    return clear();
}

Status BlockRecordStorage::clear() {
    if (Status s = m_block.fill(0xff); !s) return s;
    for (Status s : {m_sm.fill(0), m_startNs.fill(0), m_endNs.fill(0), m_startClock.fill(0),
                     m_endClock.fill(0)})
        if (!s) return s;
    return {};
}

BlockRecordPointers BlockRecordStorage::pointers() const {
    return {m_block.get(), m_sm.get(),         m_startNs.get(),
            m_endNs.get(), m_startClock.get(), m_endClock.get()};
}

Status BlockRecordStorage::download(BlockRecords& out) const {
    for (Status s : {toHost(m_block, out.block), toHost(m_sm, out.sm),
                     toHost(m_startNs, out.startNs), toHost(m_endNs, out.endNs),
                     toHost(m_startClock, out.startClock), toHost(m_endClock, out.endClock)})
        if (!s) return s;
    return {};
}

}  // namespace ws::atomics
