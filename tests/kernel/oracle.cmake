# The oracle on the whole 6.12 test bed: gcc's call graph after inlining
# (-fcallgraph-info), walked from the roots check reported; every function it
# reaches whose zeroing of a local survived in gcc's optimized trees must be
# reported by check or named with a reason in oracle-6.12.gaps. Prints the
# table, recall per driver and the reverse (what only check calls hot).
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.12)
zt_kjudge("the oracle found hot cases check neither reports nor explains"
	python3 ${SRC}/tests/kernel/oracle.py ${KERNEL_GCC_OBJ}/db/all
	${SRC}/tests/kernel/oracle-6.12.gaps ${BED}/check-gcc.json ${BED}/check-gcc.json)
