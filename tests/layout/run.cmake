# run(EXPECTED_RC COMMAND...) for the layout test scripts: run in ${WORK}, fail
# unless it exits EXPECTED_RC; its stdout and stderr in out and err.
function(run expect_rc)
	execute_process(COMMAND ${ARGN} WORKING_DIRECTORY ${WORK} RESULT_VARIABLE rc
		OUTPUT_VARIABLE out ERROR_VARIABLE err)
	if(NOT rc EQUAL expect_rc)
		message(FATAL_ERROR "${ARGN}: exit ${rc}, want ${expect_rc}\n${out}\n${err}")
	endif()
	set(out "${out}" PARENT_SCOPE)
	set(err "${err}" PARENT_SCOPE)
endfunction()
