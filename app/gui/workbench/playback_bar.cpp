#include "app/gui/workbench/playback_bar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QStyle>
#include <QToolButton>

#include "widgets/view/view_text.h"

namespace ws {

namespace {
constexpr int kScrubSteps = 10000;
}

PlaybackBar::PlaybackBar(PlaybackModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
    auto* h = new QHBoxLayout(this);
    h->setContentsMargins(6, 2, 6, 2);
    auto button = [&](QStyle::StandardPixmap icon, const QString& tip, auto slot) {
        auto* b = new QToolButton(this);
        b->setIcon(style()->standardIcon(icon));
        b->setToolTip(tip);
        b->setAutoRaise(true);
        b->setIconSize(QSize(24, 24));
        connect(b, &QToolButton::clicked, model, slot);
        h->addWidget(b);
        return b;
    };
    button(QStyle::SP_MediaSkipBackward, tr("To the start (Home)"), &PlaybackModel::toStart);
    button(QStyle::SP_MediaSeekBackward, tr("Step back to the previous event (Left)"),
           &PlaybackModel::stepBack);
    m_play = button(QStyle::SP_MediaPlay, tr("Play / pause (Space)"), &PlaybackModel::togglePlay);
    button(QStyle::SP_MediaSeekForward,
           tr("Step forward to the next event: a block starts or "
              "ends, a warp begins a step (Right)"),
           &PlaybackModel::stepForward);
    button(QStyle::SP_MediaSkipForward, tr("To the end (End)"), &PlaybackModel::toEnd);

    m_speed = new QComboBox(this);
    for (double s : {0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0})
        m_speed->addItem(QStringLiteral("%1×").arg(s), s);
    m_speed->setCurrentIndex(3);
    m_speed->setToolTip(
        tr("Playback speed: at 1× the whole run plays in %1 s").arg(PlaybackModel::kBaseSeconds));
    connect(m_speed, &QComboBox::currentIndexChanged, this,
            [this] { m_model->setSpeed(m_speed->currentData().toDouble()); });
    h->addWidget(m_speed);

    m_scrubber = new QSlider(Qt::Horizontal, this);
    m_scrubber->setRange(0, kScrubSteps);
    m_scrubber->setToolTip(tr("GPU time since the first block started"));
    connect(m_scrubber, &QSlider::valueChanged, this, [this](int v) {
        if (m_updating) return;
        m_model->setTime(m_model->duration() * v / kScrubSteps);
    });
    // The scrubber keeps room to be dragged: squeezed by a narrow middle
    // column it shrank to its handle and read as a checkbox.
    m_scrubber->setMinimumWidth(100);
    h->addWidget(m_scrubber, 1);
    // The time over the event count, in two short lines: on one line they
    // held the bar wide, and a narrow bar cut the count to "event".
    m_time = new QLabel(this);
    m_time->setTextFormat(Qt::RichText);
    m_time->setToolTip(
        tr("GPU time since the first block started, of the run's span; the events "
           "are the block starts and ends and warp steps the arrows step through"));
    // Room for the times, so that the bar does not jump as they change.
    m_time->setMinimumWidth(QFontMetrics(font()).horizontalAdvance("000.000 µs / 000.000 µs"));
    h->addWidget(m_time);

    connect(model, &PlaybackModel::timeChanged, this, &PlaybackBar::refresh);
    connect(model, &PlaybackModel::runChanged, this, &PlaybackBar::refresh);
    connect(model, &PlaybackModel::playingChanged, this, [this](bool playing) {
        m_play->setIcon(
            style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    });
    refresh();
}

QString PlaybackBar::timeText() const { return m_plainTime; }

void PlaybackBar::refresh() {
    m_updating = true;
    const double d = m_model->duration();
    m_scrubber->setValue(d > 0 ? int(m_model->time() / d * kScrubSteps) : 0);
    m_updating = false;
    setEnabled(m_model->prepared() != nullptr);
    const QString times = tr("%1 / %2").arg(formatDuration(m_model->time()), formatDuration(d));
    const QString events =
        tr("event %1 of %2").arg(m_model->currentStep()).arg(std::max(0, m_model->stepCount() - 1));
    m_time->setText(times.toHtmlEscaped() + QStringLiteral("<br><small>") + events.toHtmlEscaped() +
                    QStringLiteral("</small>"));
    m_plainTime = tr("GPU time %1 · %2").arg(times, events);
}

}  // namespace ws
