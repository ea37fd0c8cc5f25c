#include "tests/widgets/support/qt_test_support.h"

#include <QPainter>

namespace ws::test {

Run smallRun() {
    constexpr std::uint64_t kOrigin = 1'700'000'000'000'000'000ULL;  // as %globaltimer reads
    Run r;
    r.experiment = "reduce-single-block";
    r.params = {{"n", "2048"}, {"block", "128"}, {"type", "int32"}, {"traced_blocks", "1"}};
    r.device.name = "Test GPU";
    r.device.smCount = 4;
    r.device.timerTickNs = 32;
    r.device.memBandwidthGBs = 1000;
    r.recordedAt = "2026-11-21T10:00:00Z";
    r.timing.kernelMs = 0.002;
    r.timing.bytesMoved = 8192;
    r.timing.repetitions = 5;
    r.verification = {.checked = true, .passed = true, .expected = "2096128", .actual = "2096128"};
    Launch l;
    l.kernel = "sumCommSingleBlock";
    l.grid = {8, 2, 1};
    l.block = {128, 1, 1};
    l.blocks.resize(16);
    for (std::uint32_t i = 0; i < 16; ++i) {
        l.blocks.block[i] = i;
        l.blocks.sm[i] = i % 4;
        l.blocks.startNs[i] = kOrigin + (i / 8) * 1000;
        l.blocks.endNs[i] = l.blocks.startNs[i] + 900;
        l.blocks.startClock[i] = 1000 * i;
        l.blocks.endClock[i] = 1000 * i + 1800;
    }
    auto& st = l.steps;
    st.components = 1;
    for (std::uint32_t step = 0; step < 8; ++step) {
        const std::uint32_t stride = step == 0 ? 128 : 128 >> step;
        for (std::uint32_t warp = 0; warp < 4; ++warp) {
            std::uint32_t mask = 0;
            for (std::uint32_t lane = 0; lane < 32; ++lane)
                if (warp * 32 + lane < stride) mask |= 1u << lane;
            st.block.push_back(0);
            st.warp.push_back(warp);
            st.step.push_back(step);
            st.activeMask.push_back(mask);
            st.clock.push_back(100 + 200 * step);
            for (std::uint32_t lane = 0; lane < 32; ++lane) {
                st.before.push_back(warp * 32 + lane);
                st.after.push_back(warp * 32 + lane + step);
            }
        }
    }
    r.launches.push_back(std::move(l));
    return r;
}

std::shared_ptr<const PreparedRun> smallPrepared() {
    return prepareRun(std::make_shared<const Run>(smallRun()));
}

QImage render(QWidget& w) {
    QImage image(w.size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::magenta);
    QPainter p(&image);
    w.render(&p);
    return image;
}

bool near(QColor a, QColor b, int tolerance) {
    return std::abs(a.red() - b.red()) <= tolerance &&
           std::abs(a.green() - b.green()) <= tolerance &&
           std::abs(a.blue() - b.blue()) <= tolerance;
}

bool anyNear(const QImage& image, const QRect& area, QColor colour, int tolerance) {
    const QRect r = area.intersected(image.rect());
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            if (near(image.pixelColor(x, y), colour, tolerance)) return true;
    return false;
}

}  // namespace ws::test
