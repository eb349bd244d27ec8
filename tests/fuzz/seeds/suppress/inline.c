	struct tx_wqe wqe; /* zerotax: allow stack-autoinit -- posted by copy */
