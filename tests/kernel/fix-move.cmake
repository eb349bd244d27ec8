# Issue 31 on a real 6.12 driver header: mlx5e put back as it was before its
# per-RQ XDP buffer (tests/kernel/reverse_mxbuf.py: struct mlx5e_xdp_buff
# defined in en/xdp.h, which includes en.h, the owner's header; one local per
# receive function). check finds the four locals; fix --strategy=hoist must
# move the definition into en.h before struct mlx5e_rq, leave nothing in
# en/xdp.h, add no #include (en/xdp.h reaches en.h through mlx5's -I, an
# include would be a cycle) and verify the TUs with the tree's flags.
#
# The source is a hard-link farm whose three edited files are copies first;
# the fixture's object tree is only read (check runs without evidence, fix's
# verify compiles write nothing), so it is not copied.
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.12)
set(obj ${KERNEL_CLANG_OBJ})
set(core drivers/net/ethernet/mellanox/mlx5/core)
set(py ${SRC}/tests/kernel/fix_tree.py)

function(run_or_die)
	execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE o ERROR_VARIABLE e
		WORKING_DIRECTORY ${WORK})
	if(rc)
		message(FATAL_ERROR "${ARGN}: exit ${rc}\n${o}\n${e}")
	endif()
endfunction()

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/db ${WORK}/dbfix)
run_or_die(cp -al ${KERNEL_SRC} ${WORK}/src)
foreach(f en.h en/xdp.h en_rx.c)
	file(REMOVE ${WORK}/src/${core}/${f})
	file(COPY_FILE ${KERNEL_SRC}/${core}/${f} ${WORK}/src/${core}/${f})
endforeach()
run_or_die(python3 ${SRC}/tests/kernel/reverse_mxbuf.py ${WORK}/src/${core})

# check sees the receive path and where the XDP send's function pointers are
# set (en_main.c, en/xdp.c: the release rule walks the calls through them);
# fix verifies every TU of its database that includes a changed file: the two
# of the path and en/xdp.c. fix is given the four mxbuf findings only.
run_or_die(python3 ${py} db ${obj}/db/mlx5 ${WORK}/db ${KERNEL_SRC} ${obj} ${WORK}/src ${obj}
	en_rx.c en_txrx.c xdp.c en_main.c)
run_or_die(python3 ${py} db ${obj}/db/mlx5 ${WORK}/dbfix ${KERNEL_SRC} ${obj} ${WORK}/src ${obj}
	en_rx.c en_txrx.c xdp.c)
zt_krun(1 json check -p ${WORK}/db -j 2 --no-cache --evidence=none
	--rules ${SRC}/rules/hotpaths/mlx5e.conf --format=json)
file(WRITE ${WORK}/check.json "${json}")
run_or_die(python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
d['findings'] = [f for f in d['findings'] if f['symbol'] == 'mxbuf']
json.dump(d, open(sys.argv[1], 'w'))" ${WORK}/check.json)
string(REGEX MATCHALL "\"symbol\": \"mxbuf\"" locals "${json}")
list(LENGTH locals n)
if(NOT n EQUAL 4)
	message(FATAL_ERROR "check reports ${n} mxbuf locals on the reversed tree, wanted 4:\n${json}")
endif()

zt_krun(0 out fix -i ${WORK}/check.json -p ${WORK}/dbfix -s ${WORK}/src -j 2
	--strategy=hoist --in-place)
set(out_err "${out}${out_err}")
message(STATUS "${out_err}")
foreach(want "verified: 4 applied, 0 refused, 3 file(s) changed"
	     "moved: struct mlx5e_xdp_buff: ${core}/en/xdp.h:"
	     "field: struct mlx5e_rq: struct mlx5e_xdp_buff mxbuf")
	string(FIND "${out_err}" "${want}" at)
	if(at EQUAL -1)
		message(FATAL_ERROR "fix: no '${want}' in:\n${out_err}")
	endif()
endforeach()
string(FIND "${out_err}" "included:" inc)
if(NOT inc EQUAL -1)
	message(FATAL_ERROR "fix added an #include (a cycle: en/xdp.h includes en.h):\n${out_err}")
endif()
file(READ ${WORK}/src/${core}/en.h en)
file(READ ${WORK}/src/${core}/en/xdp.h xdp)
string(FIND "${en}" "struct mlx5e_xdp_buff {" def)
string(FIND "${en}" "struct mlx5e_rq {" owner)
if(def EQUAL -1 OR owner EQUAL -1 OR NOT def LESS owner)
	message(FATAL_ERROR "en.h does not define struct mlx5e_xdp_buff before struct mlx5e_rq")
endif()
string(FIND "${xdp}" "struct mlx5e_xdp_buff {" left)
if(NOT left EQUAL -1)
	message(FATAL_ERROR "en/xdp.h still defines struct mlx5e_xdp_buff")
endif()
message(STATUS "moved into en.h before struct mlx5e_rq; en/xdp.h keeps no definition")
