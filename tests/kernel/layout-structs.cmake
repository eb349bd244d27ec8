# Every struct pahole 1.24 prints for the fixture's objects (mlx5_core.o, ice.o,
# net/xdp/*.o, net/core/{xdp,page_pool}.o), for the clang-19 and the gcc-12 build:
# `zerotax layout` (no --struct: every struct) must parse 100% of them (no
# "skipped" warning, every name pahole printed is in the run's "structs") and
# its simulation must reproduce pahole's offsets and size for 100% of them.
# The counts are printed per compiler.
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.1)

set(count_py [=[
import json, re, subprocess, sys
objs, zjson, zerr = sys.argv[1:-2], sys.argv[-2], sys.argv[-1]
printed = set()
for o in objs:
    # pahole's own list of the structs it prints (typedef'd anonymous ones by name)
    out = subprocess.run(["pahole", "-c", "64", o], capture_output=True, text=True).stdout
    anon = False
    for line in out.splitlines():
        m = re.match(r"^struct (\w+) \{$", line)
        if m:
            printed.add(m.group(1))
        if line == "typedef struct {":
            anon = True
        m = re.match(r"^\} (\w+);$", line)
        if anon and m:
            printed.add(m.group(1))
            anon = False
run = json.load(open(zjson))["run"]["structs"]
parsed = {s["record"]: s for s in run if s["kind"] == "struct"}
skipped = [l for l in open(zerr) if "skipped" in l]
missing = sorted(printed - set(parsed))
bad = sorted(n for n, s in parsed.items() if not s["reproduced"])
print("%d structs, %d parsed, %d reproduced, %d unions read, %d skipped"
      % (len(printed), len(printed) - len(missing),
         sum(1 for n in printed if n in parsed and parsed[n]["reproduced"]),
         sum(1 for s in run if s["kind"] == "union"), len(skipped)))
for l in skipped[:20]:
    print("skipped:", l.rstrip())
for n in missing[:20]:
    print("not parsed:", n)
for n in bad[:20]:
    print("not reproduced:", n, parsed[n].get("unverified", ""))
sys.exit(1 if skipped or missing or bad else 0)
]=])
file(WRITE ${WORK}/count.py "${count_py}")

foreach(cc clang gcc)
	if(cc STREQUAL "clang")
		set(obj ${KERNEL_CLANG_OBJ})
	else()
		set(obj ${KERNEL_GCC_OBJ})
	endif()
	file(GLOB xdp_objs ${obj}/net/xdp/*.o)
	set(objs
		${obj}/drivers/net/ethernet/mellanox/mlx5/core/mlx5_core.o
		${obj}/drivers/net/ethernet/intel/ice/ice.o
		${xdp_objs}
		${obj}/net/core/xdp.o
		${obj}/net/core/page_pool.o)
	# findings are expected (exit 1): the run's "structs" is what is checked
	zt_krun(1 out layout --format=json ${objs})
	file(WRITE ${WORK}/${cc}.json "${out}")
	file(WRITE ${WORK}/${cc}.err "${out_err}")
	execute_process(COMMAND python3 ${WORK}/count.py ${objs} ${WORK}/${cc}.json ${WORK}/${cc}.err
		RESULT_VARIABLE rc OUTPUT_VARIABLE counts ERROR_VARIABLE perr)
	message(STATUS "${cc}: ${counts}")
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "${cc}: not every struct parsed and reproduced\n${counts}${perr}")
	endif()
endforeach()
