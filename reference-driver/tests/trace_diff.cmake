# The same traffic through differently compiled variants must give byte-identical logs,
# and each log must account for every packet with no page leaked (rd-trace --check).
foreach(mode none pass drop drop-read tx)
	set(prev "")
	foreach(so ${A} ${B} ${C})
		execute_process(COMMAND ${TRACE} --so ${so} --profile ${PROFILE} --mode ${mode}
				--rq ${RQ} --packets 1500 --check
			RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
		if(NOT rc EQUAL 0)
			message(FATAL_ERROR "rd-trace ${so} ${PROFILE} ${mode} ${RQ}: exit ${rc}\n${err}")
		endif()
		if(NOT prev STREQUAL "" AND NOT prev STREQUAL out)
			message(FATAL_ERROR "${so} differs from the first variant for ${PROFILE} ${mode} ${RQ}")
		endif()
		set(prev "${out}")
	endforeach()
	string(REGEX MATCH "counters [^\n]*" c "${out}")
	message("${mode}: ${c}")
endforeach()
