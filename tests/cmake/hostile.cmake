# Hostile and careless inputs (issue 17), label "hostile": each case one test.
#   tests/hostile/test_*.c   cmocka programs (the option table, spawning, the
#                            guard's contract: test_guard.c)
#   tests/hostile/*.cmake    end-to-end runs of zerotax on a bad input; each
#                            prints "CASE: exit N: FIRST LINE" for the record
#   {fix,check,prove}-signals  SIGINT/SIGTERM/SIGHUP (and a crash, a closed
#                            pipe) at a known point: exit 128 + N, one line,
#                            the JSON error object, TMPDIR empty, no process
#                            left (*_signals.py, helpers in sigcase.py)
file(GLOB ZT_HOSTILE_UNITS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/hostile/test_*.c)
foreach(src ${ZT_HOSTILE_UNITS})
	get_filename_component(name ${src} NAME_WE)
	add_executable(${name} ${src})
	target_compile_options(${name} PRIVATE ${ZT_WARNINGS})
	target_link_libraries(${name} PRIVATE libzerotax PkgConfig::CMOCKA)
	add_test(NAME hostile/${name} COMMAND ${name})
	set_tests_properties(hostile/${name} PROPERTIES LABELS hostile TIMEOUT 600
		ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
endforeach()
# fifty kills of fix --in-place, each a run of up to 20 s on a loaded machine
if(TEST hostile/kill-signals)
	set_tests_properties(hostile/kill-signals PROPERTIES TIMEOUT 1500)
endif()

file(GLOB ZT_HOSTILE_CASES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/hostile/*.cmake)
list(FILTER ZT_HOSTILE_CASES EXCLUDE REGEX "/common\\.cmake$")
# prove's case builds the reference driver: only when it is part of the tree
if(NOT EXISTS ${CMAKE_SOURCE_DIR}/reference-driver/variant.mk)
	list(FILTER ZT_HOSTILE_CASES EXCLUDE REGEX "/prove-signals\\.cmake$")
endif()
foreach(script ${ZT_HOSTILE_CASES})
	get_filename_component(name ${script} NAME_WE)
	add_test(NAME hostile/${name}
		COMMAND ${CMAKE_COMMAND}
			-DZEROTAX=$<TARGET_FILE:zerotax>
			-DSRC=${CMAKE_SOURCE_DIR}
			-DWORK=${CMAKE_CURRENT_BINARY_DIR}/hostile-${name}
			-DBUILD=${CMAKE_BINARY_DIR}
			-P ${script})
	# a hang (a FIFO read, /dev/zero) fails the test instead of stalling CI
	set_tests_properties(hostile/${name} PROPERTIES LABELS hostile TIMEOUT 300
		ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
endforeach()
# fifty kills of fix --in-place, each a run of up to 20 s on a loaded machine
if(TEST hostile/kill-signals)
	set_tests_properties(hostile/kill-signals PROPERTIES TIMEOUT 1500)
endif()
