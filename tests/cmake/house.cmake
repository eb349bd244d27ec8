# The house's layering (docs/architecture.md, tool/stages.cmake): every include and every
# symbol a stage's library takes from another within what the stage may use, and the
# document saying the same; then the checker failing on each planted break.
add_test(NAME house/stages
	COMMAND python3 ${CMAKE_SOURCE_DIR}/scripts/check-stages.py --libs ${CMAKE_BINARY_DIR}/tool)
add_test(NAME house/stages-planted
	COMMAND python3 ${CMAKE_SOURCE_DIR}/tests/house/planted.py ${CMAKE_SOURCE_DIR}
		${CMAKE_BINARY_DIR}/tool)
# The house's sizes (issue 24): no file of tool/ over 1,000 lines, no function over 80
# unless the comment above it says why it is one piece.
add_test(NAME house/sizes COMMAND python3 ${CMAKE_SOURCE_DIR}/scripts/check-sizes.py
	${CMAKE_SOURCE_DIR})
