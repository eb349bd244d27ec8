/* SPDX-License-Identifier: MIT */
/* Traffic profiles: frame sizes (no FCS) and MTU. Shared by the device and the tools. */
#ifndef RD_PROFILES_H
#define RD_PROFILES_H

/* indices as in enum rd_profile of rd_ops.h */
static inline unsigned int rd_profile_mtu(int profile)
{
	return profile >= 3 ? 9000 : 1500;
}

static inline unsigned int rd_profile_frame_len(int profile, unsigned int seq)
{
	static const unsigned int mix[] = { 60, 508, 1514, 4000, 9014 };

	switch (profile) {
	case 0: return 60;
	case 1: return 508;
	case 2: return 1514;
	case 3: return 60;
	case 4: return 9014;
	default: return mix[seq % 5];
	}
}

static inline int rd_profile_is_tcp(int profile, unsigned int seq)
{
	return profile == 2 || profile == 4 || (profile == 5 && seq % 5 >= 2);
}

#endif
