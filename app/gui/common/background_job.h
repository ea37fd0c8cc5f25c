#pragma once
// Runs work on the global thread pool and hands the result back on the UI
// thread, or drops it when the owner is gone. Decoding a large trace or
// preparing its indexes never blocks painting or input.
#include <QCoreApplication>
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
        // The owner lives on the UI thread and is destroyed there: whether it
        // is still alive is asked there too, never here, where it could go
        // between the question and the call. The application outlives the
        // pool's jobs (main waits for them).
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [guard, result, done] {
                if (guard) done(std::move(*result));
            },
            Qt::QueuedConnection);
    });
}

}  // namespace ws
