# Where a fact about a field must not survive (corpus/fix/facts), each
# through the differential run, --strategy=uninitialized, each refused:
#  A  a write later in the same && condition (no fact from its first operand);
#  B  a write on the right of && (it may not run, but the fact it ended stays
#     ended);
#  C  a callee's flag guard, the tested field written after the flag was set;
#  C2 ... and a loop up to the flag whose body writes the field;
#  D  the object given to one callee through two parameters (its proof of
#     one does not hold);
#  E  a flag in a union whose other member is written between the tests;
#  F  break in do { } while (0) (an older hole: the write after it counted);
#  H  falling through into a case that is also entered from the head;
#  I  a write through a cast of an alias; I2 the same in a callee.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(facts)
foreach(c "a;19;fr;struct f_frags" "b;38;fr;struct f_frags" "c;67;fr;struct f_frags"
	  "c2;91;fr;struct f_frags" "d;110;fr;struct f_frags" "e;122;u;struct f_u"
	  "f;136;fr;struct f_frags" "h;150;fr;struct f_frags" "i;172;fr;struct f_frags"
	  "i2;196;fr;struct f_frags")
	list(GET c 0 name)
	list(GET c 1 line)
	list(GET c 2 sym)
	list(GET c 3 type)
	zt_diff_finding(${WORK}/${name}.json facts f_rx_${name} ${sym} "${type}" 48 ${line} 48
			ring "struct f_ring" 20 "struct f_vector" s_poll)
	zt_diff_fix(facts ${WORK}/${name}.json "refused: ${type} ${sym} in f_rx_${name}\\(\\)"
		--strategy=uninitialized)
endforeach()
