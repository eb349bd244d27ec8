# Included by the layout scripts: the reference driver built with gcc-12 -g into
# ${WORK} (its compile database and objects); sets zt_driver_objs to the objects.
file(MAKE_DIRECTORY ${WORK})
# EXTRA_CFLAGS on the command line: variant.mk expands it when its rules are made
foreach(target compdb objs)
	execute_process(
		COMMAND make -s -f ${DRIVER}/variant.mk SRC=${DRIVER} CC=gcc-12 EXTRA_CFLAGS=-g
			COMPDB=${WORK}/compile_commands.json OBJDIR=${WORK}/objs ${target}
		RESULT_VARIABLE rc ERROR_VARIABLE err)
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "cannot make the reference driver's ${target}: ${err}")
	endif()
endforeach()
file(GLOB zt_driver_objs ${WORK}/objs/*.o)
if(NOT zt_driver_objs)
	message(FATAL_ERROR "no driver objects in ${WORK}/objs")
endif()
