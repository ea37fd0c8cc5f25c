#pragma once
// set0's two versions side by side: the instructions each compiled to
// (cuobjdump -sass, captured when warpscope was built and stored in the
// trace), the opcodes one has that the other lacks marked, and the times
// measured for each in the same run. The lesson: the 24-bit multiply the
// seed asks for costs instructions on this GPU, and the time does not move.
#include <QWidget>

#include "core/device/sass_listing.h"
#include "widgets/model/playback_model.h"

namespace ws {

class SassView : public QWidget {
    Q_OBJECT
public:
    explicit SassView(PlaybackModel* model, QWidget* parent = nullptr);

    const SassFunction& mul24() const { return m_mul24; }
    const SassFunction& multiply() const { return m_multiply; }
    QString note() const { return m_note; }
    QString timesText() const;
    // Whether line `i` of a side holds an opcode the other side has fewer of.
    bool differs(bool mul24Side, std::size_t i) const;
    QSize sizeHint() const override { return {720, 420}; }

protected:
    void paintEvent(QPaintEvent*) override;

private:
    void rebuild();

    PlaybackModel* m_model;
    SassFunction m_mul24, m_multiply;
    std::map<std::string, int> m_extraMul24, m_extraMultiply;
    QString m_note;
    bool m_active = false;
};

}  // namespace ws
