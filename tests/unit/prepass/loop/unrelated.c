struct big {
	long a[32];
};

void use(struct big *b);

void drv_ethtool_dump(void)
{
	struct big b;

	use(&b);
}
