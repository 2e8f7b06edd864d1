# The TT-Metalium CMake package of ltcap's emulated tt-metal (v0.67.0 and later releases: the release named in
# PREFIX/share/ltcap/tt-metal-release), installed by scripts/install.sh --tt-metal RELEASE PREFIX under
# PREFIX/lib/cmake/tt-metalium. With CMAKE_PREFIX_PATH=PREFIX, find_package(TT-Metalium)
# gives the targets tt-metal's package gives:
#   TT::STL       the tt_stl headers (and everything under PREFIX/include; fmt header-only, C++20)
#   TT::Metalium  PREFIX/lib/libtt_metal.so (the emulated device) with the tt-metalium headers
# fmt and nlohmann_json come from the system (Debian's libfmt-dev and nlohmann-json3-dev).
get_filename_component(_ttemu_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

include(CMakeFindDependencyMacro)
set(THREADS_PREFER_PTHREAD_FLAG ON)
find_dependency(Threads)

if(NOT TARGET TT::STL)
    add_library(TT::STL INTERFACE IMPORTED)
    set_target_properties(
        TT::STL
        PROPERTIES
            INTERFACE_INCLUDE_DIRECTORIES "${_ttemu_prefix}/include"
            INTERFACE_COMPILE_DEFINITIONS "FMT_HEADER_ONLY"
            INTERFACE_COMPILE_FEATURES "cxx_std_20"
    )
endif()

if(NOT TARGET TT::Metalium)
    add_library(TT::Metalium SHARED IMPORTED)
    set_target_properties(
        TT::Metalium
        PROPERTIES
            IMPORTED_LOCATION "${_ttemu_prefix}/lib/libtt_metal.so"
            IMPORTED_SONAME "libtt_metal.so"
            INTERFACE_LINK_LIBRARIES "TT::STL;Threads::Threads"
    )
endif()

set(TT-Metalium_FOUND TRUE)
unset(_ttemu_prefix)
