#include "app/gui/compare/run_pair.h"

#include <algorithm>

#include "app/gui/worker/trace_loading.h"

namespace ws {

RunPair::RunPair(PlaybackModel* left, QObject* parent)
    : QObject(parent), m_left(left), m_leftAlive(left), m_right(new PlaybackModel(this)) {
    connect(m_left, &PlaybackModel::timeChanged, this, &RunPair::follow);
    connect(m_left, &PlaybackModel::highlightChanged, this, &RunPair::follow);
    connect(m_left, &PlaybackModel::runChanged, this, &RunPair::changed);
    connect(m_left, &PlaybackModel::runChanged, this, &RunPair::shareTimeScale);
    connect(m_right, &PlaybackModel::runChanged, this, &RunPair::shareTimeScale);
}

RunPair::~RunPair() {
    if (m_leftAlive) m_leftAlive->setCommonSpan(0);
}

void RunPair::shareTimeScale() {
    const bool both = m_left->run() && m_right->run();
    const double span = both ? std::max(m_left->duration(), m_right->duration()) : 0;
    m_left->setCommonSpan(span);
    m_right->setCommonSpan(span);
}

void RunPair::setLockstep(Lockstep lockstep) {
    m_lockstep = lockstep;
    follow();
}

void RunPair::follow() {
    if (!m_right->run()) return;
    m_right->setHighlight(m_left->highlight());
    if (m_lockstep == Lockstep::Event && m_left->stepCount() > 0 && m_right->stepCount() > 0)
        m_right->setStep(m_left->currentStep());
    else if (m_left->duration() > 0 &&
             (m_left->time() >= m_left->playbackEnd() ||
              (!m_left->playing() && m_left->time() == m_left->duration())))
        // Both finished, however long each took: the end of the longer span,
        // or a still picture at the leading run's end (a slide's 'at: end').
        m_right->setTime(m_right->duration());
    else
        // The same ns after each run's first block; a shorter leading run
        // plays on to the longer one's end (PlaybackModel::playbackEnd).
        m_right->setTime(m_left->time());
}

void RunPair::setRight(std::shared_ptr<const PreparedRun> prepared) {
    m_right->setRun(std::move(prepared));
    follow();
    emit changed();
}

void RunPair::loadRight(const QString& file, std::function<void(QString)> done) {
    const int generation = ++m_generation;
    ++m_loading;
    loadTraceInBackground(this, file, [this, generation, done](LoadedTrace loaded) {
        --m_loading;
        if (generation != m_generation) return;  // a newer choice wins
        if (loaded.prepared) setRight(loaded.prepared);
        if (done) done(loaded.error);
    });
}

}  // namespace ws
