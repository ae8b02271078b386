# FindFLINT: finds the FLINT library (flintlib.org) and defines the imported
# target FLINT::FLINT (include directory + library). FLINT 2.9 (Debian 12)
# ships neither a CMake package nor a pkg-config file; FLINT 3 ships flint.pc,
# used here as a hint when present. Installed with exactdp's CMake package so
# that exactdpConfig.cmake finds FLINT again on the consumer's machine.
# Result variables: FLINT_FOUND, FLINT_INCLUDE_DIR, FLINT_LIBRARY.
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(PC_FLINT QUIET flint)
endif()
find_path(FLINT_INCLUDE_DIR flint/fmpq_mat.h HINTS ${PC_FLINT_INCLUDE_DIRS})
find_library(FLINT_LIBRARY flint HINTS ${PC_FLINT_LIBRARY_DIRS})

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(FLINT REQUIRED_VARS FLINT_LIBRARY FLINT_INCLUDE_DIR)

if(FLINT_FOUND AND NOT TARGET FLINT::FLINT)
  add_library(FLINT::FLINT UNKNOWN IMPORTED)
  set_target_properties(FLINT::FLINT PROPERTIES
    IMPORTED_LOCATION "${FLINT_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${FLINT_INCLUDE_DIR}")
endif()
mark_as_advanced(FLINT_INCLUDE_DIR FLINT_LIBRARY)
