# Verified reorder on the real tree (-DCC=clang|gcc, -DKV=6.1|6.12, 6.1 unless said):
# `zerotax layout --apply` writes the
# suggested order of struct mlx5e_rq into a copy of the fixture's source, the kernel's own
# make rebuilds one object including it (en_rx.o) in a copy of the fixture's O= directory,
# and pahole on the rebuilt object confirms the predicted size, cache lines and hot span.
#
# The copy: a hard-link farm of the source (cp -al; zerotax replaces the file it rewrites by
# a new one, so the link of en.h is broken and the fixture's en.h is untouched: checked) and
# `cp -a` of the O= directory (small; a fresh O= would need `prepare` again). Hot fields
# come from the AST pass over en_txrx.c and en_rx.c only (the RX path; the poll function is
# registered in en_main.c, so it is named with --hot instead of parsing that TU too).
# On 6.12, whose headers define the cache-line group macros (issue 27), the header gets
# __cacheline_group_begin/end and static_assert()s, and pahole on the rebuilt object must
# show every suggested group with exactly its members between the markers, a group that
# starts its own line starting one.
include(${SRC}/tests/kernel/common.cmake)
if(NOT KV)
	set(KV 6.1)
endif()
zt_kernel_env(${KV})

if(CC STREQUAL "gcc")
	set(objdir ${KERNEL_GCC_OBJ})
else()
	set(objdir ${KERNEL_CLANG_OBJ})
endif()
set(core drivers/net/ethernet/mellanox/mlx5/core)
set(header ${core}/en.h)
set(tree ${WORK}/tree)
set(obj ${WORK}/obj)

function(step what)
	string(TIMESTAMP t0 "%s")
	execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
	string(TIMESTAMP t1 "%s")
	math(EXPR dt "${t1} - ${t0}")
	message(STATUS "${what}: ${dt} s")
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
	endif()
	set(step_out "${out}" PARENT_SCOPE)
endfunction()

string(TIMESTAMP t0 "%s")
file(REMOVE_RECURSE ${tree} ${obj} ${WORK}/db)
string(TIMESTAMP t1 "%s")
math(EXPR dt "${t1} - ${t0}")
message(STATUS "removing an earlier run's copies: ${dt} s")
file(SHA256 ${KERNEL_SRC}/${header} fixture_sum)
step("cp -al of the source" cp -al ${KERNEL_SRC} ${tree})
step("cp -a of the ${CC} O= directory" cp -a ${objdir} ${obj})
file(TOUCH ${WORK}/copied.stamp)

# The RX path's two TUs of the fixture's compile database, and the compiler it used
file(WRITE ${WORK}/subdb.py [=[
import json, os, sys
d = json.load(open(sys.argv[1]))
keep = [c for c in d if c["file"].endswith(("/core/en_rx.c", "/core/en_txrx.c"))]
if len(keep) != 2:
    sys.exit("en_rx.c and en_txrx.c not in %s" % sys.argv[1])
os.makedirs(sys.argv[2], exist_ok=True)
json.dump(keep, open(os.path.join(sys.argv[2], "compile_commands.json"), "w"), indent=1)
cmd = keep[0].get("command") or " ".join(keep[0]["arguments"])
print(os.path.basename(cmd.split()[0]))
]=])
step("compile database of en_rx.c, en_txrx.c" python3 ${WORK}/subdb.py
	${objdir}/db/mlx5/compile_commands.json ${WORK}/db)
string(STRIP "${step_out}" compiler)
if(compiler MATCHES "^clang(-[0-9]+)$")
	set(make_cc LLVM=${CMAKE_MATCH_1})
else()
	set(make_cc CC=${compiler} HOSTCC=${compiler})
endif()

set(before ${objdir}/${core}/en_rx.o)
zt_krun(1 out layout -p ${WORK}/db -j 2 --hot mlx5e_napi_poll --struct mlx5e_rq
	--apply ${tree} -s ${KERNEL_SRC} --format=json ${before})
file(WRITE ${WORK}/before.json "${out}")
if(NOT out_err MATCHES "struct mlx5e_rq: reordered in ${tree}/${header}")
	message(FATAL_ERROR "mlx5e_rq not reordered in the copy:\n${out_err}")
endif()

# The fixture is untouched; the copy's en.h is a new file holding the same lines
file(SHA256 ${KERNEL_SRC}/${header} now_sum)
file(SHA256 ${tree}/${header} copy_sum)
if(NOT now_sum STREQUAL fixture_sum)
	message(FATAL_ERROR "the fixture's ${header} changed")
endif()
if(copy_sum STREQUAL fixture_sum)
	message(FATAL_ERROR "--apply left ${tree}/${header} as it was")
endif()
execute_process(COMMAND stat -c %h ${tree}/${header} OUTPUT_VARIABLE links
	OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT links EQUAL 1)
	message(FATAL_ERROR "${tree}/${header} still shares its inode (${links} links)")
endif()

step("make ${core}/en_rx.o (${compiler})" make -s -C ${tree} O=${obj} ARCH=x86_64 ${make_cc} -j2
	${core}/en_rx.o)
execute_process(COMMAND find ${KERNEL_SRC} ${objdir} -newer ${WORK}/copied.stamp -print -quit
	OUTPUT_VARIABLE written)
if(written)
	message(FATAL_ERROR "the rebuild wrote into the fixture: ${written}")
endif()

# pahole's view of the rebuilt struct, and zerotax's hot span from it (same hot fields)
set(after ${obj}/${core}/en_rx.o)
step("pahole before" pahole -c 64 -C mlx5e_rq ${before})
file(WRITE ${WORK}/before.txt "${step_out}")
step("pahole after" pahole -c 64 -C mlx5e_rq ${after})
file(WRITE ${WORK}/after.txt "${step_out}")
zt_krun(any out layout -p ${WORK}/db -j 2 --hot mlx5e_napi_poll --struct mlx5e_rq
	--format=json ${after})
file(WRITE ${WORK}/after.json "${out}")
# the audit page of the same run on a real struct: drawn as the JSON counts it
zt_krun(any out layout -p ${WORK}/db -j 2 --hot mlx5e_napi_poll --struct mlx5e_rq
	--format=html ${after})
file(WRITE ${WORK}/after.html "${out}")
execute_process(COMMAND python3 ${SRC}/tests/layout/check_html.py ${WORK}/after.html
		${WORK}/after.json
	RESULT_VARIABLE rc OUTPUT_VARIABLE msg ERROR_VARIABLE perr)
message(STATUS "audit page: ${msg}")
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "${WORK}/after.html: ${perr}")
endif()

file(WRITE ${WORK}/check.py [=[
import json, re, sys
work, header_old, header_new, kv = sys.argv[1:5]
b = json.load(open(work + "/before.json"))
a = json.load(open(work + "/after.json"))
f = [x for x in b["findings"] if x["symbol"] == "mlx5e_rq" and x["details"].get("suggestion")]
if not f:
    sys.exit("no suggestion for struct mlx5e_rq")
sug = f[0]["details"]["suggestion"]

def summary(path):
    # the last summary is the struct's (clang prints one inside aligned anonymous bodies)
    t = open(path).read()
    m = re.findall(r"/\* size: (\d+), cachelines: (\d+), members: (\d+) \*/", t)[-1]
    s = re.findall(r"/\* sum members: (\d+)", t)[-1]
    return int(m[0]), int(m[1]), int(m[2]), int(s)

size0, lines0, members0, sum0 = summary(work + "/before.txt")
size1, lines1, members1, sum1 = summary(work + "/after.txt")
st = [s for s in a["run"]["structs"] if s["record"] == "mlx5e_rq"][0]
print("mlx5e_rq before: %d bytes, %d lines, hot span %d; predicted %d bytes, %d lines, "
      "hot span %d; pahole after the rebuild: %d bytes, %d lines, hot span %d"
      % (size0, lines0, f[0]["details"]["hot_span"], sug["size"], sug["cachelines"],
         sug["hot_span"], size1, lines1, st["hot_span"]))
bad = []
# zerotax's own additions (issue 27): group markers (members of size 0), their comments on
# trees without them, the build-time assertions after the definition
markers = lambda path: len(re.findall(r"__cacheline_group_(?:begin|end)__\w+\[0\]", open(path).read()))
added = markers(work + "/after.txt") - markers(work + "/before.txt")
if (members0, sum0) != (members1 - added, sum1):
    bad.append("not a pure reorder: members %d/%d bytes -> %d/%d" % (members0, sum0, members1, sum1))
import collections
old_l = collections.Counter(open(header_old).read().splitlines())
new_l = collections.Counter(open(header_new).read().splitlines())
ours = re.compile(r"^\s*(/\* (group|end of group) \w+ \(zerotax layout\)|__cacheline_group_(begin|end)\(|"
                  r"static_assert\(|offsetof|\"|/\* zerotax layout: |$)")
if old_l - new_l or any(not ours.match(l) for l in (new_l - old_l)):
    bad.append("the rewritten header is not a permutation of the old one's lines (plus zerotax's groups)")
if (size1, lines1) != (sug["size"], sug["cachelines"]):
    bad.append("pahole: %d bytes, %d lines; predicted %d, %d" % (size1, lines1, sug["size"], sug["cachelines"]))
if st["size"] != size1 or not st["reproduced"]:
    bad.append("zerotax does not reproduce pahole on the rebuilt struct: %s" % st)
if st["hot_span"] != sug["hot_span"]:
    bad.append("hot span after the rebuild %d, predicted %d" % (st["hot_span"], sug["hot_span"]))
# the embedded page cache (2056 bytes) is hot only where its head, tail and an entry lie
pc = [h for h in f[0]["details"]["hot_fields"] if h["field"] == "page_cache"]
if (kv == "6.1" and not pc) or (pc and (pc[0]["hot_lines"] != 1 or pc[0]["hot_bytes"] >= pc[0]["size"])):
    bad.append("page_cache not narrowed to its hot members: %s" % pc)
if sug["size"] > size0 or sug["hot_span"] > f[0]["details"]["hot_span"]:
    bad.append("the suggestion is worse than the current order")

# the groups as pahole sees them in the rebuilt object: members between the markers
def pahole_groups(path):
    groups, cur = {}, None
    for l in open(path).read().splitlines():
        m = re.match(r"\s+.*?\b(\w+)(?:\[\d*\])*(?::\d+)?(?:\s+__attribute__\(\(.*?\)\))?;\s+/\*\s+(\d+)", l)
        if not m or l.startswith("\t\t"):
            continue        # nested members belong to their outer member
        name, off = m.group(1), int(m.group(2))
        g = re.match(r"__cacheline_group_(begin|end)__(\w+)$", name)
        if g and g.group(1) == "begin":
            cur = g.group(2)
            groups[cur] = {"offset": off, "members": []}
        elif g:
            cur = None
        elif cur:
            groups[cur]["members"].append(name)
    return groups

want = sug.get("groups") or []
if kv != "6.1":
    got = pahole_groups(work + "/after.txt")
    text = open(header_new).read()
    if want and ("__cacheline_group_begin(" not in text or "static_assert(" not in text):
        bad.append("%s: no __cacheline_group_begin() or static_assert() written" % header_new)
    grouped = {m for g in want for m in g["members"]}
    shown = 0
    for g in want:
        p = got.get(g["name"])
        if p is None:
            bad.append("group %s not in pahole's view of the rebuilt struct" % g["name"])
            continue
        # an unnamed member (anonymous union) has no name in pahole's view; cold
        # members the placement put into holes may lie inside a group, hot ones of
        # another group may not
        named = [m for m in g["members"] if m]
        if [m for m in p["members"] if m in named] != named:
            bad.append("group %s: pahole shows %s, suggested %s" % (g["name"], p["members"], named))
        stray = [m for m in p["members"] if m not in named and m in grouped]
        if stray:
            bad.append("group %s: pahole shows another group's %s inside it" % (g["name"], stray))
        if g["line_start"] and p["offset"] % 64:
            bad.append("group %s starts its own line but begins at offset %d" % (g["name"], p["offset"]))
        extra = [m for m in p["members"] if m not in named]
        shown += 1
        print("group %s at offset %d: %d suggested members between its markers%s"
              % (g["name"], p["offset"], len(named),
                 "; cold members placed in its holes: " + ", ".join(extra) if extra else ""))
    print("groups: %d suggested, %d as pahole shows them in the rebuilt object; %d static_assert()s"
          % (len(want), shown, text.count("static_assert(")))
    if not want:
        bad.append("no groups suggested for mlx5e_rq on %s" % kv)
if bad:
    sys.exit("\n".join(bad))
]=])
execute_process(COMMAND python3 ${WORK}/check.py ${WORK} ${KERNEL_SRC}/${header} ${tree}/${header} ${KV}
	RESULT_VARIABLE rc OUTPUT_VARIABLE msg ERROR_VARIABLE perr)
message(STATUS "${msg}")
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "${perr}")
endif()
# the copies are 1.6 GB of links and 120 MB of objects: not kept
string(TIMESTAMP t0 "%s")
file(REMOVE_RECURSE ${tree} ${obj})
string(TIMESTAMP t1 "%s")
math(EXPR dt "${t1} - ${t0}")
message(STATUS "removing the copies: ${dt} s")
