# Compiles the wgmma kernels for sm_90a as their object library does and fails
# when ptxas says it serialised wgmma.mma_async (C7515: "wgmma.mma_async
# instructions are serialized due to ..."): the kernels then still compute
# the right C, so no GPU test sees it, but each wgmma waits for the one
# before and the batches the consumers keep in flight are undone. Needs only
# nvcc, no GPU. Variables: NVCC, SOURCE_DIR, WORK_DIR, HOST_COMPILER (optional).
foreach(source tensorcore_wgmma.cu tensorcore_tma.cu)
  set(command ${NVCC} -std=c++20 -gencode=arch=compute_90a,code=sm_90a -I${SOURCE_DIR}
              --expt-relaxed-constexpr -c ${SOURCE_DIR}/kernels/tensorcore/${source}
              -o ${WORK_DIR}/${source}.o)
  if(HOST_COMPILER)
    list(APPEND command -ccbin ${HOST_COMPILER})
  endif()
  execute_process(COMMAND ${command} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${source} did not compile for sm_90a:\n${out}${err}")
  endif()
  string(FIND "${out}${err}" "C7515" serialised)
  if(NOT serialised EQUAL -1)
    message(FATAL_ERROR "ptxas serialised wgmma in ${source} (C7515):\n${out}${err}")
  endif()
  message(STATUS "${source}: no wgmma serialised")
endforeach()
