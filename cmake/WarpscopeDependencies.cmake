# Finds what the build needs and says clearly what is missing and how to get it.
set(_ws_install_hint "run scripts/install-deps.sh (Debian) to install it")

find_package(nlohmann_json 3.10 QUIET)
if(NOT nlohmann_json_FOUND)
  find_path(WS_NLOHMANN_INCLUDE nlohmann/json.hpp HINTS ${WARPSCOPE_CARRIED_INCLUDE})
  if(NOT WS_NLOHMANN_INCLUDE)
    message(FATAL_ERROR "nlohmann-json not found: ${_ws_install_hint} (nlohmann-json3-dev), "
                        "or set WARPSCOPE_CARRIED_INCLUDE to a folder holding nlohmann/json.hpp")
  endif()
  add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
  target_include_directories(nlohmann_json::nlohmann_json INTERFACE ${WS_NLOHMANN_INCLUDE})
endif()

# yaml-cpp (lessons, kernel files' launch descriptions) and muparser (their
# launch expressions). A machine without them installed (the GPU machine)
# takes the headers and libraries scripts/carry-headers.sh carried from one
# that has them.
find_package(yaml-cpp QUIET)
if(NOT TARGET yaml-cpp)
  find_path(WS_YAML_INCLUDE yaml-cpp/yaml.h HINTS ${WARPSCOPE_CARRIED_INCLUDE})
  find_library(WS_YAML_LIBRARY NAMES libyaml-cpp.a HINTS ${WARPSCOPE_CARRIED_INCLUDE}/../lib)
  if(NOT WS_YAML_INCLUDE OR NOT WS_YAML_LIBRARY)
    message(FATAL_ERROR "yaml-cpp not found: install libyaml-cpp-dev (scripts/install-deps.sh), "
                        "or carry it (scripts/carry-headers.sh) and set WARPSCOPE_CARRIED_INCLUDE")
  endif()
  add_library(yaml-cpp STATIC IMPORTED)
  set_target_properties(yaml-cpp PROPERTIES IMPORTED_LOCATION ${WS_YAML_LIBRARY}
                                            INTERFACE_INCLUDE_DIRECTORIES ${WS_YAML_INCLUDE})
endif()
find_package(muparser QUIET)
if(NOT TARGET muparser::muparser)
  find_path(WS_MUPARSER_INCLUDE muParser.h HINTS ${WARPSCOPE_CARRIED_INCLUDE})
  find_library(WS_MUPARSER_LIBRARY NAMES muparser HINTS ${WARPSCOPE_CARRIED_INCLUDE}/../lib)
  if(NOT WS_MUPARSER_INCLUDE OR NOT WS_MUPARSER_LIBRARY)
    message(FATAL_ERROR "muparser not found: ${_ws_install_hint} (libmuparser-dev), "
                        "or carry it (scripts/carry-headers.sh) and set WARPSCOPE_CARRIED_INCLUDE")
  endif()
  add_library(muparser::muparser UNKNOWN IMPORTED)
  set_target_properties(muparser::muparser PROPERTIES IMPORTED_LOCATION ${WS_MUPARSER_LIBRARY}
                                                      INTERFACE_INCLUDE_DIRECTORIES ${WS_MUPARSER_INCLUDE})
endif()

# Zstandard and LZ4 (the PTX nvcc compresses into a program's fatbinary,
# read when a whole program is traced): shared libraries, installed or
# carried like muparser.
find_path(WS_ZSTD_INCLUDE zstd.h HINTS ${WARPSCOPE_CARRIED_INCLUDE})
find_library(WS_ZSTD_LIBRARY NAMES zstd HINTS ${WARPSCOPE_CARRIED_INCLUDE}/../lib)
find_path(WS_LZ4_INCLUDE lz4.h HINTS ${WARPSCOPE_CARRIED_INCLUDE})
find_library(WS_LZ4_LIBRARY NAMES lz4 HINTS ${WARPSCOPE_CARRIED_INCLUDE}/../lib)
if(NOT WS_ZSTD_INCLUDE OR NOT WS_ZSTD_LIBRARY OR NOT WS_LZ4_INCLUDE OR NOT WS_LZ4_LIBRARY)
  message(FATAL_ERROR "Zstandard or LZ4 not found: ${_ws_install_hint} (libzstd-dev, liblz4-dev), "
                      "or carry them (scripts/carry-headers.sh) and set WARPSCOPE_CARRIED_INCLUDE")
endif()
add_library(ws_compression INTERFACE)
target_include_directories(ws_compression INTERFACE ${WS_ZSTD_INCLUDE} ${WS_LZ4_INCLUDE})
target_link_libraries(ws_compression INTERFACE ${WS_ZSTD_LIBRARY} ${WS_LZ4_LIBRARY})

if(NOT WARPSCOPE_CORE_ONLY)
  find_path(WS_CLI11_INCLUDE CLI/CLI.hpp HINTS ${WARPSCOPE_CARRIED_INCLUDE})
  if(NOT WS_CLI11_INCLUDE)
    message(FATAL_ERROR "CLI11 not found: ${_ws_install_hint} (libcli11-dev), "
                        "or set WARPSCOPE_CARRIED_INCLUDE to a folder holding CLI/CLI.hpp")
  endif()
  add_library(ws_cli11 INTERFACE)
  target_include_directories(ws_cli11 INTERFACE ${WS_CLI11_INCLUDE})

  find_package(CUDAToolkit)
  if(NOT CUDAToolkit_FOUND)
    message(FATAL_ERROR "CUDA toolkit not found. Install CUDA 13 (nvcc) in /usr/local/cuda "
                        "or set CUDAToolkit_ROOT; the GUI-less core alone builds with "
                        "-DWARPSCOPE_CORE_ONLY=ON.")
  endif()
  if(NOT CMAKE_CUDA_COMPILER)
    set(CMAKE_CUDA_COMPILER ${CUDAToolkit_NVCC_EXECUTABLE})
  endif()
  if(NOT CMAKE_CUDA_ARCHITECTURES)
    # One architecture plus its PTX: SASS for the H100, PTX for anything newer.
    set(CMAKE_CUDA_ARCHITECTURES 90)
  endif()
endif()

if(WARPSCOPE_BUILD_GUI AND NOT WARPSCOPE_CORE_ONLY)
  find_package(Qt6 COMPONENTS Widgets PrintSupport Svg)
  if(NOT Qt6_FOUND)
    message(FATAL_ERROR "Qt 6 not found: ${_ws_install_hint} (qt6-base-dev, libqt6svg6-dev), "
                        "or configure with -DWARPSCOPE_BUILD_GUI=OFF for the headless parts")
  endif()
  find_package(QCustomPlotQt6)
  if(NOT QCustomPlotQt6_FOUND)
    message(FATAL_ERROR "QCustomPlot for Qt 6 not found: ${_ws_install_hint} "
                        "(libqcustomplot-dev)")
  endif()
  # QScintilla for Qt 6: the kernel-file lab's editor. Debian puts its
  # headers beside Qt's (include/<arch>/qt6/Qsci) and ships no CMake package.
  find_path(WS_QSCINTILLA_INCLUDE Qsci/qsciscintilla.h
            PATH_SUFFIXES qt6 x86_64-linux-gnu/qt6 aarch64-linux-gnu/qt6
            HINTS ${QT6_INSTALL_PREFIX}/${QT6_INSTALL_HEADERS})
  find_library(WS_QSCINTILLA_LIBRARY NAMES qscintilla2_qt6)
  if(NOT WS_QSCINTILLA_INCLUDE OR NOT WS_QSCINTILLA_LIBRARY)
    message(FATAL_ERROR "QScintilla for Qt 6 not found (Qsci/qsciscintilla.h, "
                        "libqscintilla2_qt6): ${_ws_install_hint} (libqscintilla2-qt6-dev), "
                        "or configure with -DWARPSCOPE_BUILD_GUI=OFF for the headless parts")
  endif()
  add_library(QScintilla::QScintilla UNKNOWN IMPORTED)
  set_target_properties(QScintilla::QScintilla PROPERTIES
    IMPORTED_LOCATION ${WS_QSCINTILLA_LIBRARY}
    INTERFACE_INCLUDE_DIRECTORIES ${WS_QSCINTILLA_INCLUDE}
    INTERFACE_LINK_LIBRARIES "Qt6::Widgets;Qt6::PrintSupport")
endif()

if(WARPSCOPE_BUILD_TESTS)
  find_package(GTest)
  if(NOT GTest_FOUND)
    message(FATAL_ERROR "GoogleTest not found: ${_ws_install_hint} (libgtest-dev)")
  endif()
endif()
