# The corpus runner (cmake -P): every corpus file says what it expects on the
# line of the declaration, sparse style:
#     struct rx_xdp_buff mxbuf;	/* zt-expect: stack-autoinit */
# "zt-expect(ast):" and "zt-expect(evidence):" hold in one mode only.
# Inputs: ZEROTAX, CORPUS (directory), EVIDENCE (none, gcc, clang, both).
cmake_minimum_required(VERSION 3.25)

file(GLOB_RECURSE corpus_files RELATIVE ${CORPUS} ${CORPUS}/*.c ${CORPUS}/*.h)
list(SORT corpus_files)
file(GLOB sources ${CORPUS}/*.c)
list(SORT sources)

if(EVIDENCE STREQUAL "none")
	set(other_mode "evidence")
	set(this_mode "ast")
else()
	set(other_mode "ast")
	set(this_mode "evidence")
endif()

set(expected "")
foreach(rel ${corpus_files})
	file(READ ${CORPUS}/${rel} text)
	# Make the text a list of lines: protect the list separator first.
	string(REPLACE ";" "<semi>" text "${text}")
	string(REPLACE "\n" ";" lines "${text}")
	set(n 0)
	foreach(line IN LISTS lines)
		math(EXPR n "${n} + 1")
		if(line MATCHES "zt-expect(\\(([a-z]+)\\))?: *([a-z-]+)")
			set(mode "${CMAKE_MATCH_2}")
			set(check "${CMAKE_MATCH_3}")
			if(mode STREQUAL "" OR mode STREQUAL this_mode)
				list(APPEND expected "${rel}:${n}:${check}")
			endif()
		endif()
	endforeach()
endforeach()

set(rules ${CORPUS}/corpus.conf)
execute_process(
	COMMAND ${ZEROTAX} check --format=json --evidence=${EVIDENCE} --rules ${rules} -j 2
		-- ${sources} -I${CORPUS}/include
	OUTPUT_VARIABLE json
	ERROR_VARIABLE err
	RESULT_VARIABLE rc)
if(NOT rc EQUAL 1)
	message(FATAL_ERROR "zerotax check exited ${rc}, wanted 1 (findings)\n${err}\n${json}")
endif()

string(JSON n_findings LENGTH "${json}" findings)
set(actual "")
if(n_findings GREATER 0)
	math(EXPR last "${n_findings} - 1")
	foreach(i RANGE ${last})
		string(JSON file GET "${json}" findings ${i} file)
		string(JSON line GET "${json}" findings ${i} line)
		string(JSON check GET "${json}" findings ${i} check)
		file(RELATIVE_PATH rel ${CORPUS} ${file})
		list(APPEND actual "${rel}:${line}:${check}")
	endforeach()
endif()

set(tp 0)
set(fp 0)
set(fn 0)
foreach(f ${actual})
	if(f IN_LIST expected)
		math(EXPR tp "${tp} + 1")
	else()
		math(EXPR fp "${fp} + 1")
		message("EXTRA  ${f}")
	endif()
endforeach()
foreach(f ${expected})
	if(NOT f IN_LIST actual)
		math(EXPR fn "${fn} + 1")
		message("MISSED ${f}")
	endif()
endforeach()

list(LENGTH expected n_expected)
list(LENGTH actual n_actual)
if(n_actual GREATER 0)
	math(EXPR precision "100 * ${tp} / ${n_actual}")
else()
	set(precision 100)
endif()
if(n_expected GREATER 0)
	math(EXPR recall "100 * ${tp} / ${n_expected}")
else()
	set(recall 100)
endif()
list(LENGTH sources n_sources)
message("corpus/stack-autoinit (evidence=${EVIDENCE}): ${n_sources} files, ${n_expected} expected, "
	"${n_actual} reported, ${tp} matched: precision ${precision}%, recall ${recall}%")
if(fp GREATER 0 OR fn GREATER 0)
	message(FATAL_ERROR "corpus mismatch: ${fp} extra, ${fn} missed")
endif()
