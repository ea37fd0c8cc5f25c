// The kernel file on disk: read off the UI thread, read again when an
// editor saves it (in place, or by renaming a new file over it), not when
// nothing changed, and written back by Save without reporting its own write.
#include "app/gui/kernelfile/kernel_file_watch.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include "tests/app/gui/app_test_support.h"
#include "tests/widgets/support/qt_test_support.h"

namespace ws {
namespace {

QString contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

class KernelFileWatchTest : public ::testing::Test {
protected:
    KernelFileWatchTest() {
        path = dir.path() + "/k.cu";
        watch.setSettleMs(30);
        QObject::connect(&watch, &KernelFileWatch::read, [this](QString text, bool changed) {
            reads << text;
            changes << changed;
        });
        QObject::connect(&watch, &KernelFileWatch::failed, [this](QString m) { failures << m; });
        QObject::connect(&watch, &KernelFileWatch::saved, [this] { ++saves; });
    }
    // The application first: a file watcher needs its event loop's thread.
    QApplication& app = test::app();
    QTemporaryDir dir;
    QString path;
    KernelFileWatch watch;
    QStringList reads;
    QList<bool> changes;
    QStringList failures;
    int saves = 0;
};

TEST_F(KernelFileWatchTest, ReadsTheFileAndEachSavedEdit) {
    ASSERT_TRUE(test::writeFile(path, "first\n"));
    watch.open(path);
    // Read on a worker: nothing before the event loop runs.
    EXPECT_TRUE(reads.isEmpty());
    ASSERT_TRUE(test::waitFor([&] { return reads.size() == 1; }));
    EXPECT_EQ(reads[0], "first\n");
    EXPECT_FALSE(changes[0]);
    EXPECT_EQ(watch.diskText(), "first\n");

    // An editor writing in place.
    ASSERT_TRUE(test::writeFile(path, "second\n"));
    ASSERT_TRUE(test::waitFor([&] { return reads.size() == 2; }));
    EXPECT_EQ(reads[1], "second\n");
    EXPECT_TRUE(changes[1]);

    // An editor writing a new file and renaming it over the old one, which
    // ends a watch on the old file: the new one is watched from then on.
    for (const char* text : {"third\n", "fourth\n"}) {
        const QString temporary = dir.path() + "/.k.cu.swp";
        ASSERT_TRUE(test::writeFile(temporary, text));
        ASSERT_EQ(::rename(temporary.toLocal8Bit().constData(), path.toLocal8Bit().constData()), 0);
        const qsizetype before = reads.size();
        ASSERT_TRUE(test::waitFor([&] { return reads.size() == before + 1; })) << text;
        EXPECT_EQ(reads.back(), QString::fromLatin1(text));
    }

    // Written again with the same text: no edit.
    ASSERT_TRUE(test::writeFile(path, "fourth\n"));
    const qsizetype before = reads.size();
    EXPECT_FALSE(test::waitFor([&] { return reads.size() > before; }, 500));
    EXPECT_TRUE(failures.isEmpty()) << failures.join('\n').toStdString();
}

TEST_F(KernelFileWatchTest, SaveWritesTheTextWithoutReportingItsOwnWrite) {
    ASSERT_TRUE(test::writeFile(path, "old\n"));
    watch.open(path);
    ASSERT_TRUE(test::waitFor([&] { return reads.size() == 1; }));
    watch.save(QStringLiteral("new ü\n"));
    ASSERT_TRUE(test::waitFor([&] { return saves == 1; }));
    EXPECT_EQ(contents(path), QStringLiteral("new ü\n"));
    EXPECT_FALSE(test::waitFor([&] { return reads.size() > 1; }, 500));
    // And the file is still watched after the save's rename.
    ASSERT_TRUE(test::writeFile(path, "edited elsewhere\n"));
    ASSERT_TRUE(test::waitFor([&] { return reads.size() == 2; }));
    EXPECT_EQ(reads[1], "edited elsewhere\n");
}

TEST_F(KernelFileWatchTest, AFileThatCannotBeReadIsSaid) {
    watch.open(dir.path() + "/nowhere.cu");
    ASSERT_TRUE(test::waitFor([&] { return failures.size() == 1; }));
    EXPECT_TRUE(failures[0].contains("nowhere.cu")) << failures[0].toStdString();
    EXPECT_TRUE(reads.isEmpty());
    // Made afterwards (a first save): read then.
    ASSERT_TRUE(test::writeFile(dir.path() + "/nowhere.cu", "now here\n"));
    ASSERT_TRUE(test::waitFor([&] { return reads.size() == 1; }));
    EXPECT_EQ(reads[0], "now here\n");
}

}  // namespace
}  // namespace ws
