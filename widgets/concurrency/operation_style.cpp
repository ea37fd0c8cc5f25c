#include "widgets/concurrency/operation_style.h"

#include <QObject>
#include <algorithm>
#include <iterator>
#include <vector>

#include "widgets/view/palette.h"

namespace ws::opstyle {

QColor colour(OperationKind kind) {
    switch (kind) {
        case OperationKind::Kernel:
            return QColor(QRgb(0x0072B2));
        case OperationKind::CopyHostToDevice:
            return QColor(QRgb(0xE69F00));
        case OperationKind::CopyDeviceToHost:
            return QColor(QRgb(0xD55E00));
        case OperationKind::CopyDeviceToDevice:
        case OperationKind::CopyHostToHost:
            return QColor(QRgb(0xCC79A7));
        case OperationKind::Memset:
            return QColor(QRgb(0x999999));
        case OperationKind::MigrationHostToDevice:
            return QColor(QRgb(0x56B4E9));
        case OperationKind::MigrationDeviceToHost:
            return QColor(QRgb(0x009E73));
        case OperationKind::GpuPageFaults:
            return QColor(QRgb(0x000000));
        case OperationKind::Synchronization:
            return QColor(QRgb(0x777777));
    }
    return palette::mutedText();
}

QColor hostCallColour(const QString& name) {
    return name.contains(QStringLiteral("Synchronize")) ? QColor(QRgb(0x8C8C8C))
                                                        : QColor(QRgb(0xC8C8C8));
}

Qt::BrushStyle hatch(OperationKind kind) {
    switch (kind) {
        case OperationKind::CopyHostToDevice:
        case OperationKind::MigrationHostToDevice:
            return Qt::BDiagPattern;
        case OperationKind::CopyDeviceToHost:
        case OperationKind::MigrationDeviceToHost:
            return Qt::FDiagPattern;
        default:
            return Qt::NoBrush;
    }
}

QString shortLabel(OperationKind kind) {
    switch (kind) {
        case OperationKind::Kernel:
            return QObject::tr("kernel");
        case OperationKind::CopyHostToDevice:
            return QObject::tr("H→D");
        case OperationKind::CopyDeviceToHost:
            return QObject::tr("D→H");
        case OperationKind::CopyDeviceToDevice:
            return QObject::tr("D→D");
        case OperationKind::CopyHostToHost:
            return QObject::tr("H→H");
        case OperationKind::Memset:
            return QObject::tr("memset");
        case OperationKind::MigrationHostToDevice:
            return QObject::tr("migrate H→D");
        case OperationKind::MigrationDeviceToHost:
            return QObject::tr("migrate D→H");
        case OperationKind::GpuPageFaults:
            return QObject::tr("faults");
        case OperationKind::Synchronization:
            return QObject::tr("sync");
    }
    return {};
}

QString hostMemoryText(HostMemoryKind kind) {
    switch (kind) {
        case HostMemoryKind::Pinned:
            return QObject::tr("pinned");
        case HostMemoryKind::Pageable:
            return QObject::tr("pageable");
        case HostMemoryKind::Managed:
            return QObject::tr("managed");
        case HostMemoryKind::None:
            return {};
    }
    return {};
}

QColor depthColour(std::uint32_t depth) {
    // Depth 0 blue like every host kernel, then orange, green, purple, ...
    static const QRgb order[] = {0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7,
                                 0x56B4E9, 0xD55E00, 0xF0E442};
    return QColor(order[depth % 7]);
}

QColor streamColour(int index) {
    const OperationKind kinds[] = {OperationKind::Kernel,
                                   OperationKind::CopyHostToDevice,
                                   OperationKind::CopyDeviceToHost,
                                   OperationKind::Memset,
                                   OperationKind::MigrationHostToDevice,
                                   OperationKind::MigrationDeviceToHost,
                                   OperationKind::GpuPageFaults};
    auto near = [](const QColor& a, const QColor& b) {
        // Redmean distance, a cheap stand-in for how alike two colours look:
        // Tol's pale cyan and the migrations' sky blue are 92 apart, its
        // teal and their bluish green 120.
        const double r = (a.red() + b.red()) / 2.0;
        const double dr = a.red() - b.red(), dg = a.green() - b.green(), db = a.blue() - b.blue();
        return (2 + r / 256) * dr * dr + 4 * dg * dg + (2 + (255 - r) / 256) * db * db <
               125.0 * 125.0;
    };
    std::vector<QColor> usable;
    auto offer = [&](const QColor& c) {
        const bool clash =
            std::any_of(std::begin(kinds), std::end(kinds),
                        [&](OperationKind kind) { return near(c, colour(kind)); }) ||
            near(c, hostCallColour({})) || near(c, hostCallColour(QStringLiteral("Synchronize"))) ||
            std::any_of(usable.begin(), usable.end(), [&](const QColor& u) { return near(c, u); });
        if (!clash) usable.push_back(c);
    };
    for (int k = 0; k < 16; ++k) offer(palette::categorical(k));
    // Okabe and Ito's set shares most of its colours with the operations:
    // darker tones of what is left give four streams their own.
    for (std::size_t i = 0, n = usable.size(); i < n && usable.size() < 4; ++i)
        offer(usable[i].darker(170));
    if (usable.empty()) return palette::categorical(index);
    return usable[std::size_t(index) % usable.size()];
}

QString bytesText(std::uint64_t bytes) {
    if (bytes < 1024) return QObject::tr("%1 B").arg(bytes);
    const char* units[] = {"KiB", "MiB", "GiB", "TiB"};
    double v = double(bytes) / 1024;
    int u = 0;
    while (v >= 1024 && u < 3) {
        v /= 1024;
        ++u;
    }
    return QStringLiteral("%1 %2").arg(v, 0, 'g', v < 10 ? 2 : 3).arg(QLatin1String(units[u]));
}

}  // namespace ws::opstyle
