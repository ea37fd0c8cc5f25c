// The worker client against a fake worker that crashes, hangs, errs or is
// slow: the client reports in plain words, starts a fresh worker for the
// next request, and only the newest request's answer comes through.
#include "app/gui/worker/worker_client.h"

#include <gtest/gtest.h>

#include <QFile>

#include "core/trace/trace_io.h"
#include "tests/app/gui/app_test_support.h"
#include "tests/widgets/support/qt_test_support.h"

namespace ws {
namespace {

struct Recorder {
    explicit Recorder(WorkerClient& c) {
        QObject::connect(&c, &WorkerClient::resultReceived, [this](qint64 id, QByteArray b) {
            results.push_back(id);
            bytes = b;
        });
        QObject::connect(&c, &WorkerClient::runFailed, [this](qint64 id, QString m) {
            failures.push_back(id);
            lastFailure = m;
        });
        QObject::connect(&c, &WorkerClient::workerProblem, [this](QString m) { problems << m; });
        QObject::connect(
            &c, &WorkerClient::helloReceived,
            [this](bool dev, QJsonObject, QString, QString) { hellos.push_back(dev); });
    }
    std::vector<qint64> results, failures;
    std::vector<bool> hellos;
    QStringList problems;
    QString lastFailure;
    QByteArray bytes;
};

const ParamValues kParams = {{"n", "2048"}};

TEST(WorkerClient, RunsAndReturnsTheTrace) {
    test::app();
    test::AppFixtureFiles files;
    WorkerClient client(files.worker("ok"), 10000);
    Recorder r(client);
    const qint64 id = client.requestRun("reduce-single-block", kParams);
    ASSERT_TRUE(test::waitFor([&] { return !r.results.empty(); }));
    EXPECT_EQ(r.results.front(), id);
    ASSERT_EQ(r.hellos.size(), 1u);
    EXPECT_TRUE(r.hellos[0]);
    auto run = decodeTrace(std::span(reinterpret_cast<const std::uint8_t*>(r.bytes.constData()),
                                     std::size_t(r.bytes.size())));
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_EQ(run->launches[0].blocks.size(), 16u);
}

TEST(WorkerClient, RecoversFromACrashMidRun) {
    test::app();
    test::AppFixtureFiles files;
    WorkerClient client(files.worker("crash-once"), 10000);
    Recorder r(client);
    const qint64 first = client.requestRun("reduce-single-block", kParams);
    ASSERT_TRUE(test::waitFor([&] { return !r.failures.empty(); }));
    EXPECT_EQ(r.failures.front(), first);
    ASSERT_EQ(r.problems.size(), 1);
    EXPECT_TRUE(r.problems[0].contains("crashed")) << r.problems[0].toStdString();
    EXPECT_TRUE(r.problems[0].contains("simulated fault")) << r.problems[0].toStdString();
    EXPECT_TRUE(r.problems[0].contains("fresh worker"));
    // The next request starts a fresh worker, which answers.
    const qint64 second = client.requestRun("reduce-single-block", kParams);
    ASSERT_TRUE(test::waitFor([&] { return !r.results.empty(); }));
    EXPECT_EQ(r.results.front(), second);
    EXPECT_EQ(client.startCount(), 2);
}

TEST(WorkerClient, StopsAWorkerThatHangsAndStartsAFreshOne) {
    test::app();
    test::AppFixtureFiles files;
    WorkerClient client(files.worker("hang"), 700);
    Recorder r(client);
    client.requestRun("reduce-single-block", kParams);
    ASSERT_TRUE(test::waitFor([&] { return !r.failures.empty(); }, 5000));
    ASSERT_EQ(r.problems.size(), 1);
    EXPECT_TRUE(r.problems[0].contains("no answer for 0.7 s")) << r.problems[0].toStdString();
    client.requestRun("reduce-single-block", kParams);
    ASSERT_TRUE(test::waitFor([&] { return r.failures.size() == 2; }, 5000));
    EXPECT_EQ(client.startCount(), 2);
}

TEST(WorkerClient, AWorkerThatNeverSaysHelloIsUnavailable) {
    test::app();
    test::AppFixtureFiles files;
    WorkerClient client(files.worker("hang-hello"), 500);
    QString message;
    QObject::connect(&client, &WorkerClient::workerUnavailable, [&](QString m) { message = m; });
    client.start();
    ASSERT_TRUE(test::waitFor([&] { return !message.isEmpty(); }, 5000));
    EXPECT_TRUE(message.contains("did not answer hello")) << message.toStdString();
}

// /bin/false, an ssh that cannot reach its host: the worker ends before its
// hello. That is said at once, with its last words, not after the timeout.
TEST(WorkerClient, AWorkerThatExitsAtOnceIsUnavailableAtOnce) {
    test::app();
    for (const QStringList& command :
         {QStringList{"/bin/false"},
          QStringList{"/bin/sh", "-c",
                      "echo 'ssh: connect to host gpu-host port 22: Connection refused' >&2; "
                      "exit 255"}}) {
        WorkerClient client(command, 60000);
        Recorder r(client);
        QString message;
        QObject::connect(&client, &WorkerClient::workerUnavailable,
                         [&](QString m) { message = m; });
        const qint64 id = client.requestRun("reduce-single-block", kParams);
        ASSERT_TRUE(test::waitFor([&] { return !message.isEmpty(); }, 5000))
            << command.join(' ').toStdString();
        EXPECT_TRUE(message.contains("before it said hello")) << message.toStdString();
        EXPECT_FALSE(message.contains("fresh worker")) << message.toStdString();
        EXPECT_EQ(r.failures, std::vector<qint64>{id});
        if (command.size() > 1) {
            EXPECT_TRUE(message.contains("status 255")) << message.toStdString();
            EXPECT_TRUE(message.contains("Connection refused")) << message.toStdString();
        }
    }
}

QStringList queueWorker(const test::AppFixtureFiles& files) {
    return {"/bin/bash", QStringLiteral(WS_TEST_DIR "/fake_queue_worker.sh"), files.trace(),
            files.state()};
}

QString queueLog(const test::AppFixtureFiles& files) {
    QFile f(files.state() + "/log");
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

TEST(WorkerClient, ARunWaitingForTheGpuIsReplacedOrCancelled) {
    test::app();
    test::AppFixtureFiles files;
    WorkerClient client(queueWorker(files), 10000);
    Recorder r(client);
    std::vector<std::pair<qint64, int>> places;
    std::vector<qint64> cancelled;
    QObject::connect(&client, &WorkerClient::queued, [&](qint64 id, int ahead) {
        places.push_back({id, ahead});
    });
    QObject::connect(&client, &WorkerClient::runCancelled,
                     [&](qint64 id) { cancelled.push_back(id); });
    const qint64 first = client.requestRun("reduce-single-block", kParams);
    ASSERT_TRUE(test::waitFor([&] { return !places.empty(); }));
    EXPECT_EQ(places[0], std::make_pair(first, 2));
    EXPECT_TRUE(client.waitingForGpu());
    EXPECT_EQ(client.protocol(), 2);
    // Sent at once, not held back behind the waiting one.
    const qint64 second = client.requestRun("reduce-single-block", kParams);
    ASSERT_TRUE(test::waitFor([&] { return places.size() == 2; }));
    EXPECT_EQ(places[1], std::make_pair(second, 2));
    EXPECT_TRUE(queueLog(files).contains(QString("run %1 supersede=1").arg(second)))
        << queueLog(files).toStdString();
    EXPECT_TRUE(cancelled.empty());  // the replaced one is not the newest: nothing to say
    ASSERT_TRUE(client.cancelWaiting());
    ASSERT_TRUE(test::waitFor([&] { return !cancelled.empty(); }));
    EXPECT_EQ(cancelled, std::vector<qint64>{second});
    EXPECT_FALSE(client.busy());
    EXPECT_TRUE(r.results.empty());
    EXPECT_TRUE(r.failures.empty());
    EXPECT_FALSE(client.cancelWaiting());  // nothing waits any more
}

TEST(WorkerClient, PassesErrorsOnAndStaysUsable) {
    test::app();
    test::AppFixtureFiles files;
    WorkerClient client(files.worker("error"), 10000);
    Recorder r(client);
    client.requestRun("reduce-single-block", kParams);
    ASSERT_TRUE(test::waitFor([&] { return !r.failures.empty(); }));
    EXPECT_TRUE(r.lastFailure.contains("exceeds the device limit"));
    EXPECT_TRUE(r.problems.isEmpty());
    client.requestRun("reduce-single-block", kParams);
    ASSERT_TRUE(test::waitFor([&] { return r.failures.size() == 2; }));
    EXPECT_EQ(client.startCount(), 1);
}

TEST(WorkerClient, NewestRequestWins) {
    test::app();
    test::AppFixtureFiles files;
    WorkerClient client(files.worker("slow"), 10000);
    Recorder r(client);
    client.requestRun("reduce-single-block", {{"n", "1"}});  // sent at once
    client.requestRun("reduce-single-block", {{"n", "2"}});  // queued...
    client.requestRun("reduce-single-block", {{"n", "3"}});  // ...and replaced
    const qint64 newest = client.requestRun("reduce-single-block", {{"n", "4"}});
    ASSERT_TRUE(test::waitFor([&] { return !r.results.empty(); }));
    test::waitFor([] { return false; }, 400);  // nothing else may arrive
    EXPECT_EQ(r.results, std::vector<qint64>{newest});
    EXPECT_EQ(files.runsSeen().size(), 2);  // the first and the newest; the rest never sent
}

TEST(WorkerClient, SaysSoWhenTheProgramDoesNotExist) {
    test::app();
    WorkerClient client({"/nonexistent/warpscope-record", "serve"}, 1000);
    QString message;
    QObject::connect(&client, &WorkerClient::workerUnavailable, [&](QString m) { message = m; });
    client.start();
    ASSERT_TRUE(test::waitFor([&] { return !message.isEmpty(); }, 5000));
    EXPECT_TRUE(message.contains("could not be started"));
}

}  // namespace
}  // namespace ws
