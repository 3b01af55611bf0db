# Install rules: public headers, one library per module, the rigio command, a CMake package
# (find_package(rigio) -> rigio::rigio and rigio::<module>) and rigio.pc for pkg-config.
include(CMakePackageConfigHelpers)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/rigio DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.hpp")

set(rigio_installed_targets rigio_rigio)
foreach(m ${RIGIO_MODULES})
  list(APPEND rigio_installed_targets rigio_${m})
endforeach()
install(TARGETS ${rigio_installed_targets} EXPORT rigioTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS rigio RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(rigio_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/rigio)
install(EXPORT rigioTargets NAMESPACE rigio:: DESTINATION ${rigio_cmake_dir})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/rigioConfig.cmake.in
  ${PROJECT_BINARY_DIR}/rigioConfig.cmake INSTALL_DESTINATION ${rigio_cmake_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/rigioConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/rigioConfig.cmake ${PROJECT_BINARY_DIR}/rigioConfigVersion.cmake
        DESTINATION ${rigio_cmake_dir})

# pkg-config: the modules in link order (each before the modules it uses), then fmt and simdjson.
set(rigio_pc_libs "")
foreach(m verify render convert runtime atlas format samples spine dragonbones mrtk curves io)
  if(NOT m IN_LIST RIGIO_MODULES)
    message(FATAL_ERROR "rigio.pc: module ${m} has no target")
  endif()
  string(APPEND rigio_pc_libs " -lrigio_${m}")
endforeach()
foreach(m ${RIGIO_MODULES})
  if(NOT rigio_pc_libs MATCHES "-lrigio_${m}( |$)")
    string(PREPEND rigio_pc_libs " -lrigio_${m}")  # modules added later sit above the others
  endif()
endforeach()
file(RELATIVE_PATH rigio_pc_to_prefix /p/${CMAKE_INSTALL_LIBDIR}/pkgconfig /p)
string(REGEX REPLACE "/$" "" rigio_pc_to_prefix "${rigio_pc_to_prefix}")
configure_file(${CMAKE_CURRENT_LIST_DIR}/rigio.pc.in ${PROJECT_BINARY_DIR}/rigio.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/rigio.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
