# bench-check (cmake -P): zerotax check's AST pass against the clang-19
# -fsyntax-only floor on one compile database. Inputs: ZEROTAX, CLANG, DRIVER,
# CORPUS, WORK, SOURCE. With ZT_BENCH_DB=DIR in the environment, DIR's
# compile_commands.json is measured instead (a kernel tree, for instance).
cmake_minimum_required(VERSION 3.25)

file(MAKE_DIRECTORY ${WORK})
# A kernel tree's databases: tests/check/bench_bed.py (the floor beside check
# with recompiled and with build evidence, the pre-pass against the TUs that
# hold hot code, findings identical across modes). ZT_BENCH_DB=DIR[;DIR...]
# names them; without it, after the reference driver, the 6.12 fixture's
# clang tree (mlx5 core, then the whole test bed) when it is built.
function(bench_kernel_dbs dbs)
	foreach(dbdir ${dbs})
		if(dbdir MATCHES "/gcc/")
			set(cc gcc)
		else()
			set(cc clang)
		endif()
		get_filename_component(name ${dbdir} NAME)
		execute_process(COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/bench_bed.py ${ZEROTAX}
				${CLANG} ${dbdir} ${WORK}/bed-${cc}-${name} ${cc}
			RESULT_VARIABLE rc)
		if(NOT rc EQUAL 0)
			message(FATAL_ERROR "bench-check: ${dbdir}: findings differ between modes, or a run failed")
		endif()
	endforeach()
endfunction()

if(DEFINED ENV{ZT_BENCH_DB})
	bench_kernel_dbs("$ENV{ZT_BENCH_DB}")
	return()
else()
set(dbdir ${WORK})
set(what "reference driver + corpus")
execute_process(
	COMMAND make -s -f ${DRIVER}/variant.mk SRC=${DRIVER} CC=${CLANG} compdb
		COMPDB=${WORK}/driver.json
	RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "cannot make the reference driver's compile database: ${err}")
endif()

# One database: the driver's entries, then one entry per corpus file.
file(READ ${WORK}/driver.json db)
file(GLOB corpus_sources ${CORPUS}/*.c)
list(SORT corpus_sources)
string(JSON n LENGTH "${db}")
foreach(src ${corpus_sources})
	get_filename_component(name ${src} NAME_WE)
	set(entry "{\"directory\": \"${CORPUS}\", \"file\": \"${src}\", \"arguments\": [\"${CLANG}\", \"-std=gnu11\", \"-O2\", \"-I${CORPUS}/include\", \"-c\", \"-o\", \"${WORK}/${name}.o\", \"${src}\"]}")
	string(JSON db SET "${db}" ${n} "${entry}")
	math(EXPR n "${n} + 1")
endforeach()
file(WRITE ${WORK}/compile_commands.json "${db}")
endif()

function(now out)
	string(TIMESTAMP s "%s")
	string(TIMESTAMP us "%f")
	math(EXPR t "${s} * 1000000 + ${us}")
	set(${out} ${t} PARENT_SCOPE)
endfunction()

function(timed out)
	now(t0)
	execute_process(COMMAND ${ARGN} OUTPUT_QUIET ERROR_QUIET RESULT_VARIABLE rc)
	now(t1)
	if(rc GREATER 1)
		message(FATAL_ERROR "${ARGN} exited ${rc}")
	endif()
	math(EXPR dt "${t1} - ${t0}")
	set(${out} ${dt} PARENT_SCOPE)
endfunction()

# The floor: clang-19 -fsyntax-only on every entry, in turn, on the command
# lines check gives libclang (zerotax compile-args), so both parse alike.
execute_process(COMMAND ${ZEROTAX} compile-args -p ${dbdir} OUTPUT_VARIABLE args_db
	RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "bench-check: zerotax compile-args failed")
endif()
now(t0)
math(EXPR last "${n} - 1")
foreach(i RANGE ${last})
	string(JSON dir GET "${args_db}" ${i} directory)
	string(JSON argc LENGTH "${args_db}" ${i} arguments)
	math(EXPR alast "${argc} - 1")
	set(args "")
	foreach(a RANGE 1 ${alast})
		string(JSON arg GET "${args_db}" ${i} arguments ${a})
		list(APPEND args "${arg}")
	endforeach()
	execute_process(COMMAND ${CLANG} -fsyntax-only ${args} WORKING_DIRECTORY ${dir}
		OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "clang -fsyntax-only failed on entry ${i}: ${err}")
	endif()
endforeach()
now(t1)
math(EXPR floor "${t1} - ${t0}")

# Every TU parsed (--prefilter=off), then only those the token pre-pass keeps.
timed(ast1 ${ZEROTAX} check -p ${dbdir} --no-cache --evidence=none -j 1 --prefilter=off)
timed(ast2 ${ZEROTAX} check -p ${dbdir} --no-cache --evidence=none -j 2 --prefilter=off)
timed(full1 ${ZEROTAX} check -p ${dbdir} --no-cache --evidence=both -j 1 --prefilter=off)
timed(pre_ast1 ${ZEROTAX} check -p ${dbdir} --no-cache --evidence=none -j 1)
timed(pre_full1 ${ZEROTAX} check -p ${dbdir} --no-cache --evidence=both -j 1)
execute_process(COMMAND ${ZEROTAX} check -p ${dbdir} --no-cache --evidence=none --format=json
	OUTPUT_VARIABLE pre_json ERROR_QUIET)
string(JSON pre_parsed ERROR_VARIABLE no_pre GET "${pre_json}" run prefilter parsed)

function(ms out us)
	math(EXPR whole "${us} / 1000")
	set(${out} "${whole} ms" PARENT_SCOPE)
endfunction()
function(ratio out a b)
	math(EXPR r "${a} * 100 / ${b}")
	math(EXPR i "${r} / 100")
	math(EXPR f "${r} % 100")
	if(f LESS 10)
		set(f "0${f}")
	endif()
	set(${out} "${i}.${f}" PARENT_SCOPE)
endfunction()

ms(floor_ms ${floor})
ms(ast1_ms ${ast1})
ms(ast2_ms ${ast2})
math(EXPR evidence "${full1} - ${ast1}")
ms(ev_ms ${evidence})
ratio(r_floor ${ast1} ${floor})
ratio(r_jobs ${ast1} ${ast2})
ms(full1_ms ${full1})
ms(pre_ast1_ms ${pre_ast1})
ms(pre_full1_ms ${pre_full1})
ratio(r_full_floor ${full1} ${floor})
ratio(r_pre_ast_floor ${pre_ast1} ${floor})
ratio(r_pre_full_floor ${pre_full1} ${floor})
message("bench-check: ${n} translation units (${what}), one run each")
message("  clang-19 -fsyntax-only, each TU in turn:   ${floor_ms}")
message("  zerotax check --evidence=none -j 1:        ${ast1_ms}  (${r_floor}x the -fsyntax-only floor)")
message("  zerotax check --evidence=none -j 2:        ${ast2_ms}  (-j 2 is ${r_jobs}x faster than -j 1)")
message("  evidence compiles (gcc-12 + clang-19), -j 1: ${ev_ms} more")
message("  zerotax check --evidence=both -j 1, --prefilter=off: ${full1_ms}  (${r_full_floor}x the floor)")
message("  with the pre-pass (${pre_parsed} of ${n} TUs parsed), -j 1:")
message("    check --evidence=none:                   ${pre_ast1_ms}  (${r_pre_ast_floor}x the floor)")
message("    check --evidence=both:                   ${pre_full1_ms}  (${r_pre_full_floor}x the floor)")

execute_process(COMMAND ${SOURCE}/scripts/kernel-tree.sh env 6.12
	OUTPUT_VARIABLE kenv ERROR_QUIET RESULT_VARIABLE rc)
if(rc EQUAL 0 AND kenv MATCHES "KERNEL_CLANG_OBJ=([^\n]*)")
	set(obj ${CMAKE_MATCH_1})
	bench_kernel_dbs("${obj}/db/mlx5;${obj}/db/all")
else()
	message("bench-check: the 6.12 kernel fixture is not built (scripts/kernel-tree.sh build 6.12): its trees are not measured")
endif()
