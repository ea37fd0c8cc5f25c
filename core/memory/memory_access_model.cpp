#include "core/memory/memory_access_model.h"

#include <algorithm>

#include "core/matmul/matmul_access_model.h"
#include "core/memory/memory_reference.h"

namespace ws {

namespace {

using Shape = LaunchShape;

std::uint32_t div(std::uint64_t a, std::uint64_t b) { return std::uint32_t((a + b - 1) / b); }

// The launch shapes the launchers use.
Shape shapeOf(const MemorySettings& p) {
    const std::uint64_t w = p.width, h = p.height;
    const std::uint32_t threads = p.block;
    switch (p.experiment) {
        case MemoryExperiment::TransposeU8:
            return {{div(w, 16), div(h, 16), 1}, {16, 16, 1}};
        case MemoryExperiment::TransposeF32:
            return {{div(w, 32), div(h, 32), 1}, {32, 32 / p.rowsPerThread, 1}};
        case MemoryExperiment::ReduceColumns:
            return {{div(w, threads), 1, 1}, {threads, 1, 1}};
        case MemoryExperiment::ReduceRowsAtomic:
            return {{div(h, threads), div(w, 128), 1}, {threads, 1, 1}};
        case MemoryExperiment::ReduceRowsBlock:
            return {{1, std::uint32_t(h), 1}, {threads, 1, 1}};
        case MemoryExperiment::BankProbe:
            break;
    }
    return {{1, 1, 1}, {32, 1, 1}};  // the probe: one warp
}

// Fills one request lane by lane: f(lane, address&) returns whether the lane is active.
template <typename F>
ModelledGlobal global(std::string what, bool write, std::uint32_t width, F&& f) {
    ModelledGlobal g{std::move(what), write, width};
    for (std::uint32_t lane = 0; lane < 32; ++lane)
        if (f(lane, g.address[lane])) g.activeMask |= 1u << lane;
    for (std::uint32_t lane = 0; lane < 32; ++lane)
        if (!(g.activeMask >> lane & 1u)) g.address[lane] = 0;  // as the tracer stores them
    return g;
}

template <typename F>
ModelledShared shared(std::string what, bool store, std::uint32_t width, F&& f) {
    ModelledShared s{std::move(what), store, {}};
    s.access.widthBytes = width;
    s.access.activeMask = 0;
    for (std::uint32_t lane = 0; lane < 32; ++lane) {
        std::uint64_t a = 0;
        if (f(lane, a)) {
            s.access.activeMask |= 1u << lane;
            s.access.address[lane] = std::uint32_t(a);
        }
    }
    return s;
}

ModelledWarp transposeU8(const MemorySettings& p, const Shape& s, std::uint32_t b,
                         std::uint32_t warp) {
    const std::uint64_t W = p.width, H = p.height;
    const TransposeVariant variant = p.variant;
    const bool padded = variant == TransposeVariant::Padded;
    const std::uint64_t bx = b % s.grid.x, by = b / s.grid.x;
    const std::uint64_t pitch = 16 + (padded ? 4 : 0);
    auto tx = [&](std::uint32_t lane) { return std::uint64_t(warp * 32 + lane) % 16; };
    auto ty = [&](std::uint32_t lane) { return std::uint64_t(warp * 32 + lane) / 16; };
    ModelledWarp m;
    m.global.push_back(global("v = src[x + y * width]", false, 1, [&](auto lane, auto& a) {
        const std::uint64_t x = bx * 16 + tx(lane), y = by * 16 + ty(lane);
        a = x + y * W;
        return x < W && y < H;
    }));
    if (variant == TransposeVariant::Naive) {
        m.global.push_back(global("dst[y + x * height] = v", true, 1, [&](auto lane, auto& a) {
            const std::uint64_t x = bx * 16 + tx(lane), y = by * 16 + ty(lane);
            a = y + x * H;
            return x < W && y < H;
        }));
        return m;
    }
    const std::string sbuf = padded ? "sbuf[16][16+4]" : "sbuf[16][16]";
    m.shared.push_back(
        shared("sbuf[ty][tx] = v   (" + sbuf + ")", true, 1, [&](auto lane, auto& a) {
            a = ty(lane) * pitch + tx(lane);
            return bx * 16 + tx(lane) < W && by * 16 + ty(lane) < H;
        }));
    m.shared.push_back(
        shared("v = sbuf[tx][ty]   (" + sbuf + ")", false, 1, [&](auto lane, auto& a) {
            a = tx(lane) * pitch + ty(lane);
            return bx * 16 + ty(lane) < W && by * 16 + tx(lane) < H;
        }));
    m.global.push_back(
        global("dst[y + x * height] = v  (x, y swapped)", true, 1, [&](auto lane, auto& a) {
            const std::uint64_t x = bx * 16 + ty(lane), y = by * 16 + tx(lane);
            a = y + x * H;
            return x < W && y < H;
        }));
    return m;
}

ModelledWarp transposeF32(const MemorySettings& p, const Shape& s, std::uint32_t b,
                          std::uint32_t warp) {
    const std::uint64_t W = p.width, H = p.height;
    const TransposeVariant variant = p.variant;
    const bool padded = variant == TransposeVariant::Padded;
    ModelledWarp m;
    // No fixed 32x32 tile to model.
    if (variant == TransposeVariant::Copy || variant == TransposeVariant::Best) return m;
    const std::uint64_t bx = b % s.grid.x, by = b / s.grid.x;
    const std::uint64_t ty = warp;  // blockDim.x is 32: a warp is one row of threads
    const std::uint64_t pitch = 32 + (padded ? 1 : 0);
    m.global.push_back(global("in[y * width + x]", false, 4, [&](auto lane, auto& a) {
        const std::uint64_t x = bx * 32 + lane, y = by * 32 + ty;
        a = (y * W + x) * 4;
        return x < W && y < H;
    }));
    if (variant == TransposeVariant::Naive) {
        m.global.push_back(global("out[x * height + y] = v", true, 4, [&](auto lane, auto& a) {
            const std::uint64_t x = bx * 32 + lane, y = by * 32 + ty;
            a = (x * H + y) * 4;
            return x < W && y < H;
        }));
        return m;
    }
    const std::string tile = padded ? "tile[32][32+1]" : "tile[32][32]";
    m.shared.push_back(
        shared("tile[ty][tx] = v   (" + tile + ")", true, 4, [&](auto lane, auto& a) {
            a = (ty * pitch + lane) * 4;
            return bx * 32 + lane < W && by * 32 + ty < H;
        }));
    m.shared.push_back(
        shared("v = tile[tx][ty]   (" + tile + ")", false, 4, [&](auto lane, auto& a) {
            a = (std::uint64_t(lane) * pitch + ty) * 4;
            return by * 32 + lane < H && bx * 32 + ty < W;
        }));
    m.global.push_back(
        global("out[y * height + x] = v  (x, y swapped)", true, 4, [&](auto lane, auto& a) {
            const std::uint64_t x = by * 32 + lane, y = bx * 32 + ty;
            a = (y * H + x) * 4;
            return x < H && y < W;
        }));
    return m;
}

ModelledWarp axisReduce(const MemorySettings& p, const Shape& s, std::uint32_t b,
                        std::uint32_t warp) {
    const std::uint64_t W = p.width, H = p.height;
    const std::uint64_t threads = s.block.x;
    const std::uint64_t bx = b % s.grid.x, by = b / s.grid.x;
    ModelledWarp m;
    if (p.is(MemoryExperiment::ReduceColumns)) {
        auto x = [&](std::uint32_t lane) { return bx * threads + warp * 32 + lane; };
        m.global.push_back(
            global("sum += src[x + y * width]  (y = 0)", false, 1, [&](auto lane, auto& a) {
                a = x(lane);
                return x(lane) < W;
            }));
        m.global.push_back(global("dst[x] = sum", true, 4, [&](auto lane, auto& a) {
            a = x(lane) * 4;
            return x(lane) < W;
        }));
    } else if (p.is(MemoryExperiment::ReduceRowsAtomic)) {
        auto y = [&](std::uint32_t lane) { return bx * threads + warp * 32 + lane; };
        const std::uint64_t x0 = by * 128;
        m.global.push_back(global("sum += src[x + y * width]  (first x of the chunk)", false, 1,
                                  [&](auto lane, auto& a) {
                                      a = x0 + y(lane) * W;
                                      return y(lane) < H && x0 < W;
                                  }));
        m.global.push_back(global("atomicAdd(&dst[y], sum)", true, 4, [&](auto lane, auto& a) {
            a = y(lane) * 4;
            return y(lane) < H;
        }));
    } else {
        const std::uint64_t row = by;
        auto tid = [&](std::uint32_t lane) { return std::uint64_t(warp) * 32 + lane; };
        m.global.push_back(
            global("sum += src[x + y * width]  (x = tid)", false, 1, [&](auto lane, auto& a) {
                a = tid(lane) + row * W;
                return tid(lane) < W;
            }));
        m.shared.push_back(shared("sbuf[tid] = sum", true, 4, [&](auto lane, auto& a) {
            a = tid(lane) * 4;
            return true;
        }));
        for (std::uint64_t st = threads / 2; st > 0; st >>= 1) {
            const std::string level = "  (s = " + std::to_string(st) + ")";
            if (warp * 32 >= st) continue;  // this warp sits the level out: nothing recorded
            m.shared.push_back(
                shared("other = sbuf[tid + s]" + level, false, 4, [&](auto lane, auto& a) {
                    a = (tid(lane) + st) * 4;
                    return tid(lane) < st;
                }));
            m.shared.push_back(
                shared("mine = sbuf[tid]" + level, false, 4, [&](auto lane, auto& a) {
                    a = tid(lane) * 4;
                    return tid(lane) < st;
                }));
            m.shared.push_back(
                shared("sbuf[tid] = mine + other" + level, true, 4, [&](auto lane, auto& a) {
                    a = tid(lane) * 4;
                    return tid(lane) < st;
                }));
        }
        m.global.push_back(global("dst[y] = sbuf[0]", true, 4, [&](auto lane, auto& a) {
            a = row * 4;
            return tid(lane) == 0;
        }));
    }
    return m;
}

ModelledWarp bankProbe(const MemorySettings& p) {
    ModelledWarp m;
    // The probe gives idle lanes lane 0's address (a broadcast) and records all 32.
    WarpAccess a = p.probe.access.access;
    for (std::uint32_t lane = 0; lane < 32; ++lane)
        if (!(a.activeMask >> lane & 1u)) a.address[lane] = a.address[0];
    a.activeMask = 0xffffffffu;
    m.shared.push_back({"offset += buffer[offset]  (1024 dependent loads)", false, a});
    m.shared.push_back({"buffer[offset] = value  (1024 stores)", true, a});
    return m;
}

}  // namespace

LaunchShape modelledLaunchShape(const MemorySettings& settings) { return shapeOf(settings); }

ModelledWarp modelWarpAccesses(const MemorySettings& p, std::uint32_t linearBlock,
                               std::uint32_t warp) {
    if (p.is(MemoryExperiment::BankProbe)) return bankProbe(p);
    const Shape s = shapeOf(p);
    if (linearBlock >= s.grid.count() || warp * 32 >= s.block.count()) return {};
    switch (p.experiment) {
        case MemoryExperiment::TransposeU8:
            return transposeU8(p, s, linearBlock, warp);
        case MemoryExperiment::TransposeF32:
            return transposeF32(p, s, linearBlock, warp);
        default:
            return axisReduce(p, s, linearBlock, warp);
    }
}

ModelledWarp modelWarpAccesses(const std::string& experiment, const ParamValues& given,
                               std::uint32_t linearBlock, std::uint32_t warp) {
    if (experiment == "matmul") return matmulWarpAccesses(given, warp);
    const auto settings = memorySettings(experiment, given);
    if (!settings) return {};
    return modelWarpAccesses(*settings, linearBlock, warp);
}

}  // namespace ws
