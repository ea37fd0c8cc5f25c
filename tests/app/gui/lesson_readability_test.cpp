// Every slide of every bundled lesson, in presentation mode on a 1920x1080
// projector at the default scale, is readable from the back of the room: no
// text under 20 pixels tall and no two texts on top of each other. The text
// is measured as drawn (tests/widgets/support/text_probe.h), not from the layout.
#include <gtest/gtest.h>

#include <QDir>
#include <QFormLayout>
#include <QRegularExpression>
#include <functional>

#include "app/gui/lessons/lesson_controller.h"
#include "app/gui/lessons/slide_stage.h"
#include "app/gui/window/main_window.h"
#include "app/gui/workbench/parameter_panel.h"
#include "core/lesson/lesson_parse.h"
#include "tests/app/gui/app_test_support.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "widgets/profile/stalls_view.h"
#include "widgets/view/ui_scale.h"

namespace ws {
namespace {

constexpr double kSmallestPixels = 20;

QString describe(const test::DrawnText& t) {
    return QStringLiteral("'%1' (%2 px tall, in %3 at %4,%5)")
        .arg(t.text.left(60))
        .arg(t.pixelHeight, 0, 'f', 1)
        .arg(t.widget)
        .arg(t.box.x(), 0, 'f', 0)
        .arg(t.box.y(), 0, 'f', 0);
}

QString withoutSpaces(QString text) {
    text.remove(QRegularExpression(QStringLiteral("\\s")));
    return text;
}

// The two texts of a why slide's stalls view that may be cut, as each is
// whole elsewhere: the source of a row of its list of lines (a row holds
// the start of a line; the selected line is whole in the pane beside,
// checked here, and any other is by selecting it), and an instruction's
// SASS in the pane (whole in its tooltip, checked here). The pane's title,
// the selected line's source, the helpers' lines and every number are not.
bool wholeElsewhereInTheStallsView(QWidget* shown, const test::DrawnText& t,
                                   const std::vector<test::DrawnText>& texts) {
    QString start = t.text.trimmed();
    if (start.endsWith(QChar(0x2026))) start.chop(1);
    start = start.trimmed();
    for (StallsView* view : shown->findChildren<StallsView*>()) {
        if (!view->isVisible() || !t.widget.contains(QStringLiteral("StallsView"))) continue;
        const QPoint at = view->mapFrom(shown, t.box.center().toPoint());
        if (!view->rect().contains(at)) continue;
        for (const StallLine& l : view->shownLines()) {
            if (!view->lineRowRect(l.place()).contains(at)) continue;
            // The row's own line (a helper's after its place, "memory_trace.h line 57: ").
            const QString source = view->sourceText(l.place());
            const QString afterPlace = start.section(QStringLiteral(": "), 1);
            EXPECT_TRUE(source.contains(start) ||
                        (!afterPlace.isEmpty() && source.contains(afterPlace)))
                << "row of line " << l.line << ": '" << t.text.toStdString() << "'";
            if (l.place() != view->selectedPlace()) return true;
            QString pane;
            for (const auto& p : texts)
                if (view->instructionsArea().contains(
                        view->mapFrom(shown, p.box.center().toPoint())))
                    pane += p.text;
            EXPECT_TRUE(withoutSpaces(pane).contains(withoutSpaces(source)))
                << "the selected line " << l.line << " is not whole in the pane: '"
                << source.trimmed().toStdString() << "'";
            return true;
        }
        if (!view->instructionsArea().contains(at)) continue;
        for (const StallInstruction& in : view->selectedInstructions()) {
            const QString sass = QString::fromStdString(in.sass);
            const QString row =
                QStringLiteral("%1  %2").arg(in.pcOffset, 4, 16, QLatin1Char('0')).arg(sass);
            if (sass.isEmpty() || !row.startsWith(start)) continue;
            const QString tip = view->toolTipAt(at);
            EXPECT_TRUE(tip.contains(sass.toHtmlEscaped()))
                << "the tooltip of '" << t.text.toStdString() << "' lacks its SASS: '"
                << tip.toStdString() << "'";
            return true;
        }
    }
    return false;
}

// The bundled lessons as the app finds them, for the span of a test.
class LessonReadability : public ::testing::Test {
protected:
    LessonReadability() {
        test::app();
        qputenv("WARPSCOPE_RESOURCES", resources.toUtf8());
    }
    ~LessonReadability() override { qunsetenv("WARPSCOPE_RESOURCES"); }
    QString lesson(const QString& file) const { return resources + "/lessons/" + file; }
    // Every slide of every lesson in presentation mode at `size`, settled,
    // handed to `check` with the widget the projector shows; with
    // `fragments`, every fragment of it too. `projector` lays the slide out
    // for a screen of that size, as --screenshot --window-size does.
    void forEverySlide(QSize size, const std::function<void(MainWindow&, QWidget*)>& check,
                       bool fragments = false, bool projector = false) {
        const QStringList lessons =
            QDir(resources + "/lessons").entryList({"*.yaml"}, QDir::Files, QDir::Name);
        ASSERT_FALSE(lessons.isEmpty());
        for (const QString& name : lessons) {
            auto parsed = lesson::loadLesson(lesson(name).toStdString());
            ASSERT_TRUE(parsed.ok()) << parsed.error();
            for (int slide = 0; slide < int(parsed->slides.size()); ++slide) {
                SCOPED_TRACE((name + QStringLiteral(" slide %1").arg(slide + 1)).toStdString());
                MainWindow w(WindowOptions{files.worker("nodevice"), 10000, false});
                if (projector) w.setOffscreenSize(size);
                ASSERT_TRUE(w.openLesson(lesson(name), slide).ok());
                w.setPresentation(true);
                QWidget* shown = w.screenshotTarget();
                shown->resize(size);
                ASSERT_TRUE(test::waitFor([&] { return w.lesson()->settled(); }, 30000));
                const int beats =
                    fragments ? int(parsed->slides[std::size_t(slide)].fragments.size()) : 0;
                for (int beat = 0; beat <= beats; ++beat) {
                    SCOPED_TRACE(QStringLiteral("fragment %1").arg(beat).toStdString());
                    // A fragment of the slide on show applies at once.
                    if (beat > 0) w.lesson()->goTo(slide, beat);
                    // At rest, as a screenshot shows an animated slide.
                    w.lesson()->finishAnimation();
                    QCoreApplication::processEvents();
                    check(w, shown);
                }
                w.setPresentation(false);
            }
        }
    }
    const QString resources = qEnvironmentVariable("WARPSCOPE_SOURCE_DIR") + "/resources";
    test::AppFixtureFiles files;
};

TEST_F(LessonReadability, EverySlideInPresentationModeAt1920x1080) {
    forEverySlide({1920, 1080}, [](MainWindow&, QWidget* shown) {
        const auto texts = test::probeText(shown);
        EXPECT_FALSE(texts.empty());
        for (const auto& t : texts)
            EXPECT_GE(t.pixelHeight, kSmallestPixels - 0.5) << describe(t).toStdString();
        for (const auto& [a, b] : test::overlappingTexts(texts))
            ADD_FAILURE() << "overlapping: " << describe(a).toStdString() << " and "
                          << describe(b).toStdString();
    });
}

TEST_F(LessonReadability, NoCaptionIsCutOnAnySlideOrFragmentAt720pOr1080p) {
    // Elided at the projector's width, captions hid what they were for:
    // "result 45…", "by block 263 (the last…", "1 wa…". A
    // caption wraps or drops its least important words, never its value.
    for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)}) {
        SCOPED_TRACE(QStringLiteral("%1x%2").arg(size.width()).arg(size.height()).toStdString());
        forEverySlide(
            size,
            [](MainWindow&, QWidget* shown) {
                const auto texts = test::probeText(shown);
                for (const auto& t : texts) {
                    // The one exception, and why: wholeElsewhereInTheStallsView.
                    if (t.cut && wholeElsewhereInTheStallsView(shown, t, texts)) continue;
                    EXPECT_FALSE(t.cut)
                        << "cut: '" << t.text.toStdString() << "' in " << describe(t).toStdString();
                }
            },
            true, true);
    }
}

TEST_F(LessonReadability, EverySlideFitsA1024x768ProjectorsWidth) {
    // Two bank views side by side under their titles held matrix multiply's
    // slide 4 1084 px wide: the projector cut its right side.
    forEverySlide({1024, 768}, [](MainWindow&, QWidget* shown) {
        EXPECT_LE(shown->minimumSizeHint().width(), 1024);
        EXPECT_LE(shown->width(), 1024);
    });
}

TEST_F(LessonReadability, ASlideWhoseRunFailedItsCheckSaysSoInItsHeading) {
    // First kernels, slide 4: the kernel without its bounds check writes
    // past the end, and the narration says the run is not verified; in
    // presentation mode the run panel that said it is hidden.
    MainWindow w(WindowOptions{files.worker("nodevice"), 10000, false});
    for (const auto& [slide, failed] : {std::pair{3, true}, {2, false}, {3, true}}) {
        SCOPED_TRACE(slide + 1);
        ASSERT_TRUE(w.openLesson(lesson("07-first-kernels.yaml"), slide).ok());
        w.setPresentation(true);
        ASSERT_TRUE(test::waitFor([&] { return w.lesson()->settled(); }, 30000));
        EXPECT_EQ(w.stage()->badgeText().contains(QStringLiteral("not verified")), failed)
            << w.stage()->badgeText().toStdString();
        w.setPresentation(false);
    }
}

TEST_F(LessonReadability, ASlidesParameterRowsAreLaidOutWholeOnALaptop) {
    // Reduction ladder, slide 2, in a 1366 x 768 window: the parameter rows
    // the slide shows were drawn one over the other in 68 px, the first
    // row's height, where they needed 208 and should have scrolled.
    MainWindow w(WindowOptions{files.worker("nodevice"), 10000, false});
    w.resize(1366, 768);
    w.show();
    ASSERT_TRUE(w.openLesson(lesson("02-reduction-ladder.yaml"), 1).ok());
    ASSERT_TRUE(test::waitFor([&] { return w.lesson()->settled(); }, 30000));
    // As --screenshot and the exports do: the size again, and the picture
    // taken before the event loop has turned.
    w.resize(1366, 768);
    auto* panel = w.findChild<ParameterPanel*>();
    ASSERT_NE(panel, nullptr);
    auto* form = panel->findChild<QFormLayout*>();
    ASSERT_NE(form, nullptr);
    QWidget* host = form->parentWidget();
    int shown = 0;
    for (int r = 0; r < form->rowCount(); ++r) {
        QLayoutItem* field = form->itemAt(r, QFormLayout::FieldRole);
        if (!field || !field->widget() || !field->widget()->isVisible()) continue;
        ++shown;
        EXPECT_LE(field->widget()->geometry().bottom(), host->height()) << "row " << r;
        EXPECT_GE(field->widget()->height(), field->widget()->minimumSizeHint().height())
            << "row " << r;
    }
    EXPECT_GE(shown, 2);
    EXPECT_GE(host->height(), host->minimumSizeHint().height());
}

}  // namespace
}  // namespace ws
