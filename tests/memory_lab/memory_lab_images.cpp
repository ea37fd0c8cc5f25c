// Renders the memory lab's documentation images from runs the access model
// builds (no GPU needed), at a projection font size:
//   ws_memory_lab_images OUTPUT_DIR
// Writes bank-stride32.png, bank-padded.png, coalescing-naive-transpose.png
// and image-transpose.png. The measured cycles in these images come from the
// model (about 8 cycles a pass), as their captions say.
#include <QApplication>
#include <QDir>
#include <QPainter>
#include <cstdio>

#include "core/memory_access_model.h"
#include "widgets/bank_view.h"
#include "widgets/coalescing_view.h"
#include "widgets/image_view.h"
#include "widgets/palette.h"

namespace {

std::shared_ptr<const ws::PreparedRun> prepared(const std::string& id, const ws::ParamValues& p,
                                                double ms) {
    return ws::prepareRun(std::make_shared<const ws::Run>(ws::modelledMemoryRun(id, p, ms)));
}

bool save(QWidget& w, const QString& path) {
    QImage image(w.size(), QImage::Format_RGB32);
    image.fill(ws::palette::background());
    QPainter p(&image);
    w.render(&p);
    p.end();
    if (!image.save(path)) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
        return false;
    }
    std::printf("%s\n", qPrintable(path));
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: ws_memory_lab_images OUTPUT_DIR\n");
        return 2;
    }
    const QDir out(QString::fromLocal8Bit(argv[1]));
    QFont font = QApplication::font();
    font.setPointSizeF(15);  // readable from the back of a lecture hall
    QApplication::setFont(font);
    const QSize size(1400, 800);
    bool ok = true;

    ws::PlaybackModel model;
    {
        model.setRun(prepared(
            "bank-probe",
            {{"stride", "32"}, {"width", "4"}, {"tile", "none"}, {"pattern", "stride"}}, 0.01));
        ws::BankView view(&model);
        view.setMeasurementNote(QStringLiteral("modelled cycles, not measured"));
        view.resize(size);
        ok &= save(view, out.filePath("bank-stride32.png"));
    }
    {
        model.setRun(prepared(
            "transpose-u8", {{"width", "1920"}, {"height", "1080"}, {"variant", "padded"}}, 0.05));
        ws::BankView view(&model);
        view.setInstruction(1);  // v = sbuf[tx][ty]
        view.setMeasurementNote(QStringLiteral("modelled cycles, not measured"));
        view.resize(size);
        ok &= save(view, out.filePath("bank-padded.png"));
    }
    {
        model.setRun(prepared("transpose-u8",
                              {{"width", "1920"}, {"height", "1080"}, {"variant", "naive"}}, 0.05));
        ws::CoalescingView view(&model);
        view.setRequest(1);  // the write
        view.resize(size);
        ok &= save(view, out.filePath("coalescing-naive-transpose.png"));
    }
    {
        model.setRun(prepared(
            "transpose-u8", {{"width", "1920"}, {"height", "1080"}, {"variant", "padded"}}, 0.05));
        model.setTime(model.duration() * 0.45);
        ws::ImageView view(&model);
        view.resize(size);
        ok &= save(view, out.filePath("image-transpose.png"));
    }
    return ok ? 0 : 1;
}
