# TT-Metalium's package version (the emulated tt-metal v0.67.0): compatible with requests for 0.67.0 or any earlier
# version of the same major number, as tt-metal's package declares itself.
set(PACKAGE_VERSION "0.67.0")
if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
    set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
    set(PACKAGE_VERSION_COMPATIBLE TRUE)
    if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
        set(PACKAGE_VERSION_EXACT TRUE)
    endif()
endif()
