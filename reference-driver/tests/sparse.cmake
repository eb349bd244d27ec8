# Runs sparse over the driver with kernel-like checker flags; any diagnostic fails.
set(flags -D__CHECKER__ -D__x86_64__ -D__linux__ -m64 -mlittle-endian -nostdinc
	-Wbitwise -Wcast-to-as -Wcast-truncate -Wcontext -Wdecl -Wdefault-bitfield-sign
	-Wnon-pointer-null -Wptr-subtraction-blows -Wno-return-void -Wno-unknown-attribute)
foreach(inc ${INCLUDES})
	list(APPEND flags -I${inc})
endforeach()
set(failed 0)
foreach(f ${FILES})
	execute_process(COMMAND ${SPARSE} ${flags} ${f}
		RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
	if(NOT rc EQUAL 0 OR NOT "${out}${err}" STREQUAL "")
		message("sparse: ${f}:\n${out}${err}")
		set(failed 1)
	endif()
endforeach()
if(failed)
	message(FATAL_ERROR "sparse reported problems")
endif()
list(LENGTH FILES n)
message("sparse: ${n} files clean")
