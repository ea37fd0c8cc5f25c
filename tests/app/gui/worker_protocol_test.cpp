#include "app/gui/worker/worker_protocol.h"

#include <gtest/gtest.h>

#include <QJsonDocument>

namespace ws {
namespace {

QByteArray stream() {
    QByteArray s;
    s += R"({"type":"hello","id":1,"protocol":1,"tool":"t","device":null,"reason":"none"})"
         "\n";
    s += R"({"type":"progress","id":2,"message":"running"})"
         "\n";
    s += R"({"type":"result","id":2,"bytes":10})"
         "\n";
    s += QByteArray("0123\n56789");  // payload may hold newlines
    s += R"({"type":"error","id":3,"message":"bad"})"
         "\n";
    return s;
}

TEST(WorkerProtocol, ParsesMessagesWhateverTheChunking) {
    const QByteArray all = stream();
    for (int chunk : {1, 2, 3, 7, 1000}) {
        WorkerStreamParser p;
        for (int i = 0; i < all.size(); i += chunk) p.feed(all.mid(i, chunk));
        ASSERT_TRUE(p.error().isEmpty());
        std::vector<WorkerMessage> got;
        while (p.hasMessage()) got.push_back(p.take());
        ASSERT_EQ(got.size(), 4u) << "chunk " << chunk;
        EXPECT_EQ(got[0].type, "hello");
        EXPECT_EQ(got[2].type, "result");
        EXPECT_EQ(got[2].id, 2);
        EXPECT_EQ(got[2].payload, QByteArray("0123\n56789"));
        EXPECT_EQ(got[3].json.value("message").toString(), "bad");
    }
}

TEST(WorkerProtocol, ReportsGarbage) {
    WorkerStreamParser p;
    p.feed("Segmentation fault\n");
    EXPECT_FALSE(p.error().isEmpty());
    WorkerStreamParser q;
    q.feed(R"({"type":"result","id":1,"bytes":-5})"
           "\n");
    EXPECT_FALSE(q.error().isEmpty());
}

TEST(WorkerProtocol, WritesRequestsAsJsonLines) {
    const QByteArray r = runRequest(7, "reduce-ladder", {{"n", "1024"}, {"variant", "best"}});
    ASSERT_TRUE(r.endsWith('\n'));
    const QJsonObject o = QJsonDocument::fromJson(r).object();
    EXPECT_EQ(o.value("type").toString(), "run");
    EXPECT_EQ(o.value("id").toInt(), 7);
    EXPECT_EQ(o.value("params").toObject().value("n").toString(), "1024");
    EXPECT_EQ(QJsonDocument::fromJson(helloRequest(1)).object().value("type").toString(), "hello");
    // A run asks why as the run panel says: never (no key, as before the
    // switch), always, or where it costs little.
    EXPECT_FALSE(o.contains("why"));
    const QJsonObject always =
        QJsonDocument::fromJson(runRequest(8, "transpose-f32", {}, false, WhyMode::Always))
            .object();
    EXPECT_TRUE(always.value("why").toBool());
    const QJsonObject cheap =
        QJsonDocument::fromJson(runRequest(9, "transpose-f32", {}, false, WhyMode::WhenCheap))
            .object();
    EXPECT_EQ(cheap.value("why").toString(), "when-cheap");
}

// A kernel file of one's own travels inside the request (a remote worker
// shares no file system), with its time limit; other runs carry neither.
TEST(WorkerProtocol, AKernelFilesRunCarriesItsSourceAndTimeLimit) {
    const QString source = QStringLiteral("/* warpscope\nkernel: k\n*/\n__global__ void k() {}\n");
    const QByteArray r = runRequest(4, "kernel-file", {{"n", "4096"}}, false, WhyMode::Never,
                                    KernelFileRequest{"mine.cu", source, 2.5});
    ASSERT_TRUE(r.endsWith('\n'));
    ASSERT_EQ(r.count('\n'), 1) << "one line, the source's newlines escaped";
    const QJsonObject o = QJsonDocument::fromJson(r).object();
    EXPECT_EQ(o.value("experiment").toString(), "kernel-file");
    EXPECT_EQ(o.value("params").toObject().value("n").toString(), "4096");
    const QJsonObject file = o.value("kernelFile").toObject();
    EXPECT_EQ(file.value("name").toString(), "mine.cu");
    EXPECT_EQ(file.value("source").toString(), source);
    EXPECT_EQ(o.value("timeLimit").toDouble(), 2.5);
    // No limit given: the worker's own.
    const QJsonObject noLimit =
        QJsonDocument::fromJson(
            runRequest(5, "kernel-file", {}, false, WhyMode::Never, KernelFileRequest{"a.cu", "x"}))
            .object();
    EXPECT_TRUE(noLimit.contains("kernelFile"));
    EXPECT_FALSE(noLimit.contains("timeLimit"));
    const QJsonObject plain = QJsonDocument::fromJson(runRequest(6, "hello", {})).object();
    EXPECT_FALSE(plain.contains("kernelFile"));
    EXPECT_FALSE(plain.contains("timeLimit"));
}

}  // namespace
}  // namespace ws
