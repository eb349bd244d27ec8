# check on the whole 6.12 test bed (db/all: every driver, one database) of one
# tree (-DCC=gcc|clang), with the evidence its build left next to each object
# (--evidence=build: the fixture is built with zerotax build-flags; no TU is
# recompiled): every TU parsed, no evidence failure, the per-driver table of findings by rank, the pinned per-packet
# cases (tests/kernel/pins_6_12.py). The JSON is left in BED for the fix,
# layout and oracle tests.
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.12)
string(TOUPPER ${CC} CCU)
set(obj ${KERNEL_${CCU}_OBJ})
file(MAKE_DIRECTORY ${BED})
zt_krun(any json check -p ${obj}/db/all -j 2 --evidence=build --format=json --no-cache)
file(WRITE ${BED}/check-${CC}.json "${json}")
zt_kjudge("6.12 ${CC}: the findings are not what the tree holds (${BED}/check-${CC}.json)"
	python3 ${SRC}/tests/kernel/bed.py check ${CC} ${BED}/check-${CC}.json)
