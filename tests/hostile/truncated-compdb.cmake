# A compile_commands.json cut in half: libclang read the entries before the
# cut and check said nothing (exit 0 with fewer files). Now the whole document
# is validated first: exit 3 naming the file, line, column and byte offset.
include(${SRC}/tests/hostile/common.cmake)
file(WRITE ${WORK}/clean.c "int clean(void) { return 0; }\n")
zt_db(clean.c ok.c)
file(READ ${WORK}/compile_commands.json db)
string(LENGTH "${db}" n)
math(EXPR half "${n} / 2 + 10")
string(SUBSTRING "${db}" 0 ${half} cut)
file(WRITE ${WORK}/compile_commands.json "${cut}")
zt_case(truncated-compdb 3 "compile_commands.json:[0-9]+:[0-9]+: compile database is not valid JSON \\(at byte [0-9]+\\)"
	-- check -p ${WORK} --no-cache --evidence=none --hot rx)
# entries that are not compile commands are named by index
file(WRITE ${WORK}/compile_commands.json "[{\"directory\": \"${WORK}\", \"file\": \"ok.c\", \"command\": \"gcc -c ok.c\"}, {\"file\": 3}]")
zt_case(compdb-bad-entry 3 "compile database '.*': entry 1 is not an object"
	-- check -p ${WORK} --no-cache --evidence=none --hot rx)
# a missing database says "cannot open"
file(REMOVE ${WORK}/compile_commands.json)
zt_case(compdb-missing 3 "cannot open compile database '.*compile_commands.json': No such file"
	-- check -p ${WORK} --no-cache --evidence=none --hot rx)
