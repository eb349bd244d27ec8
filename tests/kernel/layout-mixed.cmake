# A mixed run: net/core/page_pool.o (clang-19, DWARF 5) and a copy of
# net/core/xdp.o stripped of its debug info. The first is audited; the second
# gets "no DWARF debug info in X: build with -g" and is skipped (exit 3 only
# when no object can be read).
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.1)

set(good ${KERNEL_CLANG_OBJ}/net/core/page_pool.o)
set(bare ${WORK}/xdp-nodebug.o)
execute_process(COMMAND objcopy --strip-debug ${KERNEL_CLANG_OBJ}/net/core/xdp.o ${bare}
	RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "objcopy --strip-debug failed")
endif()
zt_krun(1 out layout --struct page_pool ${bare} ${good})
if(NOT out MATCHES "struct page_pool")
	message(FATAL_ERROR "no finding for struct page_pool:\n${out}")
endif()
if(NOT out_err MATCHES "no DWARF debug info in [^\n]*xdp-nodebug.o: build with -g")
	message(FATAL_ERROR "no warning about the object without DWARF:\n${out_err}")
endif()
message(STATUS "mixed run: ${out_err}")
zt_krun(3 out layout --struct page_pool ${bare})
