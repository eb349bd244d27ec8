# The six messages of issue 55 that misled (corpus/fix/messages), from
# check's own findings, through the differential run: each refusal names
# what it is, and what auto applies instead reads the same.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(messages)
zt_diff_check_roots(messages ${WORK}/f.json none m_poll)
file(REMOVE ${WORK}/src/messages/compile_commands.json)
file(READ ${WORK}/f.json found)
# 6: m_acc()'s own "e.mark = e.mark + 1" reads the zero: no finding (it
# named m_part() as the reader it could not see into)
if(found MATCHES "\"function\": \"m_acc\"")
	message(FATAL_ERROR "m_acc's zero is needed (e.mark = e.mark + 1), check found it:\n${found}")
endif()
set(said
	# 3: two locals of one name: each its own line and answer
	"rx.c:36: applied: struct m_desc a in m_two\\(\\)"
	"not hoisted: m_two\\(\\) declares a twice \\(lines 36 and 41\\)"
	"rx.c:41: refused: struct m_desc a in m_two\\(\\): vlan of a may be read before it is written: read at line 43"
	# 2: the function parses as C; spatch does not parse it, and says where
	"refused: struct m_desc c in m_cleanup\\(\\): spatch cannot parse m_cleanup\\(\\) \\(spatch --parse-c rx.c: parse error at line 52"
	"refused: struct m_desc d in m_macro\\(\\): the declaration of d is made by a macro \\(rx.c:63: `DECLARE_DESC\\(d\\);`\\)"
	# 1: the owner written on one line takes the member
	"applied: struct m_desc g in m_plain\\(\\)[^\n]*\n    why: hoist:"
	# 5: the poll's local: check's proof holds, the rewrite has no place for it
	"not hoisted: struct m_vector is the poll's own NAPI struct, but m_poll\\(\\) holds it in a local")
zt_diff_fix(messages ${WORK}/f.json "${said}" --strategy=auto)
