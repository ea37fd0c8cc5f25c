#pragma once
// Helpers shared by the widget and app tests.
#include <QApplication>
#include <QColor>
#include <QImage>
#include <QWidget>
#include <memory>

#include "core/run/run.h"
#include "widgets/model/prepared_run.h"

namespace ws::test {

QApplication& app();  // created on first use

// A small run whose every number is known: 16 blocks (grid 8 x 2) of 128
// threads on 4 SMs, two waves of 900 ns ([0, 900] and [1000, 1900] ns), two
// blocks resident per SM; block 0 traced through the 8 steps of a sequential
// tree reduction, step k beginning at 50 + 100 k ns.
Run smallRun();
std::shared_ptr<const PreparedRun> smallPrepared();

QImage render(QWidget& w);  // paints the widget offscreen
bool near(QColor a, QColor b, int tolerance = 6);
// Whether any pixel of `area` is near `colour`.
bool anyNear(const QImage& image, const QRect& area, QColor colour, int tolerance = 30);

}  // namespace ws::test
