# zerotax compile-db against the build (compile-db.tests.cmake): the copy holds
# what make needs of the objtree (the configuration, the generated headers,
# the host tools: a few MB) and igc's built objects, so the run also shows
# that an objtree already built still prints every compile.
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.12)
set(obj ${KERNEL_CLANG_OBJ})
set(copy ${WORK}/obj)
set(dir drivers/net/ethernet/intel/igc)
file(REMOVE_RECURSE ${copy})
file(MAKE_DIRECTORY ${copy}/drivers/net/ethernet/intel)
execute_process(COMMAND find ${obj} -mindepth 1 -maxdepth 1 -not -name drivers -not -name net
		-not -name db -exec cp -a {} ${copy}/ \;
	COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND cp -a ${obj}/${dir} ${copy}/${dir} COMMAND_ERROR_IS_FATAL ANY)
set(vars ARCH=x86_64 LLVM=-19)
if(KERNEL_CLANG_KCFLAGS)
	list(APPEND vars "KCFLAGS=${KERNEL_CLANG_KCFLAGS}")
endif()
# --no-prepare: the copy is ready; running modules_prepare would be a bug here
zt_krun(0 out compile-db -C ${KERNEL_SRC} -O ${copy} --no-prepare -j2 -o ${WORK}/cdb.json
	${vars} ${dir})
message(STATUS "${out_err}")
execute_process(COMMAND python3 ${KERNEL_SRC}/scripts/clang-tools/gen_compile_commands.py
		-d ${obj} -o ${WORK}/build.json ${obj}/${dir}
	COMMAND_ERROR_IS_FATAL ANY)
zt_kjudge("compile-db's argv are not the build's"
	python3 ${SRC}/tests/kernel/compile_db_same.py ${WORK}/cdb.json ${WORK}/build.json)
file(REMOVE_RECURSE ${copy})
