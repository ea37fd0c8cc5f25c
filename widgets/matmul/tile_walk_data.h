#pragma once
// What the tile walk shows of a matrix multiply run, prepared once per run:
// its shape, the recorded phases of the traced blocks on the playback clock
// (clock64 mapped to ns by each block's own start and end), the model's
// phases for any other block (spread evenly over its lifetime, and said to
// be modelled), and the wrong entries a failed check kept.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/matmul/matmul_records.h"
#include "core/matmul/matmul_reference.h"
#include "widgets/model/prepared_run.h"

namespace ws {

struct TileWalkPhase {
    std::uint32_t phase = 0;
    PhaseTiles tiles;
    double startNs = 0;  // on the playback clock
};

struct TileWalkBlock {
    std::uint32_t block = 0;
    MatrixRect c;
    bool measured = false;  // phases from a GPU's records, not the model
    double startNs = 0, endNs = 0;
    std::vector<TileWalkPhase> phases;  // empty for kernels without shared tiles
    // The phase running at time t: -1 before the first, the last after the end.
    int phaseAt(double t) const;
};

class TileWalkData {
public:
    static TileWalkData build(const PreparedRun* prepared);

    bool valid() const { return m_shape.has_value(); }
    const std::string& problem() const { return m_problem; }  // why not valid
    const MatmulRunShape& shape() const { return *m_shape; }
    bool hasKernel() const { return m_launch >= 0; }  // false: CPU and cuBLAS runs
    int launch() const { return m_launch; }
    const std::vector<std::uint32_t>& tracedBlocks() const { return m_traced; }
    const std::vector<MatmulMismatch>& mismatches() const { return m_mismatches; }
    std::uint64_t wrongEntries() const { return m_wrong; }

    // A block's walk: recorded when it was traced, else modelled.
    TileWalkBlock walk(std::uint32_t block) const;
    // The phases the corrected kernel would load (the printed kernel's run only).
    bool showsCorrection() const;

private:
    const PreparedRun* m_prepared = nullptr;
    std::optional<MatmulRunShape> m_shape;
    std::string m_problem;
    int m_launch = -1;
    std::vector<MatmulPhase> m_phases;
    std::vector<std::uint32_t> m_traced;
    std::vector<MatmulMismatch> m_mismatches;
    std::uint64_t m_wrong = 0;
    bool m_measured = true;
};

}  // namespace ws
