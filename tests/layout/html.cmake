# zerotax layout --format=html on the reference driver (cmake -P). Inputs: ZEROTAX, DRIVER,
# WORK, SRC. The page of the run and the JSON of the same run: check_html.py says the page
# is well-formed and self-contained and draws what the JSON counts.
cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/driver-objects.cmake)
set(objs ${zt_driver_objs})

foreach(fmt html json)
	execute_process(
		COMMAND ${ZEROTAX} layout -p ${WORK} --struct mlx5e_rq,page_pool,xdp_buff_xsk
			--format=${fmt} ${objs}
		OUTPUT_FILE ${WORK}/layout.${fmt} ERROR_VARIABLE err RESULT_VARIABLE rc)
	if(NOT rc EQUAL 1)
		message(FATAL_ERROR "zerotax layout --format=${fmt} exited ${rc}, wanted 1\n${err}")
	endif()
endforeach()
execute_process(COMMAND python3 ${SRC}/tests/layout/check_html.py ${WORK}/layout.html
		${WORK}/layout.json
	RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}")
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "${WORK}/layout.html:\n${err}")
endif()
file(READ ${WORK}/layout.html page)
if(NOT page MATCHES "<section id=\"findings\">.*zerotax-layout-hot-span")
	message(FATAL_ERROR "the findings are not on the page")
endif()
