# HOME unset, or not a writable directory: check created directories under it
# or failed, and said so as an error and again as a warning. Now the cache is
# used only under a writable XDG_CACHE_HOME or HOME, else the run goes on
# without one and says so once.
include(${SRC}/tests/hostile/common.cmake)
zt_db(ok.c)
zt_case(home-unset 1 "^zerotax: warning: no writable cache directory .*running without a cache$"
	--unset=HOME --unset=XDG_CACHE_HOME -- check -p ${WORK} --evidence=none --hot rx)
string(REGEX MATCHALL "cache" said "${ERR}")
list(LENGTH said n)
if(NOT n EQUAL 2 OR ERR MATCHES "error")
	message(FATAL_ERROR "home-unset: said more than once:\n${ERR}")
endif()
zt_case(home-not-a-dir 1 "^zerotax: warning: no writable cache directory"
	HOME=/dev/null --unset=XDG_CACHE_HOME -- check -p ${WORK} --evidence=none --hot rx)
# a read-only HOME (root ignores permissions: a read-only file system)
if(EXISTS /proc/sys)
	zt_case(home-read-only 1 "^zerotax: warning: no writable cache directory"
		HOME=/proc/sys --unset=XDG_CACHE_HOME -- check -p ${WORK} --evidence=none --hot rx)
	if(EXISTS /proc/sys/.cache)
		message(FATAL_ERROR "home-read-only: created /proc/sys/.cache")
	endif()
endif()
# an unusable --cache: "not cached" said once for all TUs
file(WRITE ${WORK}/two.c "${ZT_OK_C}")
zt_db(ok.c two.c)
file(WRITE ${WORK}/not-a-dir "")
zt_case(cache-unwritable 1 "translation unit\\(s\\) not cached|ok.c:5:13"
	-- check -p ${WORK} --cache /proc/self --evidence=none --hot rx)
string(REGEX MATCHALL "not cached" said "${ERR}")
list(LENGTH said n)
if(n GREATER 1)
	message(FATAL_ERROR "cache-unwritable: 'not cached' said ${n} times:\n${ERR}")
endif()
