#include "widgets/memkinds/l2_distance_view.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "core/memkinds/memkinds_tables.h"
#include "widgets/memkinds/memkinds_plot_pieces.h"
#include "widgets/view/palette.h"
#include "widgets/view/sequential_scale.h"
#include "widgets/view/view_painting.h"

namespace ws {

namespace {

using memkinds::SmLatency;

QString partitionText(const QString& name, std::size_t sms, double cycles, double ns) {
    return QObject::tr("%1: %2 SMs, %3 (%4)")
        .arg(name)
        .arg(sms)
        .arg(cyclesText(cycles), nsText(ns));
}

// The outline that marks the far partition: thick, so it reads without its colour.
QPen farPen() { return QPen(palette::selection(), 3.5); }

}  // namespace

L2DistanceView::L2DistanceView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(model, &PlaybackModel::runChanged, this, &L2DistanceView::rebuild);
    rebuild();
}

void L2DistanceView::rebuild() {
    ++m_rebuilds;
    m_bySm.clear();
    m_tiles.clear();
    m_far.clear();
    m_split = {};
    const Run* run = m_model->run();
    const auto rows = run ? memkinds::readSmLatency(*run)
                          : Result<std::vector<SmLatency>>(std::vector<SmLatency>{});
    m_message = tableMessage(rows, tr("Run l2-distance to see how far L2 is from each SM."));
    if (m_message.isEmpty()) {
        for (const SmLatency& s : rows.value()) m_bySm[s.sm] = s;
        m_split = memkinds::splitL2Partitions(rows.value());
        // One tile per SM of the device where the ids fit its count, so an
        // SM that measured nothing shows as a gap; else the ids measured.
        const std::uint32_t count = std::uint32_t(std::max(0, run->device.smCount));
        if (count > 0 && m_bySm.rbegin()->first < count)
            for (std::uint32_t sm = 0; sm < count; ++sm) m_tiles.push_back(sm);
        else
            for (const auto& [sm, s] : m_bySm) m_tiles.push_back(sm);
        for (std::uint32_t sm : m_tiles)
            m_far.push_back(m_split.split && std::find(m_split.farSms.begin(), m_split.farSms.end(),
                                                       sm) != m_split.farSms.end());
    }
    update();
}

QStringList L2DistanceView::partitionTexts() const {
    if (!m_message.isEmpty()) return {};
    if (!m_split.split)
        return {partitionText(tr("one level"), m_split.nearSms.size(), m_split.nearCycles,
                              m_split.nearNs) +
                tr(": no second partition stands out")};
    return {partitionText(tr("near partition"), m_split.nearSms.size(), m_split.nearCycles,
                          m_split.nearNs),
            partitionText(tr("far partition"), m_split.farSms.size(), m_split.farCycles,
                          m_split.farNs)};
}

QColor L2DistanceView::fillOf(std::uint32_t sm) const {
    const auto it = m_bySm.find(sm);
    if (it == m_bySm.end()) return palette::background();
    const double span = m_split.maxCycles - m_split.minCycles;
    return sequentialColour(span > 0 ? (it->second.cyclesPerLoad - m_split.minCycles) / span : 0.5);
}

QString L2DistanceView::toolTipOf(std::uint32_t sm) const {
    const auto it = m_bySm.find(sm);
    if (it == m_bySm.end()) return tr("SM %1: not measured").arg(sm);
    QString text = tr("SM %1: %2, %3 per load")
                       .arg(sm)
                       .arg(cyclesText(it->second.cyclesPerLoad), nsText(it->second.nsPerLoad));
    if (m_split.split) {
        const bool far =
            std::find(m_split.farSms.begin(), m_split.farSms.end(), sm) != m_split.farSms.end();
        text += far ? tr("\nfar partition") : tr("\nnear partition");
    }
    return text;
}

int L2DistanceView::headerHeight() const {
    const QFontMetrics fm(font()), title(titleFont(font()));
    int lines = 0;
    for (const QString& t : partitionTexts())
        lines += int(wrapToWidth(fm, t, width() - 16).count(QLatin1Char('\n'))) + 1;
    return 6 + title.height() + 4 + lines * fm.height() + 6 + fm.height() + 10;
}

QRect L2DistanceView::tileArea() const {
    const MeasureKey key{size(), font(), m_rebuilds};
    if (key == m_areaKey) return m_area;
    m_areaKey = key;
    const int top = headerHeight();
    m_area = QRect(8, top, std::max(40, width() - 16), std::max(40, height() - top - 8));
    return m_area;
}

QRectF L2DistanceView::tileRect(int index) const {
    const QRect a = tileArea();
    const int n = std::max(1, tileCount());
    // As the device view lays its SMs out: columns for the area's shape.
    const int cols = std::max(1, int(std::ceil(std::sqrt(n * double(a.width()) / a.height()))));
    const int rows = (n + cols - 1) / cols;
    const double w = double(a.width()) / cols, h = double(a.height()) / rows;
    return QRectF(a.left() + (index % cols) * w, a.top() + (index / cols) * h, w, h);
}

void L2DistanceView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette::background());
    const Run* run = m_model->run();
    if (!m_message.isEmpty()) {
        drawMessage(p, rect().adjusted(8, 8, -8, -8), m_message);
        return;
    }
    const QFontMetrics fm(font());
    const QFont bold = titleFont(font());
    QString title = tr("L2 latency from each SM");
    if (!run->device.name.empty())
        title += tr(" — %1").arg(QString::fromStdString(run->device.name));
    drawTitle(p, font(), QRect(8, 6, width() - 16, QFontMetrics(bold).height()), title);
    int y = 6 + QFontMetrics(bold).height() + 4;
    p.setFont(font());
    p.setPen(palette::text());
    for (const QString& t : partitionTexts()) {
        const QString lines = wrapToWidth(fm, t, width() - 16);
        const int n = int(lines.count(QLatin1Char('\n'))) + 1;
        p.drawText(QRect(8, y, width() - 16, n * fm.height()), Qt::AlignLeft | Qt::AlignTop, lines);
        y += n * fm.height();
    }
    y += 6;
    // The scale, and the far partition's outline beside it.
    const int used =
        drawSequentialLegend(p, QRect(8, y, width() - 16, fm.height()), tr("cycles per load"),
                             QString::number(std::lround(m_split.minCycles)),
                             QString::number(std::lround(m_split.maxCycles)));
    if (m_split.split) {
        const int x = 8 + used + fm.height();
        const QString words = tr("far partition");
        if (x + fm.height() * 2 + fm.horizontalAdvance(words) <= width() - 8) {
            p.setPen(farPen());
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(x + 2, y + 2, fm.height() - 4, fm.height() - 4));
            p.setPen(palette::text());
            p.drawText(QRect(x + fm.height() + 6, y, fm.horizontalAdvance(words) + 4, fm.height()),
                       Qt::AlignLeft | Qt::AlignVCenter, words);
        }
    }
    // The tiles: the SM's id, and its cycles where they fit.
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.8));
    const QFontMetrics sfm(small);
    for (int i = 0; i < tileCount(); ++i) {
        const std::uint32_t sm = m_tiles[std::size_t(i)];
        const QRectF box = tileRect(i).adjusted(2, 2, -2, -2);
        const QColor fill = fillOf(sm);
        const bool measured = m_bySm.count(sm) > 0;
        p.setBrush(fill);
        p.setPen(m_far[std::size_t(i)] ? farPen() : QPen(palette::mutedText(), 1));
        p.drawRect(box);
        const QColor ink = fill.lightness() < 140 ? QColor(Qt::white) : QColor(Qt::black);
        p.setPen(measured ? ink : palette::mutedText());
        const QString id = QString::number(sm);
        const QString cycles = measured ? QString::number(std::lround(m_bySm.at(sm).cyclesPerLoad))
                                        : QStringLiteral("–");
        const bool both = box.height() >= 2 * sfm.height() + 2 &&
                          box.width() >= sfm.horizontalAdvance(QStringLiteral("0000")) + 4;
        if (both) {
            p.setFont(small);
            p.drawText(box.adjusted(3, 1, -3, 0), Qt::AlignLeft | Qt::AlignTop, id);
            p.setFont(font());
            const QRectF lower = box.adjusted(2, sfm.height(), -2, -1);
            if (fm.horizontalAdvance(cycles) <= lower.width() && fm.height() <= lower.height())
                p.drawText(lower, Qt::AlignCenter, cycles);
            else {
                p.setFont(small);
                p.drawText(lower, Qt::AlignCenter, cycles);
            }
        } else if (box.width() >= sfm.horizontalAdvance(id) + 2 && box.height() >= sfm.height()) {
            p.setFont(small);
            p.drawText(box, Qt::AlignCenter, id);
        }
        p.setFont(font());
    }
}

bool L2DistanceView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    const auto* he = static_cast<QHelpEvent*>(e);
    for (int i = 0; i < tileCount(); ++i)
        if (tileRect(i).contains(he->pos())) {
            QToolTip::showText(he->globalPos(), toolTipOf(m_tiles[std::size_t(i)]), this);
            return true;
        }
    QToolTip::hideText();
    return true;
}

}  // namespace ws
