#pragma once
// Managed memory page by page: each array (a, b, c) as a band of bins of
// whole pages, time running left to right, each bin coloured by where it
// lived (host orange, GPU blue, never touched grey; a bin partly moved is
// filled in proportion), hatched while a migration moved it, with a tick at
// every GPU fault group and a line over the time the kernel's blocks that
// touch it ran. On the right, the strip of all bins at the playhead. From
// CUPTI's unified-memory records (core/concurrency/managed_pages.h).
#include <QWidget>

#include "core/concurrency/managed_pages.h"
#include "widgets/model/playback_model.h"
#include "widgets/model/timeline_data.h"

namespace ws {

// Bins of arrays that start untouched and have no record of their own get
// their first touch from the kernel's first block on them (see the .cpp).
void addFirstWrites(ManagedPages& pages);

class PagesView : public QWidget {
    Q_OBJECT
public:
    explicit PagesView(PlaybackModel* model, QWidget* parent = nullptr);

    const ManagedPages& pages() const { return m_pages; }
    const QString& problem() const { return m_problem; }
    // The band of an array and the row of one of its bins.
    QRectF bandRect(std::size_t array) const;
    QRectF binRect(std::size_t array, std::uint32_t bin) const;
    QRectF nowStripRect() const;
    // (array, bin) under a point in the bands or the strip, (-1, -1) elsewhere.
    std::pair<int, int> hitAt(QPointF pos) const;
    const TimelineData& data() const { return m_data; }
    QSize sizeHint() const override { return {900, 520}; }
    QSize minimumSizeHint() const override { return {300, 200}; }

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    bool event(QEvent*) override;

private:
    void rebuild();
    void syncGeometry();
    QRect plotRect() const;
    int bottomMargin() const;
    QString binTooltip(std::size_t array, std::uint32_t bin) const;
    void paintBin(QPainter& p, const ManagedArrayPages& a, std::uint32_t bin, const QRectF& row);

    PlaybackModel* m_model;
    ManagedPages m_pages;
    QString m_problem;
    TimelineData m_data;
    int m_launch = -1;
};

}  // namespace ws
