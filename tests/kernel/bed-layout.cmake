# layout on each driver's objects of the 6.12 test bed (-DCC=gcc|clang): every
# struct pahole prints is read (no "skipped" warning); the count per driver.
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.12)
string(TOUPPER ${CC} CCU)
zt_bed_objects(${KERNEL_${CCU}_OBJ})
set(failed)
foreach(d ${BED_DRIVERS})
	zt_krun(any json layout --format=json ${BED_OBJS_${d}})
	file(WRITE ${WORK}/${d}.json "${json}")
	file(WRITE ${WORK}/${d}.err "${json_err}")
	execute_process(COMMAND python3 ${SRC}/tests/kernel/bed.py layout ${CC}-${d}
			${WORK}/${d}.json ${WORK}/${d}.err
		RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
	message("${out}${err}")
	if(NOT rc EQUAL 0)
		list(APPEND failed ${d})
	endif()
endforeach()
if(failed)
	message(FATAL_ERROR "6.12 ${CC}: layout skipped structs of ${failed}")
endif()
