# The labs, in the order of a course. Each layer adds the folder of every lab
# that has one there (core/<lab>, kernels/<lab>, widgets/<lab>, app/gui/<lab>,
# tests/<layer>/<lab>; bench/gpu_<lab>, the reductions' being bench/gpu): a
# new lab adds its name here and its folders, and no list elsewhere.
set(WS_LABS basics reduction memory memkinds atomics matmul tensorcore concurrency kernelfile program)

# Sets `out` to the rooms given after BEFORE, then every lab of WS_LABS with a
# folder (holding a CMakeLists.txt) under the current source folder, then the
# rooms given after AFTER: the shared rooms a layer's labs build on come
# first, the rooms that compose the labs last.
function(ws_layer_rooms out)
  cmake_parse_arguments(ROOMS "" "" "BEFORE;AFTER" ${ARGN})
  set(rooms ${ROOMS_BEFORE})
  foreach(lab IN LISTS WS_LABS)
    if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${lab}/CMakeLists.txt)
      list(APPEND rooms ${lab})
    endif()
  endforeach()
  list(APPEND rooms ${ROOMS_AFTER})
  set(${out} ${rooms} PARENT_SCOPE)
endfunction()
