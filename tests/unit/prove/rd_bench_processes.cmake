# rd-bench's rounds over fresh processes (issue 29): which process ran each round, the
# host before and after, the drift; never a timing. -DRD_BENCH= -DSO= -DOUT=
set(args --variant a=${SO} --variant b=${SO} --profile udp64 --mode drop --cache cold
	--packets 20000)
execute_process(COMMAND ${RD_BENCH} ${args} --rounds 6 --processes 3 --json ${OUT}
	RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "rd-bench exit ${rc}\n${out}\n${err}")
endif()
file(READ ${OUT} json)
foreach(want "\"processes\": 3," "\"rounds_process\": \\[1, 1, 2, 2, 3, 3\\]"
		"\"calibration\": {\"times\": 45" "\"calibration_after\": {\"times\": 45"
		"\"clock_ns\": {\"median\": [0-9.]+, \"q1\"" "\"host_drift\": \"")
	if(NOT json MATCHES "${want}")
		message(FATAL_ERROR "no '${want}' in ${OUT}:\n${json}")
	endif()
endforeach()
if(NOT out MATCHES "# host drift between before and after: ")
	message(FATAL_ERROR "no drift line:\n${out}")
endif()
# more processes than rounds is a usage error
execute_process(COMMAND ${RD_BENCH} ${args} --rounds 2 --processes 3
	RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(NOT rc EQUAL 2)
	message(FATAL_ERROR "--rounds 2 --processes 3: exit ${rc}, expected 2")
endif()
file(REMOVE ${OUT})
