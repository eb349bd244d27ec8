#include "include/linux/cache.h"  /* absent in an old tree: then comments */

struct q {
	unsigned long ring_mask;
	unsigned long rx_head;
	unsigned long tx_tail;
	unsigned long desc;
	unsigned long c0;
	unsigned long c1;
	unsigned long c2;
	unsigned long c3;
	unsigned long c4;
	unsigned long c5;
	unsigned long c6;
	unsigned long c7;
	unsigned long c8;
	unsigned long c9;
	unsigned long c10;
	unsigned long c11;
	unsigned long c12;
	unsigned long c13;
	unsigned long c14;
	unsigned long c15;
	unsigned long c16;
	unsigned long c17;
	unsigned long c18;
	unsigned long c19;
};
