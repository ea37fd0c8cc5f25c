#include "widgets/view/parallel_rows.h"

#include <QThread>
#include <QThreadPool>
#include <algorithm>
#include <latch>

namespace ws {

namespace {
QThreadPool& framePool() {
    static QThreadPool* pool = [] {
        auto* p = new QThreadPool;  // lives as long as the process: frames may come until exit
        p->setMaxThreadCount(std::clamp(QThread::idealThreadCount() - 1, 1, 15));
        p->setExpiryTimeout(-1);
        return p;
    }();
    return *pool;
}
}  // namespace

void parallelRows(int count, const std::function<void(int, int)>& work) {
    const int threads = std::min(count / 8, framePool().maxThreadCount() + 1);
    if (threads <= 1) {
        work(0, count);
        return;
    }
    std::latch done(threads - 1);
    const auto range = [&](int i) {
        return std::pair{count * i / threads, count * (i + 1) / threads};
    };
    for (int i = 1; i < threads; ++i)
        framePool().start([&, i] {
            const auto [b, e] = range(i);
            work(b, e);
            done.count_down();
        });
    const auto [b, e] = range(0);
    work(b, e);
    done.wait();
}

}  // namespace ws
