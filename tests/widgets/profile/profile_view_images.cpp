// Renders the stalls and counters views from the synthetic profile, to look
// at:  ws_profile_view_images OUTPUT_DIR
// Writes stalls.png, stalls-file-order.png, stalls-projector.png (the
// projector scheme at a projector's font), stalls-inlined.png (a kernel whose
// accesses are inlined from a helper), stalls-inlined-unknown.png (the same
// as a trace without the calls reads), stalls-unavailable.png and
// counters.png.
#include <QApplication>
#include <QDir>
#include <QPainter>
#include <cstdio>

#include "core/profile/synthetic_profile.h"
#include "tests/widgets/profile/profile_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "widgets/profile/counters_view.h"
#include "widgets/profile/stalls_view.h"
#include "widgets/view/colour_scheme.h"
#include "widgets/view/palette.h"

namespace {

bool save(QWidget& w, QSize size, const QString& path) {
    w.setAttribute(Qt::WA_DontShowOnScreen);
    w.show();
    w.resize(size);
    QCoreApplication::processEvents();
    if (!w.grab().save(path)) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
        return false;
    }
    std::printf("%s\n", qPrintable(path));
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: ws_profile_view_images OUTPUT_DIR\n");
        return 2;
    }
    const QDir out(QString::fromLocal8Bit(argv[1]));
    ws::PlaybackModel model;
    model.setRun(ws::test::prepared(ws::test::profiledRun()));
    bool ok = true;
    {
        ws::StallsView view(&model);
        ok &= save(view, {1200, 640}, out.filePath("stalls.png"));
        view.setOrder(ws::StallsView::Order::File);
        view.highlightLine(9);
        ok &= save(view, {1200, 640}, out.filePath("stalls-file-order.png"));
    }
    {
        ws::ColourScheme::instance()->setScheme(ws::Scheme::Projector);
        ws::StallsView view(&model);
        QFont f = view.font();
        f.setPointSizeF(18);
        view.setFont(f);
        ok &= save(view, {1280, 720}, out.filePath("stalls-projector.png"));
        ws::ColourScheme::instance()->setScheme(ws::Scheme::Light);
    }
    for (const bool withCallers : {true, false}) {
        ws::PlaybackModel inlined;
        inlined.setRun(ws::test::prepared(ws::test::inlinedProfileRun(withCallers)));
        ws::StallsView view(&inlined);
        ok &= save(view, {1200, 640},
                   out.filePath(withCallers ? "stalls-inlined.png" : "stalls-inlined-unknown.png"));
    }
    {
        ws::CountersView view(&model);
        view.setPredicted(ws::syntheticPredictedCounters());
        ok &= save(view, {900, 640}, out.filePath("counters.png"));
    }
    {
        ws::Run refused = ws::test::profiledRun();
        refused.profile.stalls = {};
        refused.profile.stallsUnavailable =
            "profiling is not permitted on this machine: run as root or set "
            "NVreg_RestrictProfilingToAdminUsers=0";
        ws::PlaybackModel other;
        other.setRun(ws::test::prepared(refused));
        ws::StallsView view(&other);
        ok &= save(view, {900, 400}, out.filePath("stalls-unavailable.png"));
    }
    return ok ? 0 : 1;
}
