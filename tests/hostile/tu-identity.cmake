# Each compile database entry is its own TU (issue 30, item 8). The same
# rx.c twice with other flags (two configurations, two modules): the 200-byte
# variant's per-poll local was never reported, because the first variant's
# rx() won by name. Two drivers' rx.c, each with a static poll(): one poll()
# stood for both. And a file listed twice with the same flags is one finding,
# not two.
include(${SRC}/tests/hostile/common.cmake)
file(WRITE ${WORK}/rx.c "struct big { char b[BUFSZ]; };\nvoid use(struct big *);\nvoid rx(void)\n{\n\tstruct big x;\n\n\tuse(&x);\n}\n")
function(two_configs name first second)
	file(WRITE ${WORK}/compile_commands.json "[
  {\"directory\": \"${WORK}\", \"file\": \"rx.c\", \"arguments\": [\"gcc\", \"-O2\", \"-DBUFSZ=${first}\", \"-c\", \"rx.c\", \"-o\", \"a.o\"]},
  {\"directory\": \"${WORK}\", \"file\": \"rx.c\", \"arguments\": [\"gcc\", \"-O2\", \"-DBUFSZ=${second}\", \"-c\", \"rx.c\", \"-o\", \"b.o\"]}
]\n")
	zt_case(${name} 1 "rx.c:5:13: warning: 200-byte 'struct big x' zeroed on every poll"
		-- check -p ${WORK} --no-cache --evidence=gcc --hot rx)
	string(REGEX MATCHALL "warning:" said "${OUT}")
	list(LENGTH said n)
	if(NOT n EQUAL 1)
		message(FATAL_ERROR "${name}: ${n} findings, expected 1:\n${OUT}")
	endif()
endfunction()
# either order: the small variant first was the one that hid the big one
two_configs(two-configs-small-first 1 200)
two_configs(two-configs-big-first 200 1)
two_configs(same-entry-twice 200 200)

# two drivers, two rx.c, each with its own static poll() behind its own root
foreach(d a b)
	if(d STREQUAL "a")
		set(size 8)
	else()
		set(size 200)
	endif()
	file(MAKE_DIRECTORY ${WORK}/${d})
	file(WRITE ${WORK}/${d}/rx.c "struct big { char b[${size}]; };\nvoid use(struct big *);\nstatic void poll(void)\n{\n\tstruct big x;\n\n\tuse(&x);\n}\n\nvoid rx_${d}(void)\n{\n\tpoll();\n}\n")
endforeach()
file(WRITE ${WORK}/compile_commands.json "[
  {\"directory\": \"${WORK}/a\", \"file\": \"rx.c\", \"arguments\": [\"gcc\", \"-O2\", \"-c\", \"rx.c\"]},
  {\"directory\": \"${WORK}/b\", \"file\": \"rx.c\", \"arguments\": [\"gcc\", \"-O2\", \"-c\", \"rx.c\"]}
]\n")
zt_case(two-drivers-static 1 "b/rx.c:5:13: warning: 200-byte 'struct big x' zeroed on every poll"
	-- check -p ${WORK} --no-cache --evidence=gcc --hot rx_a --hot rx_b)
if(NOT OUT MATCHES "hot path: rx_b -> poll")
	message(FATAL_ERROR "two-drivers-static: not reached from rx_b:\n${OUT}")
endif()
