#include "widgets/memkinds/texture_paths_plot.h"

#include "core/memkinds/memkinds_tables.h"
#include "widgets/memkinds/memkinds_plot_pieces.h"

namespace ws {

namespace {

using memkinds::TexturePath;
using memkinds::TexturePathTiming;

QString pathName(TexturePath path) {
    switch (path) {
        case TexturePath::Texture:
            return QObject::tr("texture");
        case TexturePath::Global:
            return QObject::tr("global");
        case TexturePath::ReadOnly:
            return QObject::tr("__ldg");
    }
    return {};
}

}  // namespace

TexturePathsPlot::TexturePathsPlot(PlaybackModel* model, QWidget* parent)
    : TimingBars(parent), m_model(model) {
    connect(model, &PlaybackModel::runChanged, this, &TexturePathsPlot::readRun);
    readRun();
}

void TexturePathsPlot::readRun() {
    const Run* run = m_model->run();
    const auto rows =
        run ? memkinds::readTexturePaths(*run)
            : Result<std::vector<TexturePathTiming>>(std::vector<TexturePathTiming>{});
    const QString message = tableMessage(
        rows, tr("Run texture to see a rotated window read through the texture path, global "
                 "loads and __ldg."));
    QString title = tr("A rotated window, three ways to read it");
    std::vector<TimingBar> bars;
    if (message.isEmpty()) {
        const std::string recorded = runParam(*run, "path", "");
        const QString size = QString::fromStdString(runParam(*run, "size", ""));
        const QString angle = QString::fromStdString(runParam(*run, "angle", ""));
        if (!size.isEmpty() && !angle.isEmpty())
            title = tr("A %1 × %1 window turned %2°, three ways to read it").arg(size, angle);
        for (const TexturePathTiming& t : rows.value())
            bars.push_back({.name = pathName(t.path),
                            .ms = t.ms,
                            .detail = gbsText(t.gbPerS),
                            .recorded = recorded == memkinds::texturePathName(t.path),
                            .verified = t.verified});
    }
    if (run && !run->device.name.empty())
        title += tr(" — %1").arg(QString::fromStdString(run->device.name));
    setBars(title, std::move(bars), message);
}

}  // namespace ws
