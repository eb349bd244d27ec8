// SPDX-License-Identifier: GPL-2.0-only
/* Does not compile: the collector must say why. */
int broken(void)
{
	return zt_undeclared_identifier;
}
