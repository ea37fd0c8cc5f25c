// Renders the memory lab's documentation images at a projection font size,
// from the traces recorded on the H100 that ship in resources/traces:
//   ws_memory_lab_images RESOURCES_DIR OUTPUT_DIR
// Writes bank-stride32.png, bank-padded.png, coalescing-naive-transpose.png,
// image-transpose.png and memory-throughput.png.
#include <QApplication>
#include <QDir>
#include <QPainter>
#include <cstdio>

#include "app/gui/common/bundled_traces.h"
#include "app/gui/memory/memory_throughput.h"
#include "core/trace/trace_io.h"
#include "tests/widgets/support/view_image.h"
#include "widgets/memory/bank_view.h"
#include "widgets/memory/coalescing_view.h"
#include "widgets/memory/image_view.h"
#include "widgets/plots/throughput_plot.h"
#include "widgets/view/palette.h"

namespace {

QString g_traces;

// The recorded trace of `id` with these parameters (others as recorded).
std::shared_ptr<const ws::PreparedRun> prepared(const std::string& id, const ws::ParamValues& p) {
    auto bundled = ws::BundledTraces::load(g_traces + "/manifest.json");
    if (!bundled) return nullptr;
    const ws::BundledTrace* t = bundled->bestMatch(id, p);
    if (!t) return nullptr;
    auto run = ws::loadTrace(t->file.toStdString());
    if (!run) return nullptr;
    return ws::prepareRun(std::make_shared<const ws::Run>(std::move(run).value()));
}

bool save(QWidget& w, const QString& path) { return ws::test::saveViewImage(w, path); }

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (argc != 3) {
        std::fprintf(stderr, "usage: ws_memory_lab_images RESOURCES_DIR OUTPUT_DIR\n");
        return 2;
    }
    g_traces = QString::fromLocal8Bit(argv[1]) + "/traces";
    const QDir out(QString::fromLocal8Bit(argv[2]));
    QFont font = QApplication::font();
    font.setPointSizeF(15);  // readable from the back of a lecture hall
    QApplication::setFont(font);
    const QSize size(1400, 800);
    bool ok = true;

    ws::PlaybackModel model;
    {
        model.setRun(
            prepared("bank-probe",
                     {{"stride", "32"}, {"width", "4"}, {"tile", "none"}, {"pattern", "stride"}}));
        ws::BankView view(&model);
        view.setMeasurementNote(QStringLiteral("recorded on the H100"));
        view.resize(size);
        ok &= save(view, out.filePath("bank-stride32.png"));
    }
    {
        model.setRun(prepared("transpose-u8",
                              {{"width", "1920"}, {"height", "1080"}, {"variant", "padded"}}));
        ws::BankView view(&model);
        view.setInstruction(1);  // v = sbuf[tx][ty]
        view.setMeasurementNote(QStringLiteral("recorded on the H100"));
        view.resize(size);
        ok &= save(view, out.filePath("bank-padded.png"));
    }
    {
        model.setRun(prepared("transpose-u8",
                              {{"width", "1920"}, {"height", "1080"}, {"variant", "naive"}}));
        ws::CoalescingView view(&model);
        view.setRequest(1);  // the write
        view.resize(size);
        ok &= save(view, out.filePath("coalescing-naive-transpose.png"));
    }
    {
        model.setRun(prepared("transpose-u8",
                              {{"width", "1920"}, {"height", "1080"}, {"variant", "padded"}}));
        model.setTime(model.duration() * 0.45);
        ws::ImageView view(&model);
        view.resize(size);
        ok &= save(view, out.filePath("image-transpose.png"));
    }
    {
        auto bundled = ws::BundledTraces::load(g_traces + "/manifest.json");
        model.setRun(prepared("transpose-f32",
                              {{"width", "4096"}, {"height", "4096"}, {"variant", "padded"}}));
        if (!bundled || !model.run()) return 1;
        ws::ThroughputPlot plot;
        plot.setData(ws::memoryThroughputFor(*model.run(), *bundled, {}));
        plot.resize(size);
        ok &= save(plot, out.filePath("memory-throughput.png"));
    }
    return ok ? 0 : 1;
}
