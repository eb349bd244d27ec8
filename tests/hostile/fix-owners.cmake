# Owners are instances (issue 55 classes 2 and 3), check's own findings,
# each rewrite through the differential run on a dirty stack where a
# doorbell lets the other poll run meanwhile, as another CPU would:
#  - corpus/fix/sharedring: the ring is the vector's xdp_ring, a pointer two
#    vectors share; c9be29f called it "served by the NAPI instance", hoisted
#    the frame into the ring, and the first poll printed the second's
#    checksum;
#  - corpus/fix/twonapi: a channel with an RX and a TX NAPI instance, both
#    polls cleaning its ring; c9be29f proved "one per NAPI instance" from the
#    RX poll's container_of() and the same happened.
# Now check proves no owner for either; hoist refuses, auto marks the local
# __uninitialized (the same output).
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
foreach(c "sharedring;s_xmit;f;s_poll" "twonapi;w_clean;d;w_rx_poll;w_tx_poll")
	list(GET c 0 name)
	list(GET c 1 fn)
	list(GET c 2 sym)
	list(SUBLIST c 3 -1 roots)
	zt_diff_case(${name})
	zt_diff_check_roots(${name} ${WORK}/f.json none ${roots})
	file(REMOVE ${WORK}/src/${name}/compile_commands.json)
	zt_diff_fix(${name} ${WORK}/f.json
		"refused: struct [a-z_]+ ${sym} in ${fn}\\(\\): nothing proves struct [a-z_]+ is one per queue"
		--strategy=hoist)
	zt_diff_fix(${name} ${WORK}/f.json "applied: struct [a-z_]+ ${sym} in ${fn}" --strategy=auto)
endforeach()
