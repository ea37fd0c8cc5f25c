#pragma once
// A stalls view on its own playback model, shown offscreen at a size with a
// run loaded: what every stalls view test starts from.
#include <QApplication>
#include <QCoreApplication>
#include <QSize>

#include "tests/widgets/support/qt_test_support.h"
#include "widgets/model/playback_model.h"
#include "widgets/profile/stalls_view.h"

namespace ws::test {

struct ShownStallsView {
    QApplication& app = test::app();  // before any widget
    PlaybackModel model;
    StallsView view{&model};
    explicit ShownStallsView(Run run, QSize size = {1200, 700}) {
        model.setRun(test::prepared(std::move(run)));
        view.setAttribute(Qt::WA_DontShowOnScreen);
        view.show();
        view.resize(size);
        QCoreApplication::processEvents();
    }
};

}  // namespace ws::test
