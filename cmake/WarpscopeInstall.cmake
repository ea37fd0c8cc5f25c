# Where `cmake --install` puts warpscope, and the two Debian packages CPack
# makes from it (docs/class-server.md, README "Install"):
#   warpscope         the window, the bundled traces and lessons, the .desktop
#                     file and the icon (component "gui")
#   warpscope-record  the recorder and GPU worker alone, without Qt, for GPU
#                     servers (component "record")
include(GNUInstallDirs)

install(TARGETS warpscope-record RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT record)
# /run/warpscope for the GPU locks, made at boot (app/record/gpu/lock_directory.h).
install(FILES ${CMAKE_SOURCE_DIR}/packaging/warpscope-tmpfiles.conf
        DESTINATION lib/tmpfiles.d RENAME warpscope.conf COMPONENT record)
# Toolkit libraries a lab links (libcupti, libcublas) are looked for where the
# CUDA toolkit keeps them; nothing else of the toolkit is needed.
get_filename_component(WS_CUDA_ROOT ${CUDAToolkit_BIN_DIR} DIRECTORY)
set(WS_CUDA_LIBRARY_DIRS ${CUDAToolkit_LIBRARY_DIR} ${WS_CUDA_ROOT}/lib64
    ${WS_CUDA_ROOT}/extras/CUPTI/lib64)
list(REMOVE_DUPLICATES WS_CUDA_LIBRARY_DIRS)
set_property(TARGET warpscope-record PROPERTY INSTALL_RPATH ${WS_CUDA_LIBRARY_DIRS})
install(FILES ${CMAKE_SOURCE_DIR}/docs/class-server.md ${CMAKE_SOURCE_DIR}/docs/worker-protocol.md
        DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/warpscope-record COMPONENT record)

if(WARPSCOPE_BUILD_GUI)
  install(TARGETS warpscope RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT gui)
  # Everything under resources/ the program reads from disk: the traces and
  # their manifest, the lessons, whatever a lab adds. The icon is compiled in
  # (warpscope.qrc) and installed for the desktop below.
  install(DIRECTORY ${CMAKE_SOURCE_DIR}/resources/
          DESTINATION ${CMAKE_INSTALL_DATADIR}/warpscope COMPONENT gui
          PATTERN "*.qrc" EXCLUDE
          PATTERN "icons" EXCLUDE)
  install(FILES ${CMAKE_SOURCE_DIR}/packaging/warpscope.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications COMPONENT gui)
  install(FILES ${CMAKE_SOURCE_DIR}/resources/icons/warpscope.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps COMPONENT gui)
endif()

# --- Debian packages -------------------------------------------------------
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME warpscope)
set(CPACK_PACKAGE_VENDOR "warpscope")
set(CPACK_PACKAGE_CONTACT "warpscope developers <warpscope@invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "watch how a GPU ran instrumented CUDA kernels, from real measurements")
set(CPACK_PACKAGE_INSTALL_DIRECTORY warpscope)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # warpscope_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
# Dependencies on the Debian libraries the programs link, found by dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Libraries of the CUDA toolkit (libcupti, libcublas where a lab links them)
# are in no Debian package: dpkg-shlibdeps treats them as private instead of
# failing, and a GPU server provides them with its toolkit (the programs look
# for them in the toolkit's folders: INSTALL_RPATH below). The CUDA runtime
# itself is linked statically; the driver's libcuda and libnvidia-ml are
# opened at run time.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${WS_CUDA_LIBRARY_DIRS})

set(CPACK_DEBIAN_RECORD_PACKAGE_NAME warpscope-record)
# The long descriptions; CPack puts the summary above as the first line.
set(CPACK_DEBIAN_RECORD_DESCRIPTION "warpscope's recorder and GPU worker, without Qt. It runs
instrumented CUDA experiments and records traces for warpscope, and serves a
class: each student's warpscope starts `warpscope-record serve` (over ssh or
Slurm), and measured runs on one GPU queue fairly behind each other. Needs
the NVIDIA driver; no CUDA toolkit.")
set(CPACK_DEBIAN_RECORD_PACKAGE_CONTROL_EXTRA ${CMAKE_SOURCE_DIR}/packaging/record/postinst)

set(CPACK_DEBIAN_GUI_PACKAGE_NAME warpscope)
set(CPACK_DEBIAN_GUI_DESCRIPTION "warpscope animates real measurements of CUDA kernels: which SM ran each
block and when, warps and lanes through a reduction, shared-memory banks,
measured throughput. Without a GPU it shows traces recorded on an NVIDIA
H100, which it ships; with warpscope-record on a GPU machine it runs live.")
# Plugins Qt loads at run time, which dpkg-shlibdeps cannot see: the SVG icon
# engine (libqt6svg6). The platform plugins come with libqt6gui6.
set(CPACK_DEBIAN_GUI_PACKAGE_DEPENDS "libqt6svg6")
set(CPACK_DEBIAN_GUI_PACKAGE_RECOMMENDS "warpscope-record (= ${PROJECT_VERSION})")

set(CPACK_COMPONENTS_ALL record)
if(WARPSCOPE_BUILD_GUI)
  list(APPEND CPACK_COMPONENTS_ALL gui)
endif()
include(CPack)
cpack_add_component(record DISPLAY_NAME "warpscope-record"
                    DESCRIPTION "Recorder and GPU worker, without Qt")
cpack_add_component(gui DISPLAY_NAME "warpscope" DESCRIPTION "The application")
