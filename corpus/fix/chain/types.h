/* SPDX-License-Identifier: GPL-2.0-only */
/* en.h -> types.h -> buf.h: the owner sees struct demo_buf through the chain. */
#ifndef CORPUS_CHAIN_TYPES_H
#define CORPUS_CHAIN_TYPES_H

#include "buf.h"

#endif
