#include "widgets/memory/image_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "widgets/memory/memory_colours.h"
#include "widgets/view/caption_fit.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {

namespace mc = memory_colours;
constexpr int kPreview = 512;
constexpr std::uint64_t kSeed = 1;  // the launchers' default input seed

std::vector<LegendItem> legend() {
    return {{mc::running(), QObject::tr("block running now")},
            {QColor(QRgb(0xBDBDBD)), QObject::tr("output not written yet")},
            {palette::selection(), QObject::tr("selected block"), true}};
}

}  // namespace

ImageView::ImageView(PlaybackModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);
    connect(model, &PlaybackModel::runChanged, this, &ImageView::rebuild);
    connect(model, &PlaybackModel::timeChanged, this, [this] { update(); });
    connect(model, &PlaybackModel::selectionChanged, this, [this] { update(); });
    rebuild();
}

const Launch* ImageView::launch() const {
    const Run* run = m_model->run();
    return run && !run->launches.empty() ? &run->launches.front() : nullptr;
}

void ImageView::rebuild() {
    const Run* run = m_model->run();
    // The run's parameters typed once; every block's region reads them.
    m_settings = run ? memorySettingsOf(*run) : std::nullopt;
    m_geometry = m_settings ? imageGeometry(*m_settings) : std::nullopt;
    m_input = m_output = QImage();
    if (m_geometry) {
        // A preview samples the input; a 32768-pixel-wide image is never built here.
        const ImageGeometry& g = *m_geometry;
        const double scale =
            std::min(1.0, double(kPreview) / double(std::max(g.inWidth, g.inHeight)));
        const int pw = std::max(1, int(double(g.inWidth) * scale));
        const int ph = std::max(1, int(double(g.inHeight) * scale));
        m_input = QImage(pw, ph, QImage::Format_Grayscale8);
        std::vector<double> colSum(std::size_t(pw), 0), rowSum(std::size_t(ph), 0);
        for (int y = 0; y < ph; ++y) {
            uchar* line = m_input.scanLine(y);
            const std::uint64_t sy = std::uint64_t(double(y) / scale);
            for (int x = 0; x < pw; ++x) {
                const std::uint8_t v =
                    imagePixelU8(std::uint64_t(double(x) / scale), sy, g.inWidth, kSeed);
                line[x] = v;
                colSum[std::size_t(x)] += v;
                rowSum[std::size_t(y)] += v;
            }
        }
        if (g.output == OutputShape::Image) {
            m_output = QImage(ph, pw, QImage::Format_Grayscale8);
            for (int y = 0; y < pw; ++y)
                for (int x = 0; x < ph; ++x) m_output.scanLine(y)[x] = m_input.constScanLine(x)[y];
        } else {
            // The sums as a strip of greys, the smallest black and the
            // largest white: as plain means of random pixels they were one
            // even grey, the legend's "output not written yet", on a slide
            // whose 512 blocks had all written theirs.
            const bool columns = g.output == OutputShape::ColumnSums;
            const std::vector<double>& sums = columns ? colSum : rowSum;
            const auto [lo, hi] = std::minmax_element(sums.begin(), sums.end());
            const double range = *hi > *lo ? *hi - *lo : 1;
            m_output = columns ? QImage(pw, 1, QImage::Format_Grayscale8)
                               : QImage(1, ph, QImage::Format_Grayscale8);
            for (std::size_t i = 0; i < sums.size(); ++i) {
                const auto shade = uchar(std::lround(255 * (sums[i] - *lo) / range));
                if (columns)
                    m_output.scanLine(0)[i] = shade;
                else
                    m_output.scanLine(int(i))[0] = shade;
            }
        }
    }
    update();
}

int ImageView::headerHeight() const { return 2 * QFontMetrics(font()).height() + 12; }

int ImageView::legendTop() const {
    return height() - legendHeight(font(), width() - 16, legend()) - 6;
}

namespace {
// The largest rect of aspect w:h in `box`, centred across it.
// Top-aligned, so the input and the output start on one line and read side by side.
QRect fitted(const QRect& box, double w, double h) {
    if (w <= 0 || h <= 0 || box.width() <= 0 || box.height() <= 0) return box;
    const double s = std::min(box.width() / w, box.height() / h);
    const int ww = std::max(1, int(w * s)), hh = std::max(1, int(h * s));
    return QRect(box.left() + (box.width() - ww) / 2, box.top(), ww, hh);
}
}  // namespace

QRect ImageView::inputPanel() const {
    if (!m_geometry) return {};
    const QFontMetrics fm(font());
    const QRect all(8, headerHeight() + fm.height() + 4, width() - 16,
                    legendTop() - headerHeight() - 2 * fm.height() - 12);
    const ImageGeometry& g = *m_geometry;
    const int strip = 2 * fm.height();
    switch (g.output) {
        case OutputShape::Image:
            return fitted(QRect(all.left(), all.top(), all.width() / 2 - 8, all.height()),
                          double(g.inWidth), double(g.inHeight));
        case OutputShape::ColumnSums:
            return fitted(
                QRect(all.left(), all.top(), all.width(), all.height() - strip - fm.height() - 12),
                double(g.inWidth), double(g.inHeight));
        case OutputShape::RowSums:
            return fitted(QRect(all.left(), all.top(),
                                all.width() - strip - 16 - fm.horizontalAdvance(tr("row sums")),
                                all.height()),
                          double(g.inWidth), double(g.inHeight));
    }
    return {};
}

QRect ImageView::outputPanel() const {
    if (!m_geometry) return {};
    const QFontMetrics fm(font());
    const QRect in = inputPanel();
    const ImageGeometry& g = *m_geometry;
    const int strip = 2 * fm.height();
    switch (g.output) {
        case OutputShape::Image: {
            const QRect box(width() / 2 + 8, in.top(), width() / 2 - 16,
                            legendTop() - headerHeight() - 2 * fm.height() - 12);
            const QRect all(box.left(), headerHeight() + fm.height() + 4, box.width(),
                            box.height());
            return fitted(all, double(g.outWidth), double(g.outHeight));
        }
        case OutputShape::ColumnSums:
            return QRect(in.left(), in.bottom() + fm.height() + 10, in.width(), strip);
        case OutputShape::RowSums:
            return QRect(in.right() + 12, in.top(), strip, in.height());
    }
    return {};
}

QRectF ImageView::inputOnScreen(const PixelRect& r) const {
    if (!m_geometry) return {};
    const QRect p = inputPanel();
    const double sx = p.width() / double(m_geometry->inWidth);
    const double sy = p.height() / double(m_geometry->inHeight);
    return QRectF(p.left() + r.x * sx, p.top() + r.y * sy, r.w * sx, r.h * sy);
}

QRectF ImageView::outputOnScreen(const PixelRect& r) const {
    if (!m_geometry) return {};
    const QRect p = outputPanel();
    const double sx = p.width() / double(m_geometry->outWidth);
    const double sy = p.height() / double(m_geometry->outHeight);
    return QRectF(p.left() + r.x * sx, p.top() + r.y * sy, r.w * sx, r.h * sy);
}

std::vector<std::uint32_t> ImageView::runningBlocks() const {
    std::vector<std::uint32_t> out;
    const PreparedRun* prep = m_model->prepared();
    const Launch* l = launch();
    if (!prep || !l) return out;
    const double t = m_model->time();
    for (std::size_t i = 0; i < l->blocks.size(); ++i)
        if (prep->stateAt({0, int(i)}, t) == BlockState::Running) out.push_back(l->blocks.block[i]);
    return out;
}

void ImageView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    const Run* run = m_model->run();
    const Launch* l = launch();
    if (!m_geometry || !l) {
        drawMessage(p, rect(), tr("The image view shows the transposes and the axis reductions."));
        return;
    }
    const ImageGeometry& g = *m_geometry;
    const PreparedRun* prep = m_model->prepared();
    const double t = m_model->time();
    const QFontMetrics fm(font());
    const QRect in = inputPanel(), out = outputPanel();

    // Count states first for the header.
    std::size_t running = 0, done = 0;
    for (std::size_t i = 0; i < l->blocks.size(); ++i) {
        const BlockState s = prep->stateAt({0, int(i)}, t);
        running += s == BlockState::Running;
        done += s == BlockState::Done;
    }
    p.setPen(palette::text());
    // The kernel and the image's size stay; a kernel name's parenthesis
    // ("(4 rows per thread)") gives way first.
    const QString what = g.bytes ? tr("%1 x %2 pixels (uint8)") : tr("%1 x %2 floats");
    const QString kernel = QString::fromStdString(l->kernel);
    const qsizetype paren = kernel.indexOf(QStringLiteral(" ("));
    drawTitle(
        p, font(), QRect(8, 4, width() - 16, QFontMetrics(titleFont(font())).height()),
        fitCaptionPieces(QFontMetrics(titleFont(font())), width() - 16,
                         {{paren < 0 ? kernel : kernel.left(paren), kCaptionValue},
                          {paren < 0 ? QString() : kernel.mid(paren), 0},
                          {tr(" — %1").arg(what.arg(g.inWidth).arg(g.inHeight)), kCaptionValue}}));
    // Shorter forms, never cut ("16,384 of 16,"): the count's end is what it says.
    const QString doneText = tr("%1 of %2 done")
                                 .arg(groupDigits((long long)done))
                                 .arg(groupDigits((long long)l->blocks.size()));
    p.drawText(
        QRect(8, 6 + fm.height(), width() - 16, fm.height()), Qt::AlignLeft,
        fitCaptionForms(
            fm, width() - 16,
            {(running == 1 ? tr("at %1: %2 block running, %3") : tr("at %1: %2 blocks running, %3"))
                 .arg(formatDuration(t))
                 .arg(groupDigits((long long)running))
                 .arg(doneText),
             tr("%1 running, %2").arg(groupDigits((long long)running)).arg(doneText), doneText}));

    // Captions above (or beside) the panels.
    p.setPen(palette::mutedText());
    // A caption wider than its image (a tall, narrow output) may run on to
    // `right` and start as far left as `left`; what still does not fit is
    // elided. Returns where its text ends.
    const auto caption = [&](const QRect& image, int left, int right, const QString& text) {
        const int wanted = fm.horizontalAdvance(text);
        const int x = std::max(left, std::min(image.left(), right - wanted));
        const int room = std::max(0, right - x);
        const QString shown = fm.elidedText(text, Qt::ElideRight, room);
        const int end = x + fm.horizontalAdvance(shown);
        p.drawText(QRect(x, image.top() - fm.height() - 2, end - x + 1, fm.height()), Qt::AlignLeft,
                   shown);
        return end;
    };
    const bool outputBeside = out.left() > in.right();
    const int inputEnd =
        caption(in, in.left(), outputBeside ? out.left() - 8 : width() - 8,
                g.bytes ? tr("input src (width x height)") : tr("input: element positions"));
    const QString outCaption =
        g.output == OutputShape::Image
            ? tr("output dst (height x width)")
            : (g.output == OutputShape::ColumnSums ? tr("column sums dst[x]") : tr("row sums"));
    if (g.output == OutputShape::RowSums)
        p.drawText(QRect(out.right() + 4, out.top(), width() - out.right() - 8, fm.height() * 2),
                   Qt::AlignLeft | Qt::TextWordWrap, outCaption);
    else
        // Beside the input, it may start left of its image only up to where
        // the input's caption ends: at a narrow width the two ran together.
        caption(out, outputBeside ? std::max(in.right() + 8, inputEnd + 12) : out.left(),
                width() - 8, outCaption);

    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.drawImage(in, m_input);
    p.drawImage(out, m_output);

    // Output not written yet: greyed; running blocks: orange on both sides.
    const QColor pending(0xBD, 0xBD, 0xBD, 235);
    QColor runFill = mc::running();
    runFill.setAlpha(150);
    for (std::size_t i = 0; i < l->blocks.size(); ++i) {
        const BlockState s = prep->stateAt({0, int(i)}, t);
        if (s == BlockState::Done) continue;
        const auto region = blockRegion(*m_settings, *l, l->blocks.block[i]);
        if (!region) continue;
        const QRectF o = outputOnScreen(region->output);
        if (s == BlockState::Waiting) {
            p.fillRect(o, pending);
            continue;
        }
        const QRectF r = inputOnScreen(region->input);
        p.fillRect(r, runFill);
        p.fillRect(o, runFill);
    }
    // Outline running tiles when they are big enough to see as tiles.
    p.setPen(QPen(mc::running().darker(140), 1.5));
    p.setBrush(Qt::NoBrush);
    for (std::size_t i = 0; i < l->blocks.size(); ++i) {
        if (prep->stateAt({0, int(i)}, t) != BlockState::Running) continue;
        const auto region = blockRegion(*m_settings, *l, l->blocks.block[i]);
        if (!region) continue;
        const QRectF r = inputOnScreen(region->input);
        if (r.width() >= 6 && r.height() >= 6) p.drawRect(r);
        const QRectF o = outputOnScreen(region->output);
        if (o.width() >= 6 && o.height() >= 6) p.drawRect(o);
    }
    // The selected block, thick, so it can be followed across both images.
    const BlockRef sel = m_model->selected();
    if (sel.valid() && sel.launch == 0 && std::size_t(sel.record) < l->blocks.size())
        if (const auto region =
                blockRegion(*m_settings, *l, l->blocks.block[std::size_t(sel.record)])) {
            p.setPen(QPen(palette::selection(), 3));
            auto grow = [](QRectF r) { return r.adjusted(-2, -2, 2, 2); };
            p.drawRect(grow(inputOnScreen(region->input)));
            p.drawRect(grow(outputOnScreen(region->output)));
        }
    p.setPen(QPen(palette::text(), 1));
    p.drawRect(QRectF(in).adjusted(-0.5, -0.5, 0.5, 0.5));
    p.drawRect(QRectF(out).adjusted(-0.5, -0.5, 0.5, 0.5));
    drawLegend(p, QRect(8, legendTop(), width() - 16, height() - legendTop()), legend());
}

std::optional<std::uint32_t> ImageView::blockAt(QPointF pos) const {
    const Run* run = m_model->run();
    const Launch* l = launch();
    if (!run || !l || !m_geometry) return std::nullopt;
    for (std::size_t i = 0; i < l->blocks.size(); ++i) {
        const auto region = blockRegion(*m_settings, *l, l->blocks.block[i]);
        if (!region) continue;
        if (inputOnScreen(region->input).contains(pos) ||
            outputOnScreen(region->output).contains(pos))
            return l->blocks.block[i];
    }
    return std::nullopt;
}

void ImageView::mousePressEvent(QMouseEvent* e) {
    if (const auto b = blockAt(e->position())) {
        const PreparedRun* prep = m_model->prepared();
        if (prep) m_model->setSelected(prep->refOfBlock(0, *b));
    }
    QWidget::mousePressEvent(e);
}

bool ImageView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    const auto* he = static_cast<QHelpEvent*>(e);
    const auto b = blockAt(he->pos());
    const Run* run = m_model->run();
    if (!b || !run) {
        QToolTip::hideText();
        return true;
    }
    const auto region = blockRegion(*m_settings, *launch(), *b);
    const PixelRect& r = region->input;
    QToolTip::showText(he->globalPos(),
                       tr("<b>block %1</b><br>reads x %2–%3, y %4–%5")
                           .arg(*b)
                           .arg(r.x)
                           .arg(r.x + r.w - 1)
                           .arg(r.y)
                           .arg(r.y + r.h - 1),
                       this);
    return true;
}

}  // namespace ws
