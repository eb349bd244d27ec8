# libFuzzer targets for every reader of outside text (docs/fuzzing.md). The
# project's C compiler is gcc; libFuzzer wants clang, so the library is
# compiled once more with clang-19 -fsanitize=fuzzer-no-link,address,undefined
# by custom commands, and each tests/fuzz/fuzz_NAME.c links against it.
# (fuzz_pahole keeps its own build in layout.cmake.)
find_program(ZT_FUZZ_CLANG NAMES clang-19 PATHS ${LLVM_BIN_DIR})
if(NOT ZT_FUZZ_CLANG)
	message(WARNING "clang-19 not found: the fuzz targets are not built")
	return()
endif()
# Built by default and run only in the sanitizer build, the one `make test` runs
# (elsewhere: cmake --build BUILD --target zt_fuzzers).
if(ZT_SANITIZE)
	set(zt_fuzz_all ALL)
endif()

set(ZT_FUZZ_DIR ${CMAKE_CURRENT_BINARY_DIR}/fuzz)
set(ZT_FUZZ_SEEDS ${CMAKE_SOURCE_DIR}/tests/fuzz/seeds)
set(ZT_FUZZ_EVIDENCE ${CMAKE_SOURCE_DIR}/tests/data/evidence/captured)
file(MAKE_DIRECTORY ${ZT_FUZZ_DIR})

file(GLOB zt_fuzz_lib_srcs CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tool/*/*.c)
list(REMOVE_ITEM zt_fuzz_lib_srcs ${CMAKE_SOURCE_DIR}/tool/builtin/main.c)
file(GLOB zt_fuzz_hdrs CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tool/*/*.h)
file(GLOB zt_fuzz_tool_dirs LIST_DIRECTORIES true ${CMAKE_SOURCE_DIR}/tool/*)
list(FILTER zt_fuzz_tool_dirs EXCLUDE REGEX "(CMakeLists.txt|\\.cmake)$")
list(TRANSFORM zt_fuzz_tool_dirs PREPEND -I OUTPUT_VARIABLE zt_fuzz_incs)
list(TRANSFORM JANSSON_INCLUDE_DIRS PREPEND -I OUTPUT_VARIABLE zt_fuzz_jansson_incs)
set(zt_fuzz_cflags -std=gnu11 -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined
	-D_GNU_SOURCE -DZT_VERSION="${PROJECT_VERSION}" -DZT_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
	-DZT_CLANG="${CLANG_EXE}" -DZT_GCC="${GCC_EXE}" -DZT_LLVM_BINDIR="${LLVM_BIN_DIR}"
	${zt_fuzz_incs} -I${LLVM_INCLUDE_DIR} ${zt_fuzz_jansson_incs})

# The compiler cache in front of these compiles too, when the build has one (make test: ccache).
set(zt_fuzz_cc ${CMAKE_C_COMPILER_LAUNCHER} ${ZT_FUZZ_CLANG})
set(zt_fuzz_objs)
foreach(src ${zt_fuzz_lib_srcs})
	file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR}/tool ${src})
	string(REPLACE "/" "_" obj ${rel})
	set(obj ${ZT_FUZZ_DIR}/${obj}.o)
	add_custom_command(OUTPUT ${obj}
		COMMAND ${zt_fuzz_cc} ${zt_fuzz_cflags} -fsanitize=fuzzer-no-link -c ${src} -o ${obj}
		DEPENDS ${src} ${zt_fuzz_hdrs}
		COMMAND_EXPAND_LISTS VERBATIM)
	list(APPEND zt_fuzz_objs ${obj})
endforeach()

# name, seed directories, runs in `make test` (3-6 s each here, 40 s in all)
set(ZT_FUZZ_TARGETS
	"remarks|${ZT_FUZZ_EVIDENCE}|20000"
	"gccdump|${ZT_FUZZ_EVIDENCE}|4000"
	"stackusage|${ZT_FUZZ_EVIDENCE}|40000"
	"hotrules|${ZT_FUZZ_SEEDS}/hotrules|30000"
	"layoutrules|${ZT_FUZZ_SEEDS}/layoutrules|60000"
	"suppress|${ZT_FUZZ_SEEDS}/suppress|50000"
	"findings|${ZT_FUZZ_SEEDS}/findings|5000"
	"compdbtext|${ZT_FUZZ_SEEDS}/compdb|30000"
	"compdb|${ZT_FUZZ_SEEDS}/compdb|800")
set(zt_fuzz_bins)
foreach(t ${ZT_FUZZ_TARGETS})
	string(REPLACE "|" ";" t "${t}")
	list(GET t 0 name)
	list(GET t 1 seeds)
	list(GET t 2 runs)
	set(bin ${ZT_FUZZ_DIR}/fuzz_${name})
	set(src ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_${name}.c)
	add_custom_command(OUTPUT ${bin}
		COMMAND ${ZT_FUZZ_CLANG} ${zt_fuzz_cflags} -fsanitize=fuzzer ${src} ${zt_fuzz_objs}
			-o ${bin} ${LIBCLANG} ${LIBLLVM} ${JANSSON_LINK_LIBRARIES} -lpthread -lm
			-Wl,-rpath,${LLVM_LIB_DIR}
		DEPENDS ${src} ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_text.h ${zt_fuzz_objs}
		COMMENT "building the ${name} fuzzer with clang-19"
		COMMAND_EXPAND_LISTS VERBATIM)
	list(APPEND zt_fuzz_bins ${bin})
	# A bounded run from a fixed seed corpus; new inputs go to the build tree only.
	if(NOT ZT_SANITIZE)
		continue()
	endif()
	file(MAKE_DIRECTORY ${ZT_FUZZ_DIR}/corpus-${name})
	add_test(NAME fuzz/${name}
		COMMAND ${bin} -runs=${runs} -seed=1 -max_len=16384 -rss_limit_mb=2048 -timeout=30
			-close_fd_mask=2 -print_final_stats=1 ${ZT_FUZZ_DIR}/corpus-${name} ${seeds})
	set_tests_properties(fuzz/${name} PROPERTIES LABELS "fuzz;hostile"
		ENVIRONMENT "ASAN_OPTIONS=detect_leaks=1;LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
endforeach()
add_custom_target(zt_fuzzers ${zt_fuzz_all} DEPENDS ${zt_fuzz_bins})
