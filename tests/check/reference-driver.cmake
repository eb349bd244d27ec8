# zerotax check on the reference driver (cmake -P). Inputs: ZEROTAX, DRIVER, WORK.
cmake_minimum_required(VERSION 3.25)

file(MAKE_DIRECTORY ${WORK})
execute_process(
	COMMAND make -s -f ${DRIVER}/variant.mk SRC=${DRIVER} CC=gcc-12 compdb
		COMPDB=${WORK}/compile_commands.json
	RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "cannot make the reference driver's compile database: ${err}")
endif()

function(run_check out format jobs)
	execute_process(
		COMMAND ${ZEROTAX} check -p ${WORK} --format=${format} -j ${jobs}
		OUTPUT_VARIABLE text ERROR_VARIABLE err RESULT_VARIABLE rc)
	if(NOT rc EQUAL 1)
		message(FATAL_ERROR "zerotax check --format=${format} exited ${rc}, wanted 1\n${err}\n${text}")
	endif()
	set(${out} "${text}" PARENT_SCOPE)
endfunction()

set(receive mlx5e_skb_from_cqe_linear mlx5e_skb_from_cqe_nonlinear
	mlx5e_skb_from_cqe_mpwrq_linear mlx5e_skb_from_cqe_mpwrq_nonlinear)

# JSON: the model.
run_check(json json 2)
string(JSON n LENGTH "${json}" findings)
if(NOT n EQUAL 4)
	message(FATAL_ERROR "wanted exactly 4 findings, got ${n}:\n${json}")
endif()
set(seen "")
math(EXPR last "${n} - 1")
foreach(i RANGE ${last})
	string(JSON fn GET "${json}" findings ${i} function)
	string(JSON sym GET "${json}" findings ${i} symbol)
	string(JSON type GET "${json}" findings ${i} type)
	string(JSON size GET "${json}" findings ${i} size)
	string(JSON rule GET "${json}" findings ${i} rule)
	string(JSON freq GET "${json}" findings ${i} frequency)
	string(JSON root GET "${json}" findings ${i} chain 0)
	string(JSON owner GET "${json}" findings ${i} details owner param)
	string(JSON gcc GET "${json}" findings ${i} details evidence gcc bytes)
	string(JSON clang GET "${json}" findings ${i} details evidence clang bytes)
	if(NOT fn IN_LIST receive OR NOT sym STREQUAL "mxbuf" OR NOT type STREQUAL "struct mlx5e_xdp_buff"
	   OR NOT size EQUAL 72 OR NOT rule STREQUAL "zerotax-stack-autoinit"
	   OR NOT freq STREQUAL "per-packet" OR NOT root STREQUAL "mlx5e_napi_poll"
	   OR NOT owner STREQUAL "rq" OR NOT gcc GREATER 0 OR clang LESS 0)
		message(FATAL_ERROR "unexpected finding ${i}: ${fn} ${sym} ${type} ${size} ${rule} "
			"${freq} root=${root} owner=${owner} gcc=${gcc} clang=${clang}")
	endif()
	list(APPEND seen ${fn})
	message("${fn}: ${type} ${sym}, ${freq} from ${root}, owner ${owner}, gcc ${gcc} bytes, clang ${clang}")
endforeach()
list(REMOVE_DUPLICATES seen)
list(LENGTH seen n_seen)
if(NOT n_seen EQUAL 4)
	message(FATAL_ERROR "the four receive functions are not each reported once: ${seen}")
endif()

# Text: GCC-style lines, notes for the chain and the owner.
run_check(text text 1)
# The message holds a ';', CMake's list separator.
string(REPLACE ";" "<semi>" text "${text}")
string(REGEX MATCHALL "[^\n]*: warning: 72-byte 'struct mlx5e_xdp_buff mxbuf' zeroed on every packet under -ftrivial-auto-var-init=zero \\(gcc-12: [0-9]+ bytes survive<semi> clang-19: [0-9]+\\) \\[zerotax-stack-autoinit\\]" warnings "${text}")
list(LENGTH warnings n_warn)
string(REGEX MATCHALL "note: hot path: mlx5e_napi_poll -> " chains "${text}")
list(LENGTH chains n_chain)
string(REGEX MATCHALL "note: suggested owner: 'rq'" owners "${text}")
list(LENGTH owners n_owner)
if(NOT n_warn EQUAL 4 OR NOT n_chain EQUAL 4 OR NOT n_owner EQUAL 4)
	message(FATAL_ERROR "text output: ${n_warn} warnings, ${n_chain} chains, ${n_owner} owners:\n${text}")
endif()

# SARIF: one result per finding, for the stack-autoinit rule.
run_check(sarif sarif 2)
string(JSON version GET "${sarif}" version)
string(JSON n_results LENGTH "${sarif}" runs 0 results)
if(NOT version STREQUAL "2.1.0" OR NOT n_results EQUAL 4)
	message(FATAL_ERROR "SARIF: version ${version}, ${n_results} results")
endif()

# -j 1 and -j 2 say the same thing.
run_check(json1 json 1)
if(NOT json1 STREQUAL json)
	message(FATAL_ERROR "-j 1 and -j 2 disagree")
endif()
message("reference driver: 4 mxbuf findings in text, JSON and SARIF; -j 1 == -j 2")
