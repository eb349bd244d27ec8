# layout --apply with groups by access and path (issue 27): on a tree defining the
# kernel's __cacheline_group_begin/end (include/linux/cache.h, our own test copy of
# their shape), the suggestion's groups are wrapped in the markers, a written group
# that starts its own line gets ____cacheline_aligned, build-time assertions follow the
# definition; the copy compiles, pahole shows the groups at the predicted offsets, and
# moving a member out of its group breaks the build. On a tree without the markers:
# comments, and a line start is refused.
# -DZEROTAX= -DGCC= -DPAHOLE= -DDATA= -DWORK=
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/src/include/linux)
file(COPY_FILE ${DATA}/cache.h ${WORK}/src/include/linux/cache.h)
file(COPY_FILE ${DATA}/q.h ${WORK}/src/q.h)
file(WRITE ${WORK}/src/q.c "#include \"q.h\"\nstruct q the_q;\n")

include(${CMAKE_CURRENT_LIST_DIR}/run.cmake)

run(0 ${GCC} -g -c src/q.c -o src/q.o)
file(COPY ${WORK}/src/ DESTINATION ${WORK}/copy)
run(1 ${ZEROTAX} layout --format=json --hot-fields ${DATA}/hot.txt --struct q
	--apply copy -s src src/q.o)
file(WRITE ${WORK}/before.json "${out}")
run(0 ${GCC} -g -c copy/q.c -o copy/q.o)
run(0 ${PAHOLE} -c 64 -C q copy/q.o)
file(WRITE ${WORK}/after.txt "${out}")
file(READ ${WORK}/copy/q.h h)
foreach(want "__cacheline_group_begin(rx_write) ____cacheline_aligned;"
		"__cacheline_group_end(completion_write);" "static_assert(offsetof(struct q, tx_tail)")
	string(FIND "${h}" "${want}" at)
	if(at LESS 0)
		message(FATAL_ERROR "'${want}' not written:\n${h}")
	endif()
endforeach()
execute_process(COMMAND python3 -c [=[
import json, re, sys
j = json.load(open(sys.argv[1]))
sug = [f for f in j["findings"] if f["symbol"] == "q"][0]["details"]["suggestion"]
t = open(sys.argv[2]).read()
off = {m[0]: int(m[1]) for m in re.findall(r"(\w+)(?:\[0\])?(?: __attribute__\(\(__aligned__\(\d+\)\)\))?;\s+/\*\s+(\d+)\s+\d+ \*/", t)}
size = int(re.findall(r"/\* size: (\d+)", t)[-1])
bad = []
if size != sug["size"]:
    bad.append("size %d, predicted %d" % (size, sug["size"]))
for g in sug["groups"]:
    b = off.get("__cacheline_group_begin__" + g["name"])
    if b is None or b != g["offset"]:
        bad.append("group %s at %s, predicted %d" % (g["name"], b, g["offset"]))
    if g["line_start"] and b % 64:
        bad.append("group %s does not start a line" % g["name"])
    for m in g["members"]:
        if not (b <= off[m] < off["__cacheline_group_end__" + g["name"]]):
            bad.append("%s outside group %s" % (m, g["name"]))
if sug["mixed_lines"] != 0:
    bad.append("the suggestion still mixes lines")
print("struct q: %d bytes; groups %s" % (size, ", ".join("%s@%d" % (g["name"], g["offset"]) for g in sug["groups"])))
sys.exit("; ".join(bad) if bad else 0)
]=] ${WORK}/before.json ${WORK}/after.txt RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "pahole does not confirm the groups")
endif()
# the assertions hold the groups: a member moved out of its group breaks the build
string(REPLACE "\tunsigned long tx_tail;\n" "" broken "${h}")
string(REPLACE "\tunsigned long c0;\n" "\tunsigned long c0;\n\tunsigned long tx_tail;\n" broken "${broken}")
file(WRITE ${WORK}/copy/q.h "${broken}")
run(1 ${GCC} -g -c copy/q.c -o copy/broken.o)
if(NOT err MATCHES "tx_tail in group completion_write")
	message(FATAL_ERROR "the membership assertion did not fire:\n${err}")
endif()

# an old tree: no markers in include/linux/cache.h
file(REMOVE_RECURSE ${WORK}/old)
file(COPY ${WORK}/src/ DESTINATION ${WORK}/old)
file(WRITE ${WORK}/old/include/linux/cache.h "#include <stddef.h>\n")
file(COPY ${WORK}/old/ DESTINATION ${WORK}/oldcopy)
run(0 ${GCC} -g -c old/q.c -o old/q.o)
# one writer whose read-mostly fields only its own path reads: no line start, comments
run(1 ${ZEROTAX} layout --hot-fields ${DATA}/hot-one.txt --struct q --apply oldcopy -s old old/q.o)
file(READ ${WORK}/oldcopy/q.h h)
string(FIND "${h}" "/* group rx_write (zerotax layout)" at)
if(at LESS 0 OR h MATCHES "__cacheline_group_begin\\(")
	message(FATAL_ERROR "old tree: comments expected:\n${h}")
endif()
run(0 ${GCC} -g -c oldcopy/q.c -o oldcopy/q.o)
# two writers need a line start: refused on the old tree, nothing written
file(REMOVE_RECURSE ${WORK}/oldcopy2)
file(COPY ${WORK}/old/ DESTINATION ${WORK}/oldcopy2)
run(3 ${ZEROTAX} layout --hot-fields ${DATA}/hot.txt --struct q --apply oldcopy2 -s old old/q.o)
if(NOT err MATCHES "no __cacheline_group_begin")
	message(FATAL_ERROR "old tree: the line start not refused:\n${err}")
endif()
file(READ ${WORK}/oldcopy2/q.h h2)
file(READ ${WORK}/old/q.h h0)
if(NOT h2 STREQUAL h0)
	message(FATAL_ERROR "old tree: a refused rewrite changed the header")
endif()
