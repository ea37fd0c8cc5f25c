#pragma once
// The host launchers of each reduction family: from the run's settings
// (parsed once, core/reduction/reduction_settings.h) and the device, the program that runs it
// (reduction_program.h). T is std::uint32_t (int32 sums, wrapping), float, or Affine where the
// operator may be non-commutative.
#include "core/common/result.h"
#include "core/reduction/reduction_settings.h"
#include "core/run/run.h"
#include "kernels/reduction/reduction_program.h"

namespace ws {

// reduction_block.cu: one block (T = uint32, float; noncomm: uint32, Affine)
template <typename T>
Result<ReductionProgram<T>> makeSingleBlockProgram(const ReductionSettings& settings,
                                                   const DeviceInfo& device);
template <typename T>
Result<ReductionProgram<T>> makeSingleBlockNoncommProgram(const ReductionSettings& settings,
                                                          const DeviceInfo& device);

// reduction_multiblock.cu: many blocks (comm: uint32, float; noncomm: uint32, Affine)
template <typename T>
Result<ReductionProgram<T>> makeMultiBlockProgram(const ReductionSettings& settings,
                                                  const DeviceInfo& device);
template <typename T>
Result<ReductionProgram<T>> makeLastBlockProgram(const ReductionSettings& settings,
                                                 const DeviceInfo& device);
template <typename T>
Result<ReductionProgram<T>> makeMultiBlockNoncommProgram(const ReductionSettings& settings,
                                                         const DeviceInfo& device);

// reduction_warp.cu: warp-level trees in one block (uint32, float, Affine)
template <typename T>
Result<ReductionProgram<T>> makeWarpProgram(const ReductionSettings& settings,
                                            const DeviceInfo& device);

// reduction_ladder.cu: Harris's seven kernels (uint32, float)
template <typename T>
Result<ReductionProgram<T>> makeLadderProgram(const ReductionSettings& settings,
                                              const DeviceInfo& device);

// reduction_best.cu: vector loads, grid-stride loop, shuffles, one atomic per block
template <typename T>
Result<ReductionProgram<T>> makeBestProgram(const ReductionSettings& settings,
                                            const DeviceInfo& device);

// reduction_cub.cu: cub::DeviceReduce::Sum, the vendor library
template <typename T>
Result<ReductionProgram<T>> makeCubProgram(const ReductionSettings& settings,
                                           const DeviceInfo& device);

// grid=0 means twice the number of SMs, as the seed recommends.
std::uint64_t defaultedGrid(const ReductionSettings& settings, const DeviceInfo& device);

}  // namespace ws
