include(GoogleTest)
# ws_add_test(NAME SOURCES ... LIBS ... [TIMEOUT s] [LABELS ...])
# Every test gets a timeout, so a hang fails instead of stalling CI.
function(ws_add_test name)
  # RUN_SERIAL: the suite's tests run alone (a profiler counts the whole
  # GPU's traffic, and a second profiler is refused as busy).
  cmake_parse_arguments(ARG "RUN_SERIAL" "TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 120)
  endif()
  add_executable(${name} ${ARG_SOURCES} ${CMAKE_SOURCE_DIR}/tests/test_environment.cpp)
  # ctest's ENVIRONMENT property cannot carry several variables through
  # gtest_discover_tests in CMake 3.25, so the folders are compiled in.
  set_source_files_properties(${CMAKE_SOURCE_DIR}/tests/test_environment.cpp TARGET_DIRECTORY ${name}
    PROPERTIES COMPILE_DEFINITIONS
    "WS_TEST_SOURCE_DIR=\"${CMAKE_SOURCE_DIR}\";WS_TEST_BINARY_DIR=\"${CMAKE_BINARY_DIR}\"")
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} GTest::gtest GTest::gtest_main)
  target_include_directories(${name} PRIVATE ${CMAKE_SOURCE_DIR})
  set(serial)
  if(ARG_RUN_SERIAL)
    set(serial RUN_SERIAL TRUE)
  endif()
  gtest_discover_tests(${name}
    PROPERTIES TIMEOUT ${ARG_TIMEOUT} LABELS "${ARG_LABELS}"
               ENVIRONMENT "QT_QPA_PLATFORM=offscreen" ${serial}
    DISCOVERY_TIMEOUT 60)
endfunction()

# ws_add_qt_test(NAME SOURCES ... LIBS ... [TIMEOUT s] [LABELS ...]): a suite
# of views or windows, with the Qt test main (a Qt warning fails the test),
# its support and the painted-text probe (tests/widgets/support/).
function(ws_add_qt_test name)
  cmake_parse_arguments(ARG "" "TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
  set(support ${CMAKE_SOURCE_DIR}/tests/widgets/support)
  set(extra)
  if(ARG_TIMEOUT)
    set(extra TIMEOUT ${ARG_TIMEOUT})
  endif()
  ws_add_test(${name}
    SOURCES ${support}/qt_test_main.cpp ${support}/qt_test_support.cpp ${support}/text_probe.cpp
            ${ARG_SOURCES}
    LIBS ${ARG_LIBS}
    LABELS ${ARG_LABELS}
    ${extra})
endfunction()
