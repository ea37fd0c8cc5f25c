#pragma once
// Hello's greetings as the printed lines show them: per launch, the warps in
// the order their lines came (a chip per warp, coloured by block; lines join
// the same warp from one launch to the next, so a changed order shows as
// crossing lines), and the device's printf text of the chosen launch beside
// the records, a line greyed until the playback reaches its %globaltimer.
// Hover for the exact numbers; click a line or a chip to select its block and
// highlight its warp and lane in the other views.
#include <QWidget>
#include <vector>

#include "core/basics/greeting_order.h"
#include "core/basics/greetings.h"
#include "widgets/model/playback_model.h"
#include "widgets/view/caption_fit.h"
#include "widgets/view/measure_key.h"

namespace ws {

class GreetingsView : public QWidget {
    Q_OBJECT
public:
    explicit GreetingsView(PlaybackModel* model, QWidget* parent = nullptr);

    // For tests: what the view read, and where it draws.
    int launchCount() const { return int(m_launches.size()); }
    const std::vector<Greeting>& greetings(int launch) const {
        return m_launches[std::size_t(launch)].greetings;
    }
    const std::vector<WarpId>& warpOrderOf(int launch) const {
        return m_launches[std::size_t(launch)].order;
    }
    QRectF chipRect(int launch, std::size_t rank) const;
    QRectF lineRect(std::size_t line) const;  // printed line of the shown launch
    // The printed lines' monospace font: the view's size, or smaller (down
    // to 70 %) where a whole line would not fit the view's width.
    QFont listingFont() const;
    // How many printed lines of the shown launch are drawn: the columns that
    // fit whole, less the last row for "… N more lines" where not all fit.
    std::size_t linesShown() const;
    QString problem() const { return m_problem; }
    QString caption() const;
    // The caption as pieces: in a narrow view the counts and the printf's
    // detail give way, the order of the warps and how launch 2 moved them stay.
    std::vector<CaptionPiece> captionPieces(bool brief = false) const;
    void setShownLaunch(int launch);
    QSize sizeHint() const override { return {640, 480}; }

protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    bool event(QEvent*) override;

private:
    struct LaunchGreetings {
        std::vector<Greeting> greetings;
        std::vector<WarpId> order;
        std::vector<std::size_t> byLine;  // greeting index of printed line k
    };
    void rebuild();
    // The printed lines' font, line height and column width.
    struct Listing {
        QFont font;
        double lineHeight = 0, columnWidth = 0;
    };
    const Listing& listing() const;
    QRect stripArea() const;
    QRect linesArea() const;
    int stripHeight() const;
    // The greeting under a point: (launch, index), or (-1, -1).
    std::pair<int, std::ptrdiff_t> greetingAt(QPointF pos) const;
    void select(int launch, std::size_t index);

    PlaybackModel* m_model;
    std::vector<LaunchGreetings> m_launches;
    QString m_problem;
    int m_shown = 0;
    std::uint64_t m_rebuilds = 0;  // which run the listing was measured for
    mutable MeasureKey m_listingKey;
    mutable Listing m_listing;
};

}  // namespace ws
