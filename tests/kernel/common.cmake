# Helpers of the real-kernel tests: the fixture's paths, running zerotax,
# timing each step (printed, never asserted).
cmake_minimum_required(VERSION 3.19)

# zt_kernel_env(VERSION): sets KERNEL_VERSION, KERNEL_ENTRY, KERNEL_SRC,
# KERNEL_CLANG_OBJ, KERNEL_GCC_OBJ, KERNEL_<CC>_KCFLAGS (the fixture's extra
# flags: a make in a copy of the tree passes them) and KERNEL_DBS in the
# caller for the 6.12 or the 6.1 tree. Each tree's compile databases: ${KERNEL_<CC>_OBJ}/db/NAME/
# for every NAME of KERNEL_DBS (all, and one per driver).
# The fixture is shared by every clone and run: never write into it; copy
# (or hard-link and break the links) what a test must change.
macro(zt_kernel_env version)
	execute_process(COMMAND ${SRC}/scripts/kernel-tree.sh env ${version}
		RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
	if(NOT _rc EQUAL 0)
		message(FATAL_ERROR "kernel fixture not built: ${_err}")
	endif()
	string(REPLACE "\n" ";" _lines "${_out}")
	foreach(_l ${_lines})
		if(_l MATCHES "^([A-Z_]+)=(.*)$")
			set(${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
		endif()
	endforeach()
	file(MAKE_DIRECTORY ${WORK})
endmacro()

# zt_krun(EXPECTED_RC OUTVAR ARGS...): run zerotax, print its time, fail unless
# it exits EXPECTED_RC ('any': 0 or 1, for a script that judges the output
# itself); OUTVAR gets stdout, OUTVAR_err stderr.
function(zt_krun expect outvar)
	string(TIMESTAMP t0 "%s")
	execute_process(COMMAND ${ZEROTAX} ${ARGN}
		WORKING_DIRECTORY ${WORK}
		RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
	string(TIMESTAMP t1 "%s")
	math(EXPR dt "${t1} - ${t0}")
	list(GET ARGN 0 verb)
	message(STATUS "zerotax ${verb}: ${dt} s (exit ${rc})")
	if(expect STREQUAL "any" AND (rc EQUAL 0 OR rc EQUAL 1))
	elseif(NOT rc EQUAL expect)
		message(FATAL_ERROR "zerotax ${ARGN}: exit ${rc}, expected ${expect}\nstdout:\n${out}\nstderr:\n${err}")
	endif()
	set(${outvar} "${out}" PARENT_SCOPE)
	set(${outvar}_err "${err}" PARENT_SCOPE)
endfunction()

# zt_kjudge(WHAT COMMAND...): run a judge script of tests/kernel/, print what it
# says (its tables are the test's output), fail with WHAT unless it exits 0.
function(zt_kjudge what)
	execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
	message("${out}${err}")
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "${what} (exit ${rc})")
	endif()
endfunction()

# zt_bed_objects(OBJ_DIR): the 6.12 test bed's objects under OBJ_DIR (a tree of
# zt_kernel_env), one list per driver: BED_DRIVERS names them, BED_OBJS_<driver>
# holds each one's objects, BED_OBJS all of them.
macro(zt_bed_objects obj)
	set(_e ${obj}/drivers/net/ethernet)
	set(BED_OBJS_mlx5 ${_e}/mellanox/mlx5/core/mlx5_core.o)
	set(BED_OBJS_mlx4 ${_e}/mellanox/mlx4/mlx4_core.o ${_e}/mellanox/mlx4/mlx4_en.o)
	set(BED_OBJS_ice ${_e}/intel/ice/ice.o)
	set(BED_OBJS_i40e ${_e}/intel/i40e/i40e.o)
	set(BED_OBJS_ixgbe ${_e}/intel/ixgbe/ixgbe.o)
	set(BED_OBJS_igc ${_e}/intel/igc/igc.o)
	set(BED_OBJS_bnxt ${_e}/broadcom/bnxt/bnxt_en.o)
	set(BED_OBJS_virtio_net ${obj}/drivers/net/virtio_net.o)
	set(BED_OBJS_veth ${obj}/drivers/net/veth.o)
	set(BED_OBJS_tun ${obj}/drivers/net/tun.o)
	file(GLOB _xdp_objs ${obj}/net/xdp/*.o)
	set(BED_OBJS_net ${_xdp_objs} ${obj}/net/core/xdp.o ${obj}/net/core/page_pool.o)
	set(BED_DRIVERS mlx5 mlx4 ice i40e ixgbe igc bnxt virtio_net veth tun net)
	set(BED_OBJS)
	foreach(_d ${BED_DRIVERS})
		list(APPEND BED_OBJS ${BED_OBJS_${_d}})
	endforeach()
endmacro()
