#include "widgets/model/playback_model.h"

#include <QDateTime>
#include <algorithm>

namespace ws {

PlaybackModel::PlaybackModel(QObject* parent) : QObject(parent) {
    m_timer.setInterval(16);
    connect(&m_timer, &QTimer::timeout, this, &PlaybackModel::advance);
}

void PlaybackModel::setRun(std::shared_ptr<const PreparedRun> prepared) {
    pause();
    m_prepared = std::move(prepared);
    m_selected = {};
    m_hovered = {};
    m_marked.clear();  // records of another run
    // A freshly opened run shows its end state: every block placed, which is
    // the useful still picture; Home rewinds for the animation.
    m_time = duration();
    // Select the first traced block, so the warp view has something to show.
    if (m_prepared) {
        const auto& launches = m_prepared->run->launches;
        for (std::size_t li = 0; li < launches.size() && !m_selected.valid(); ++li)
            if (launches[li].steps.size())
                m_selected = m_prepared->refOfBlock(int(li), launches[li].steps.block[0]);
        if (!m_selected.valid() && !launches.empty() && launches[0].blocks.size())
            m_selected = {0, 0};
    }
    emit runChanged();
    emit timeChanged(m_time);
    emit selectionChanged(m_selected);
}

int PlaybackModel::stepCount() const { return m_prepared ? int(m_prepared->steps.size()) : 0; }

int PlaybackModel::currentStep() const {
    if (!m_prepared || m_prepared->steps.empty()) return 0;
    const auto& s = m_prepared->steps;
    const auto it = std::upper_bound(s.begin(), s.end(), m_time);
    return std::max(0, int(it - s.begin()) - 1);
}

void PlaybackModel::setTime(double ns) {
    ns = std::clamp(ns, 0.0, playbackEnd());
    if (ns == m_time) return;
    m_time = ns;
    emit timeChanged(m_time);
}

void PlaybackModel::setStep(int step) {
    if (!m_prepared || m_prepared->steps.empty()) return;
    step = std::clamp(step, 0, stepCount() - 1);
    setTime(m_prepared->steps[std::size_t(step)]);
}

void PlaybackModel::stepForward() {
    if (!m_prepared || m_prepared->steps.empty()) return;
    const auto& s = m_prepared->steps;
    const auto it = std::upper_bound(s.begin(), s.end(), m_time);
    setTime(it == s.end() ? playbackEnd() : *it);
}

void PlaybackModel::stepBack() {
    if (!m_prepared || m_prepared->steps.empty()) return;
    const auto& s = m_prepared->steps;
    const auto it = std::lower_bound(s.begin(), s.end(), m_time);
    setTime(it == s.begin() ? 0.0 : *(it - 1));
}

void PlaybackModel::toStart() { setTime(0); }
void PlaybackModel::toEnd() { setTime(playbackEnd()); }

void PlaybackModel::play() {
    if (!m_prepared || playing()) return;
    if (m_time >= playbackEnd()) setTime(0);
    m_lastTickMs = QDateTime::currentMSecsSinceEpoch();
    m_timer.start();
    emit playingChanged(true);
}

void PlaybackModel::pause() {
    if (!playing()) return;
    m_timer.stop();
    emit playingChanged(false);
}

void PlaybackModel::togglePlay() { playing() ? pause() : play(); }

void PlaybackModel::setSpeed(double factor) { m_speed = std::clamp(factor, 1.0 / 64, 64.0); }

void PlaybackModel::setSelected(BlockRef ref) {
    if (ref == m_selected) return;
    m_selected = ref;
    emit selectionChanged(ref);
}

void PlaybackModel::setHovered(BlockRef ref) {
    if (ref == m_hovered) return;
    m_hovered = ref;
    emit hoverChanged(ref);
}

void PlaybackModel::advance() {
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const double wall = double(now - m_lastTickMs) / 1000.0;
    m_lastTickMs = now;
    const double next = m_time + wall * m_speed * playbackEnd() / kBaseSeconds;
    if (next >= playbackEnd()) {
        setTime(playbackEnd());
        pause();
        return;
    }
    setTime(next);
}

void PlaybackModel::setHighlight(const Highlight& highlight) {
    if (highlight == m_highlight) return;
    m_highlight = highlight;
    emit highlightChanged();
}

}  // namespace ws

namespace ws {

void PlaybackModel::setCommonSpan(double ns) {
    ns = std::max(0.0, ns);
    if (ns == m_commonSpan) return;
    m_commonSpan = ns;
    emit commonSpanChanged();
}

void PlaybackModel::setMarked(std::vector<BlockRef> blocks) {
    if (blocks == m_marked) return;
    m_marked = std::move(blocks);
    emit markedChanged();
}

}  // namespace ws
