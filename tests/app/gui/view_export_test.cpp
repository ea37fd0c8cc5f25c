// Views exported as a user exports them (File > Export a view, the context
// menu, --export-view): PNG at scale 2 has twice the pixels of scale 1, SVG
// parses as SVG and keeps the view's words as text, a failed export leaves
// the old file; and the colour scheme reaches what the views paint.
#include "app/gui/export/view_export.h"

#include <gtest/gtest.h>

#include <QFile>
#include <QImage>
#include <QXmlStreamReader>

#include "app/gui/export/screenshot.h"
#include "app/gui/window/export_actions.h"
#include "app/gui/window/main_window.h"
#include "tests/app/gui/app_test_support.h"
#include "tests/widgets/support/qt_test_support.h"
#include "widgets/view/colour_scheme.h"
#include "widgets/view/palette.h"

namespace ws {
namespace {

// The words an SVG draws (its <text> and <tspan> contents), or an error.
Result<QStringList> svgTexts(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return makeError("cannot open " + path.toStdString());
    QXmlStreamReader xml(&f);
    QStringList texts;
    bool sawSvg = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("svg")) sawSvg = true;
        if (xml.isStartElement() &&
            (xml.name() == QLatin1String("text") || xml.name() == QLatin1String("tspan"))) {
            const QString t =
                xml.readElementText(QXmlStreamReader::IncludeChildElements).simplified();
            if (!t.isEmpty()) texts << t;
        }
    }
    if (xml.hasError()) return makeError("not XML: " + xml.errorString().toStdString());
    if (!sawSvg) return makeError("no <svg> element");
    return texts;
}

class ViewExport : public ::testing::Test {
protected:
    ViewExport() {
        test::app();
        qputenv("WARPSCOPE_RESOURCES", files.resources().toUtf8());
        window =
            std::make_unique<MainWindow>(WindowOptions{files.worker("nodevice"), 10000, false});
        int shown = 0;
        QObject::connect(window.get(), &MainWindow::runShown, [&shown] { ++shown; });
        window->openTrace(files.trace(), false);
        EXPECT_TRUE(test::waitFor([&] { return shown > 0; }));
    }
    ~ViewExport() override {
        qunsetenv("WARPSCOPE_RESOURCES");
        ColourScheme::instance()->setScheme(Scheme::Light);
    }
    test::AppFixtureFiles files;
    std::unique_ptr<MainWindow> window;
};

TEST_F(ViewExport, PngAtScaleTwoHasTwiceThePixels) {
    const QString one = files.dir() + "/t1.png", two = files.dir() + "/t2.png";
    ASSERT_TRUE(
        exportNamedView(window.get(), "timeline", one, ExportFormat::Png, 1, QSize(800, 500)).ok());
    ASSERT_TRUE(
        exportNamedView(window.get(), "timeline", two, ExportFormat::Png, 2, QSize(800, 500)).ok());
    const QImage a(one), b(two);
    ASSERT_FALSE(a.isNull());
    ASSERT_FALSE(b.isNull());
    EXPECT_EQ(a.size(), QSize(800, 500));
    EXPECT_EQ(b.size(), QSize(1600, 1000));
}

TEST_F(ViewExport, SvgParsesAndKeepsTheViewsTextAsText) {
    const QString timeline = files.dir() + "/timeline.svg";
    ASSERT_TRUE(exportNamedView(window.get(), "timeline", timeline, ExportFormat::Svg, 1).ok());
    auto texts = svgTexts(timeline);
    ASSERT_TRUE(texts.ok()) << texts.error();
    EXPECT_TRUE(texts->join(' ').contains("SM 0")) << texts->join(" | ").toStdString();
    // A QCustomPlot plot draws through its own painter path: its axis titles
    // are text too.
    const QString plot = files.dir() + "/throughput.svg";
    ASSERT_TRUE(exportNamedView(window.get(), "throughput", plot, ExportFormat::Svg, 1).ok());
    auto plotTexts = svgTexts(plot);
    ASSERT_TRUE(plotTexts.ok()) << plotTexts.error();
    EXPECT_TRUE(plotTexts->join(' ').contains("GB/s")) << plotTexts->join(" | ").toStdString();
}

// A view with nothing to draw says why, in the SVG as in the PNG, and the
// words are right: a reduction uses shared memory but does not record its
// accesses, so the banks view names the experiments that do.
TEST_F(ViewExport, AnEmptyViewsMessageIsTextInTheSvg) {
    for (const QSize size : {QSize(1600, 900), QSize(420, 300)}) {
        const QString banks = files.dir() + "/banks.svg";
        ASSERT_TRUE(
            exportNamedView(window.get(), "banks", banks, ExportFormat::Svg, 1, size).ok());
        auto texts = svgTexts(banks);
        ASSERT_TRUE(texts.ok()) << texts.error();
        const QString all = texts->join(' ');
        EXPECT_TRUE(all.contains("does not record its shared-memory accesses"))
            << size.width() << ": " << texts->join(" | ").toStdString();
        EXPECT_TRUE(all.contains("transpose-f32")) << texts->join(" | ").toStdString();
    }
}

TEST_F(ViewExport, AFailedExportSaysWhyAndKeepsTheOldFile) {
    const QString path = files.dir() + "/kept.png";
    ASSERT_TRUE(test::writeFile(path, "old"));
    const Status unknown =
        exportNamedView(window.get(), "no-such-view", path, ExportFormat::Png, 1);
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.error().find("unknown view 'no-such-view'"), std::string::npos)
        << unknown.error();
    const Status noFolder = exportNamedView(
        window.get(), "timeline", files.dir() + "/no/such/folder/x.png", ExportFormat::Png, 1);
    ASSERT_FALSE(noFolder.ok());
    // Said in the project's words, not the system's "No such file or directory".
    EXPECT_NE(noFolder.error().find("the folder '" + files.dir().toStdString() +
                                    "/no/such/folder' does not exist"),
              std::string::npos)
        << noFolder.error();
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll(), "old");
}

TEST_F(ViewExport, EveryWriterExplainsAPathItCannotWrite) {
    // The Chrome export and the screenshot name what is wrong with the path,
    // as the view export does.
    const Status intoFolder = saveChromeTrace(*window->model()->run(), files.dir());
    ASSERT_FALSE(intoFolder.ok());
    EXPECT_NE(intoFolder.error().find("it is a folder; give a file name"), std::string::npos)
        << intoFolder.error();
    const Status screenshot = saveScreenshot(window.get(), files.dir() + "/missing/shot.png");
    ASSERT_FALSE(screenshot.ok());
    EXPECT_NE(screenshot.error().find("does not exist"), std::string::npos) << screenshot.error();
    EXPECT_EQ(screenshot.error().find("Unknown error"), std::string::npos) << screenshot.error();
}

TEST_F(ViewExport, TheMenusWriteOnAWorkerAndReportBackOnTheWindowsThread) {
    // What the context menu and File > Export a view do: the view is painted
    // at once, the PNG encoded and written later, off the UI thread; `done`
    // comes back through the event loop, never from inside the call.
    auto* view = window->views()->find("timeline")->create(window->viewContext(), nullptr);
    std::unique_ptr<QWidget> owned(view);
    view->setAttribute(Qt::WA_DontShowOnScreen);
    view->resize(640, 400);
    view->show();
    const QString path = files.dir() + "/background.png";
    bool called = false;
    Status result = makeError("not called");
    exportViewInBackground(window.get(), view, path, ExportFormat::Png, 1, [&](Status s) {
        called = true;
        result = s;
    });
    EXPECT_FALSE(called);
    owned.reset();  // the picture was taken: the view may go
    ASSERT_TRUE(test::waitFor([&] { return called; }));
    EXPECT_TRUE(result.ok()) << result.error();
    EXPECT_EQ(QImage(path).size(), QSize(640, 400));
    // A folder that does not exist: said through `done` as well.
    called = false;
    auto* again = window->views()->find("timeline")->create(window->viewContext(), nullptr);
    owned.reset(again);
    again->setAttribute(Qt::WA_DontShowOnScreen);
    again->resize(640, 400);
    again->show();
    exportViewInBackground(window.get(), again, files.dir() + "/none/x.png", ExportFormat::Png, 1,
                           [&](Status s) {
                               called = true;
                               result = s;
                           });
    ASSERT_TRUE(test::waitFor([&] { return called; }));
    ASSERT_FALSE(result.ok());
    EXPECT_NE(result.error().find("cannot write"), std::string::npos) << result.error();
}

TEST_F(ViewExport, TheColourSchemeReachesTheViews) {
    const QString light = files.dir() + "/light.png", dark = files.dir() + "/dark.png";
    ASSERT_TRUE(
        exportNamedView(window.get(), "timeline", light, ExportFormat::Png, 1, QSize(600, 400))
            .ok());
    ColourScheme::instance()->setScheme(Scheme::Dark);
    EXPECT_LT(palette::background().lightness(), 80);
    ASSERT_TRUE(
        exportNamedView(window.get(), "timeline", dark, ExportFormat::Png, 1, QSize(600, 400))
            .ok());
    // The corner is the view's background in either scheme.
    EXPECT_GT(QImage(light).pixelColor(2, 2).lightness(), 200);
    EXPECT_LT(QImage(dark).pixelColor(2, 2).lightness(), 80);
}

}  // namespace
}  // namespace ws
