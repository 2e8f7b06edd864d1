# TT-Metalium's package version: the emulated release installed with it (PREFIX/share/ltcap/tt-metal-release,
# "v0.68.0-rc1" → 0.68.0), compatible with requests for it or any earlier version of the same major number, as
# tt-metal's package declares itself.
file(READ "${CMAKE_CURRENT_LIST_DIR}/../../../share/ltcap/tt-metal-release" _ttemu_release)
string(REGEX MATCH "[0-9]+\\.[0-9]+\\.[0-9]+" PACKAGE_VERSION "${_ttemu_release}")
if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
    set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
    set(PACKAGE_VERSION_COMPATIBLE TRUE)
    if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
        set(PACKAGE_VERSION_EXACT TRUE)
    endif()
endif()
