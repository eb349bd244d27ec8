# zerotax layout on the reference driver (cmake -P). Inputs: ZEROTAX, DRIVER, WORK.
# Generic on purpose (the driver's structs change): the layout model must reproduce
# pahole on its mlx5e_rq, a suggestion may not grow it, and --diff of a build with
# itself reports no growth.
cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/driver-objects.cmake)
set(objs ${zt_driver_objs})

execute_process(
	COMMAND ${ZEROTAX} layout -p ${WORK} --struct mlx5e_rq --format=json --no-cache ${objs}
	OUTPUT_VARIABLE json ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT (rc EQUAL 0 OR rc EQUAL 1))
	message(FATAL_ERROR "zerotax layout exited ${rc}\n${err}\n${json}")
endif()
string(JSON n LENGTH "${json}" run structs)
if(NOT n EQUAL 1)
	message(FATAL_ERROR "wanted the one struct asked for, got ${n}:\n${json}")
endif()
string(JSON verified GET "${json}" run structs 0 verified)
if(NOT verified)
	message(FATAL_ERROR "the layout model does not reproduce pahole on mlx5e_rq:\n${json}")
endif()
string(JSON size GET "${json}" run structs 0 size)
string(JSON nf LENGTH "${json}" findings)
if(nf GREATER 0)
	math(EXPR last "${nf} - 1")
	foreach(i RANGE ${last})
		string(JSON sug TYPE "${json}" findings ${i} details suggestion)
		if(sug STREQUAL "OBJECT")
			string(JSON ssize GET "${json}" findings ${i} details suggestion size)
			if(ssize GREATER size)
				message(FATAL_ERROR "a suggestion grows mlx5e_rq: ${ssize} > ${size}")
			endif()
		endif()
	endforeach()
endif()

# The AST pass through check's per-TU cache: a second run takes every TU from it
# and says the same as a run without the cache.
file(REMOVE_RECURSE ${WORK}/cache)
foreach(round 1 2)
	execute_process(
		COMMAND ${ZEROTAX} layout -p ${WORK} --struct mlx5e_rq --format=json -v
			--cache ${WORK}/cache ${objs}
		OUTPUT_VARIABLE cached ERROR_VARIABLE err RESULT_VARIABLE crc)
	if(NOT crc EQUAL rc)
		message(FATAL_ERROR "layout --cache (round ${round}) exited ${crc}, not ${rc}\n${err}")
	endif()
endforeach()
execute_process(COMMAND ${ZEROTAX} layout -p ${WORK} --struct mlx5e_rq --format=json --no-cache
	${objs} OUTPUT_VARIABLE uncached RESULT_VARIABLE urc)
if(NOT cached STREQUAL uncached OR NOT json STREQUAL uncached)
	message(FATAL_ERROR "layout with the cache says something else than without it")
endif()
if(NOT err MATCHES "cache: ([0-9]+) of ([0-9]+) translation units reused")
	message(FATAL_ERROR "no cache note in the second run:\n${err}")
endif()
if(NOT CMAKE_MATCH_1 EQUAL CMAKE_MATCH_2 OR CMAKE_MATCH_1 EQUAL 0)
	message(FATAL_ERROR "the second run reused ${CMAKE_MATCH_1} of ${CMAKE_MATCH_2} TUs")
endif()
message(STATUS "layout --cache: ${CMAKE_MATCH_1} of ${CMAKE_MATCH_2} TUs reused, same JSON")

list(GET objs 0 one)
execute_process(
	COMMAND ${ZEROTAX} layout --diff --struct mlx5e_rq ${one} ${one}
	OUTPUT_VARIABLE text ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "--diff of a build with itself exited ${rc}\n${err}\n${text}")
endif()
message(STATUS "mlx5e_rq: ${size} bytes, ${nf} finding(s); ${text}")
