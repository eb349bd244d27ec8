# compile-db (docs/compile-db.md) on the 6.12 tree's igc (12 TUs): make -n in a
# copy of the clang objtree, where igc is already built, gives the argv the
# build's .cmd files hold (gen_compile_commands.py), word for word; nothing is
# built. About 30 s, most of it make -n walking Kbuild's prepare stage.
zt_kernel_test(compile-db compile-db.cmake)
