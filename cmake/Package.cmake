# `cmake --install` layout and the Debian package (CPack; scripts/package.sh builds it):
#
#   <prefix>/bin/divlint                          the command line (tools/divlint)
#   <prefix>/bin/clang-tidy-divlint, cuda_compdb.py  clang-tidy with the plugin; a compile
#                                                 database rewriter (integrations/clang-tidy)
#   <prefix>/lib/divlint/DivlintTidyModule.so     the clang-tidy plugin
#   <prefix>/share/divlint/divlint_cuda_compat.h  read by divlint when it parses with a real CUDA
#   <prefix>/share/divlint/divlint_nv_atomics.h   included by divlint_cuda_compat.h
#   <prefix>/share/doc/divlint/                   README.md and docs/
#
# The package depends on what the binaries link (dpkg-shlibdeps: libclang-cpp22, libllvm22, the
# C/C++ runtimes) and on what they need at run time: clang's resource directory with its builtin
# and CUDA wrapper headers (libclang-common-22-dev, at the DIVLINT_CLANG_RESOURCE_DIR compiled
# into divlint) and the clang-tidy the plugin is loaded into (clang-tidy-22).

install(FILES ${PROJECT_SOURCE_DIR}/lib/Frontend/prelude/divlint_cuda_compat.h
              ${PROJECT_SOURCE_DIR}/lib/Frontend/prelude/divlint_nv_atomics.h
        DESTINATION share/divlint)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION share/doc/divlint)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION share/doc/divlint/docs)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME divlint)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "static analyzer for CUDA warp divergence")
set(CPACK_PACKAGE_DESCRIPTION
    "divlint classifies every branch condition of CUDA device code as block-uniform, "
    "warp-uniform or lane-varying, and predicts what divergence costs. It ships the divlint "
    "command line and a clang-tidy plugin (cuda-divergence-* checks).")
set(CPACK_PACKAGE_CONTACT "divlint maintainers <divlint@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # divlint_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libclang-common-${LLVM_VERSION_MAJOR}-dev, clang-tidy-${LLVM_VERSION_MAJOR}")
set(CPACK_STRIP_FILES ON)
include(CPack)
