#pragma once
// The texture experiment's three paths for the same rotated window, timed in
// one run: texture fetches, plain global loads and __ldg, each bar with its
// time and GB/s; the path the run recorded block by block highlighted.
#include "widgets/memkinds/timing_bars.h"
#include "widgets/model/playback_model.h"

namespace ws {

class TexturePathsPlot : public TimingBars {
    Q_OBJECT
public:
    explicit TexturePathsPlot(PlaybackModel* model, QWidget* parent = nullptr);

private:
    void readRun();

    PlaybackModel* m_model;
};

}  // namespace ws
