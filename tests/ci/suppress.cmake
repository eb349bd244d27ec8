# Suppressions: an inline comment and a .zerotax-allow line each hide their
# finding (counted, listed with --show-suppressed); either without a reason is
# an error (exit 3).
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)
set(T ${WORK}/tree)
zt_prepare_tree(${T})

# Inline, on the line before the declaration.
file(READ ${T}/drv_tx.c src)
string(REPLACE "\tstruct tx_wqe wqe;" "\t/* zerotax: allow stack-autoinit -- the descriptor is posted by copy, measured */\n\tstruct tx_wqe wqe;" src2 "${src}")
file(WRITE ${T}/drv_tx.c "${src2}")
zt_run(1 out DIR ${T} check -p ${T} --format=json --evidence=none --no-cache)
string(JSON nsup GET "${out}" summary suppressed)
string(JSON nact GET "${out}" summary findings)
if(NOT nsup EQUAL 1 OR NOT nact EQUAL 2)
	message(FATAL_ERROR "inline: ${nsup} suppressed, ${nact} active; expected 1 and 2:\n${out}")
endif()
zt_run(1 text DIR ${T} check -p ${T} --evidence=none --no-cache)
if(text MATCHES "tx_wqe" OR NOT text_err MATCHES "1 finding\\(s\\) suppressed")
	message(FATAL_ERROR "inline: the suppressed finding was printed or not counted:\n${text}\n${text_err}")
endif()
zt_run(1 shown DIR ${T} check -p ${T} --evidence=none --no-cache --show-suppressed)
if(NOT shown MATCHES "suppressed: the descriptor is posted by copy, measured")
	message(FATAL_ERROR "--show-suppressed did not list it:\n${shown}")
endif()

# By file: .zerotax-allow in the current directory, paths relative to it.
file(WRITE ${T}/.zerotax-allow "# known and accepted\nstack-autoinit drv_rx.c:drv_build:ctx -- one per packet by design, measured\n")
zt_run(1 out DIR ${T} check -p ${T} --format=json --evidence=none --no-cache)
string(JSON nsup GET "${out}" summary suppressed)
string(JSON nact GET "${out}" summary findings)
if(NOT nsup EQUAL 2 OR NOT nact EQUAL 1)
	message(FATAL_ERROR "file: ${nsup} suppressed, ${nact} active; expected 2 and 1:\n${out}")
endif()
# --allow FILE from elsewhere, with --root for the paths.
file(RENAME ${T}/.zerotax-allow ${WORK}/allow.txt)
zt_run(1 out check -p ${T} --format=json --evidence=none --no-cache --allow ${WORK}/allow.txt --root ${T})
string(JSON nsup GET "${out}" summary suppressed)
if(NOT nsup EQUAL 2)
	message(FATAL_ERROR "--allow: ${nsup} suppressed, expected 2:\n${out}")
endif()

# Without a reason: errors, exit 3, naming where.
file(WRITE ${WORK}/noreason.txt "stack-autoinit drv_rx.c:drv_build:ctx\n")
zt_run(3 bad check -p ${T} --evidence=none --no-cache --allow ${WORK}/noreason.txt --root ${T})
if(NOT bad_err MATCHES "noreason.txt:1")
	message(FATAL_ERROR "a file suppression without a reason: ${bad_err}")
endif()
string(REPLACE "\tstruct tx_wqe wqe;" "\tstruct tx_wqe wqe; /* zerotax: allow stack-autoinit */" src3 "${src}")
file(WRITE ${T}/drv_tx.c "${src3}")
zt_run(3 bad DIR ${T} check -p ${T} --evidence=none --no-cache)
if(NOT bad_err MATCHES "drv_tx.c:7: 'zerotax: allow stack-autoinit' without a reason")
	message(FATAL_ERROR "an inline suppression without a reason: ${bad_err}")
endif()
