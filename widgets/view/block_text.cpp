#include "widgets/view/block_text.h"

#include <QStringList>

#include "widgets/view/view_text.h"

namespace ws {

QString stateName(BlockState state) {
    switch (state) {
        case BlockState::Waiting:
            return QStringLiteral("waiting");
        case BlockState::Running:
            return QStringLiteral("running");
        case BlockState::Done:
            return QStringLiteral("done");
        case BlockState::NotRecorded:
            return QStringLiteral("not recorded");
    }
    return {};
}

QString blockTitle(const PreparedRun& prepared, const BlockRef& ref) {
    const Launch* l = prepared.launch(ref.launch);
    if (!l || std::size_t(ref.record) >= l->blocks.size()) return QStringLiteral("no block");
    const std::uint32_t id = l->blocks.block[ref.record];
    QString s = QStringLiteral("Block %1").arg(id);
    if (l->grid.y > 1 || l->grid.z > 1) {
        const std::uint32_t x = id % l->grid.x, y = (id / l->grid.x) % l->grid.y,
                            z = id / (l->grid.x * l->grid.y);
        s += l->grid.z > 1 ? QStringLiteral(" (x %1, y %2, z %3)").arg(x).arg(y).arg(z)
                           : QStringLiteral(" (x %1, y %2)").arg(x).arg(y);
    }
    if (prepared.run->launches.size() > 1) s += QStringLiteral(", launch %1").arg(ref.launch + 1);
    return s;
}

QString blockTooltip(const PreparedRun& prepared, const BlockRef& ref, double time) {
    const Launch* l = prepared.launch(ref.launch);
    if (!l || std::size_t(ref.record) >= l->blocks.size()) return {};
    const auto& b = l->blocks;
    const std::size_t i = std::size_t(ref.record);
    const double start = prepared.startOf(ref), end = prepared.endOf(ref);
    QStringList lines;
    lines << QStringLiteral("<b>%1</b> of %2")
                 .arg(blockTitle(prepared, ref), QString::fromStdString(l->kernel));
    lines << QStringLiteral("SM %1").arg(b.sm[i]);
    lines << QStringLiteral("start %1, end %2 (after the first block started)")
                 .arg(formatExactNs(start), formatExactNs(end));
    lines << QStringLiteral("duration %1 (%2)")
                 .arg(formatExactNs(end - start), formatDuration(end - start));
    lines << QStringLiteral("clock64: %1 cycles")
                 .arg(groupDigits((long long)(b.endClock[i] - b.startClock[i])));
    lines << QStringLiteral("at %1: %2")
                 .arg(formatDuration(time), stateName(prepared.stateAt(ref, time)));
    return lines.join(QStringLiteral("<br>"));
}

}  // namespace ws
