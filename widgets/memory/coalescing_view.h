#pragma once
// Global memory of one traced warp request: the 128-byte lines it touches as
// a strip of 32-byte sectors, each lane's line pointing at its bytes, and the
// count of sectors against the ideal. Below, the same counts for the reads
// and writes of every transpose and axis-reduction variant at this size, so
// the naive transpose's writes and ReduceWKernelSimple's reads stand out.
#include <QWidget>

#include "core/access/sector_strip.h"
#include "widgets/model/playback_model.h"
#include "widgets/view/measure_key.h"

namespace ws {

struct VariantTraffic {
    QString name;
    bool current = false;
    SectorCount reads, writes;  // first read and first write of warp 0, block 0
    QString readWhat, writeWhat;
};

class CoalescingView : public QWidget {
    Q_OBJECT
public:
    explicit CoalescingView(PlaybackModel* model, QWidget* parent = nullptr);

    int requestCount() const { return int(m_records.size()); }
    int request() const { return m_index; }
    QString requestLabel(int index) const;
    const SectorStrip& strip() const { return m_strip; }
    const std::vector<VariantTraffic>& variants() const { return m_variants; }
    QString countText() const;
    QRectF laneRect(int lane) const;
    QRectF sectorRect(std::size_t line, int sector) const;
    // Width of the table's name column: the widest variant name as drawn,
    // the current one bold behind its marker, and a gap.
    int nameColumnWidth() const;
    // The table's first heading: the image size its counts are modelled at.
    // The same shared transpose's first write is 3 sectors at 1920 x 1080
    // and 2 at 4096 x 4096; without the size two slides seemed to disagree.
    QString tableHeading() const;
    QSize sizeHint() const override { return {760, 460}; }
    QSize minimumSizeHint() const override { return {360, 240}; }
    // The sector count's font and the height it takes under the title.
    struct CountLayout {
        QFont font;
        int height = 0;
    };
    CountLayout countLayout() const;

public slots:
    void setRequest(int index);
    void nextRequest() { setRequest(m_index + 1); }
    void previousRequest() { setRequest(m_index - 1); }

signals:
    void requestsChanged();
    void requestChanged(int index);

protected:
    void paintEvent(QPaintEvent*) override;
    bool event(QEvent*) override;

private:
    void rebuild();
    void refresh();
    const Launch* launch() const;
    int headerHeight() const;
    CountLayout measureCount() const;  // countLayout() without its cache

    QRect stripArea() const;
    int tableHeight() const;

    PlaybackModel* m_model;
    std::vector<std::size_t> m_records;
    int m_index = 0;
    SectorStrip m_strip;
    std::array<std::uint64_t, 32> m_address{};
    std::uint32_t m_mask = 0, m_width = 1;
    bool m_write = false;
    std::uint64_t m_counts = 0;  // which request's count the cache holds
    mutable MeasureKey m_countKey;
    mutable CountLayout m_countLayout;
    std::vector<VariantTraffic> m_variants;
};

// The variants the view compares for a run (same size, same block), from the access model.
std::vector<VariantTraffic> compareVariants(const Run& run);

}  // namespace ws
