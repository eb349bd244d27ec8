# The stages of tool/, one folder and one static library each, and what each may
# use: the one copy of docs/architecture.md's "may use" column. tool/CMakeLists.txt
# builds the libraries from it; scripts/check-stages.py (ctest house/stages) checks
# the code, the libraries' symbols and the document against it.
#
#   zt_stage(NAME [PUBLIC dep...] [PRIVATE dep...])
#
# As LLVM's libraries do: PUBLIC when NAME's headers include the dependency's
# (its users need them too), PRIVATE when only its .c files do. A dependency is a
# stage or a library: libclang, llvm (the C API: Remarks), jansson. Listed so that
# a stage comes after everything it uses; the graph has no cycle.

zt_stage(lib PUBLIC jansson)
zt_stage(ast PUBLIC lib PRIVATE libclang)
zt_stage(evidence PUBLIC ast PRIVATE lib llvm)
zt_stage(tu PUBLIC ast evidence jansson PRIVATE lib)
zt_stage(findings PUBLIC lib jansson)
zt_stage(hot PUBLIC lib ast evidence findings PRIVATE tu)
zt_stage(prepass PUBLIC lib ast hot)
zt_stage(layout PUBLIC lib findings hot PRIVATE libclang)
zt_stage(pipeline PUBLIC tu hot prepass PRIVATE lib ast evidence findings)
zt_stage(defassign PUBLIC lib PRIVATE libclang)
zt_stage(fix PUBLIC lib ast findings layout jansson PRIVATE defassign libclang)
zt_stage(prove PUBLIC lib jansson PRIVATE ast findings fix)
zt_stage(builtin PUBLIC lib pipeline PRIVATE ast evidence tu findings hot layout fix prove jansson)
