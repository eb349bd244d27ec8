# Counted loops (corpus/fix/loops, issue 55 class 8), each through the
# differential run, --strategy=uninitialized:
#  - for (i = 0; i < 4; i++) writing lens[i]: every element, applied;
#  - a step of two: lens[1] is skipped, refused at its read;
#  - the body moves the counter too: refused;
#  - a callee moves it through &i: refused.
# c9be29f's fix applied all four; the last three then printed the dirty
# stack where the original printed 0.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(loops)
zt_diff_finding(${WORK}/all.json loops k_rx_all lens "unsigned int[4]" 16 17 16
		ring "struct k_ring" 14 "struct k_vector" k_poll)
zt_diff_fix(loops ${WORK}/all.json "applied: unsigned int\\[4\\] lens in k_rx_all"
	--strategy=uninitialized)
foreach(c "step;27;31" "body;37;43" "callee;49;55")
	list(GET c 0 name)
	list(GET c 1 line)
	list(GET c 2 read)
	zt_diff_finding(${WORK}/${name}.json loops k_rx_${name} lens "unsigned int[4]" 16 ${line} 16
			ring "struct k_ring" 14 "struct k_vector" k_poll)
	zt_diff_fix(loops ${WORK}/${name}.json
		"refused: unsigned int\\[4\\] lens in k_rx_${name}\\(\\): \\[1\\] of lens may be read before it is written: read at line ${read}"
		--strategy=uninitialized)
endforeach()
