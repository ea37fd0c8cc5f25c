#pragma once
// The local-memory experiment's three variants of one per-thread array:
// in registers, in local memory (indexed at run time) and spilled (capped
// registers), each bar with its time and the registers and local bytes per
// thread the compiler gave it; the variant the run recorded highlighted.
#include "widgets/memkinds/timing_bars.h"
#include "widgets/model/playback_model.h"

namespace ws {

class LocalMemoryPlot : public TimingBars {
    Q_OBJECT
public:
    explicit LocalMemoryPlot(PlaybackModel* model, QWidget* parent = nullptr);

private:
    void readRun();

    PlaybackModel* m_model;
};

}  // namespace ws
