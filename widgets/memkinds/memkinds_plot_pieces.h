#pragma once
// What the memory kinds lab's plots share: working sets in KiB, MiB and GiB
// on a log-2 axis, the device's cache sizes as labelled vertical lines, a
// title that wraps to the plot's width, and the one line a plot shows instead
// of data (no table in the run, or a table that does not check out).
#include <qcustomplot.h>

#include <QObject>
#include <QString>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

// A parameter of the run as recorded, or `fallback` where it has none.
std::string runParam(const Run& run, const char* name, const char* fallback);

QString bytesText(double bytes);    // "48 KiB", "50 MiB", "1 GiB", "1.5 MiB", "512 B"
QString cyclesText(double cycles);  // "33 cycles", "4.5 cycles"
QString nsText(double ns);          // "140 ns", "9.5 ns"
QString gbsText(double gbs);        // "3,020 GB/s"
// Log-2 ticks labelled with bytesText.
QSharedPointer<QCPAxisTickerLog> bytesTicker();
// The x axis from a little below `first` to a little above `last` bytes,
// with room at each end for half a tick label: the first working set's
// label ran into the value axis's "0" in a projector's narrow plot.
void fitBytesRange(QCustomPlot* plot, double first, double last);

// What both staircases do first as they rebuild: the plot emptied, its
// axes styled in `font`, the x axis the working set on a log-2 scale and
// the value axis labelled `valueLabel`.
void startWorkingSetAxes(QCustomPlot* plot, const QFont& font, const QString& valueLabel);

// The point of any graph nearest `position` (pixels), closer than
// `within`; its graph null where none is.
struct NearestPoint {
    QCPGraph* graph = nullptr;
    int graphIndex = -1;
    double key = 0, value = 0;
};
NearestPoint nearestGraphPoint(QCustomPlot* plot, const QPointF& position, double within);

// What a view says in place of a table: empty when there are rows to draw;
// `missing` when the run has none (the reader gives no rows); the reader's
// error, which names the table, row and column, when the table is wrong.
template <typename T>
QString tableMessage(const Result<std::vector<T>>& rows, const QString& missing) {
    if (!rows)
        return QObject::tr("This run's table cannot be shown: %1")
            .arg(QString::fromStdString(rows.error()));
    return rows->empty() ? missing : QString();
}

// The plot's axes emptied of data and `text` in their middle, muted, wrapped
// to the axes' width.
QCPItemText* showPlotMessage(QCustomPlot* plot, const QFont& font, const QString& text);

// A title row above the axes (row 0 of the plot's layout), made once. The
// plot's minimum width no longer follows the title's: the title wraps.
QCPTextElement* addPlotTitle(QCustomPlot* plot);
// The title's text broken at spaces to the plot's width: a QCPTextElement
// cuts what does not fit.
void setPlotTitle(QCPTextElement* title, const QFont& font, const QString& text, int width);

// What every plot of the lab does first when it fits its size: the title
// wrapped to `width`, the legend's names wrapped and set in at most
// `legendColumns` columns, and, where the plot shows `message` instead of
// data, the message wrapped to the axes. False where it shows the message.
bool fitPlotFrame(QCustomPlot* plot, QCPTextElement* title, const QFont& font,
                  const QString& titleText, int width, int legendColumns, const QString& message);

// The legend in a row of its own below the axes, its entries side by side;
// hidden, it leaves the layout, so that no empty row stays under the axes.
void setLegendBelow(QCustomPlot* plot, bool shown);

// Vertical lines at the device's sizes (L1, shared memory, L2) across the
// axes, each labelled at the top of the axes beside its line; labels that
// would touch go one row lower.
struct SizeMarker {
    double bytes = 0;
    QString label;  // "L1 256 KiB"
};

class SizeMarkers {
public:
    // Lines and labels for the markers within [fromBytes, toBytes].
    void add(QCustomPlot* plot, const std::vector<SizeMarker>& markers, double fromBytes,
             double toBytes, const QFont& font);
    void clear() { m_items.clear(); }
    // Lays the labels out at the axes' present size; returns the height in
    // pixels their rows take at the top of the axes.
    int place(QCustomPlot* plot);
    QStringList labels() const;
    std::vector<QCPItemText*> items() const;

private:
    struct Item {
        double bytes;
        QCPItemText* text;
    };
    std::vector<Item> m_items;
};

}  // namespace ws
