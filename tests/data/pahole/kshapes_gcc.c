// SPDX-License-Identifier: GPL-2.0-only
/* kshapes.c as gcc-12 prints it (cases.txt compiles this one with gcc). */
#include "kshapes.c"
