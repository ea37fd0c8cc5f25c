#pragma once
// Runs work on the global thread pool and hands the result back on the UI
// thread, or drops it when the owner is gone. Decoding a large trace or
// preparing its indexes never blocks painting or input.
#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <functional>
#include <memory>

namespace ws {

template <typename T>
void runInBackground(QObject* owner, std::function<T()> work, std::function<void(T)> done) {
    QPointer<QObject> guard(owner);
    QThreadPool::globalInstance()->start([guard, work = std::move(work), done = std::move(done)] {
        auto result = std::make_shared<T>(work());
        if (!guard) return;
        QMetaObject::invokeMethod(
            guard.data(),
            [guard, result, done] {
                if (guard) done(std::move(*result));
            },
            Qt::QueuedConnection);
    });
}

}  // namespace ws
