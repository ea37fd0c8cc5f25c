#include "widgets/memkinds/local_memory_plot.h"

#include "core/memkinds/memkinds_tables.h"
#include "widgets/memkinds/memkinds_plot_pieces.h"

namespace ws {

namespace {

using memkinds::LocalKind;
using memkinds::LocalVariantTiming;

QString kindName(LocalKind kind) {
    switch (kind) {
        case LocalKind::Registers:
            return QObject::tr("registers");
        case LocalKind::LocalIndexed:
            return QObject::tr("local, indexed");
        case LocalKind::Spilled:
            return QObject::tr("spilled");
    }
    return {};
}

}  // namespace

LocalMemoryPlot::LocalMemoryPlot(PlaybackModel* model, QWidget* parent)
    : TimingBars(parent), m_model(model) {
    connect(model, &PlaybackModel::runChanged, this, &LocalMemoryPlot::readRun);
    readRun();
}

void LocalMemoryPlot::readRun() {
    const Run* run = m_model->run();
    const auto rows =
        run ? memkinds::readLocal(*run)
            : Result<std::vector<LocalVariantTiming>>(std::vector<LocalVariantTiming>{});
    const QString message = tableMessage(
        rows, tr("Run local-memory to see a per-thread array in registers, in local memory and "
                 "spilled."));
    QString title = tr("A per-thread array: registers, local memory, spills");
    std::vector<TimingBar> bars;
    if (message.isEmpty()) {
        const std::string recorded = runParam(*run, "variant", "");
        for (const LocalVariantTiming& v : rows.value())
            bars.push_back({.name = kindName(v.kind),
                            .ms = v.ms,
                            .detail = tr("%1 registers, %2 B local per thread")
                                          .arg(v.registersPerThread)
                                          .arg(v.localBytesPerThread),
                            .recorded = recorded == memkinds::localKindName(v.kind),
                            .verified = v.verified});
    }
    if (run && !run->device.name.empty())
        title += tr(" — %1").arg(QString::fromStdString(run->device.name));
    setBars(title, std::move(bars), message);
}

}  // namespace ws
