// main() for the Qt test suites: any qWarning/qCritical fails the running
// test (a warning means a view did something Qt considers wrong), and the
// QApplication is created on first use so pure-logic tests never need one.
#include <gtest/gtest.h>

#include <QApplication>
#include <cstdio>
#include <cstdlib>

#include "tests/widgets/support/qt_test_support.h"

namespace {
void failOnQtMessages(QtMsgType type, const QMessageLogContext&, const QString& message) {
    if (type == QtDebugMsg || type == QtInfoMsg) return;
    // The offscreen platform cannot pass a shown window's minimum size to a
    // window system it does not have; it says so whenever a layout sets one.
    if (message == QLatin1String("This plugin does not support propagateSizeHints()")) return;
    ADD_FAILURE() << "Qt message: " << message.toStdString();
    if (type == QtFatalMsg) std::abort();
}
}  // namespace

namespace ws::test {
QApplication& app() {
    static int argc = 1;
    static char name[] = "warpscope-test";
    static char* argv[] = {name, nullptr};
    static QApplication* instance = [] {
        auto* a = new QApplication(argc, argv);
        QFont f = QApplication::font();
        f.setPointSizeF(11);
        QApplication::setFont(f);
        return a;
    }();
    return *instance;
}
}  // namespace ws::test

int main(int argc, char** argv) {
    // Offscreen Qt warns without a private runtime directory.
    char runtime[] = "/tmp/warpscope-test-XXXXXX";
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR") && mkdtemp(runtime))
        qputenv("XDG_RUNTIME_DIR", runtime);
    // Settings the tests save (the last lesson, the UI scale) go to a folder
    // of their own, never the user's.
    static char config[] = "/tmp/warpscope-test-config-XXXXXX";
    if (mkdtemp(config)) qputenv("XDG_CONFIG_HOME", config);
    qInstallMessageHandler(failOnQtMessages);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
