# The oracle notices a hot path check lost, on any tree, without a corpus:
# check on veth (one TU of the 6.12 gcc tree) as it is, where the oracle
# passes, then with a rules file that makes veth's NAPI poll cold. The roots
# stay the first run's (what check found before), so the oracle walks the
# path the rule cut and must fail, naming the functions it reaches there.
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.12)
set(db ${KERNEL_GCC_OBJ}/db/veth)
set(gaps ${SRC}/tests/kernel/oracle-6.12.gaps)
set(oracle python3 ${SRC}/tests/kernel/oracle.py ${db} ${gaps} --driver veth)

zt_krun(any whole check -p ${db} --evidence=build --format=json --no-cache)
file(WRITE ${WORK}/whole.json "${whole}")
message("whole path:")
zt_kjudge("the oracle fails on veth as check sees it" ${oracle} ${WORK}/whole.json ${WORK}/whole.json)

file(WRITE ${WORK}/cut.conf "cold veth_poll	the cut this test makes\n")
zt_krun(any cut check -p ${db} --evidence=build --format=json --no-cache --rules ${WORK}/cut.conf)
file(WRITE ${WORK}/cut.json "${cut}")
execute_process(COMMAND ${oracle} ${WORK}/whole.json ${WORK}/cut.json
	RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("veth_poll made cold:\n${out}${err}")
if(NOT rc EQUAL 1)
	message(FATAL_ERROR "the oracle did not fail on the cut path (exit ${rc})")
endif()
foreach(fn veth_xdp_rcv_skb veth_xdp_rcv_one)
	if(NOT out MATCHES "FAIL veth: ${fn} ")
		message(FATAL_ERROR "the oracle does not name ${fn} among the missing")
	endif()
endforeach()
