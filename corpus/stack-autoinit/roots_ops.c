// SPDX-License-Identifier: GPL-2.0-only
/*
 * Per-packet paths that do not start at a NAPI poll: the sendmsg of a
 * virtual device's socket (struct proto_ops, called by vhost once per packet)
 * is found from the ops table; a character device's write_iter (one packet
 * per write on a tun-like device) is a root of corpus.conf, with its reason.
 */
#include "netdev.h"

struct msghdr;
struct kiocb;
struct iov_iter;
struct socket;

struct proto_ops {
	int (*sendmsg)(struct socket *sock, struct msghdr *m, size_t total_len);
};

struct file_operations {
	long (*write_iter)(struct kiocb *iocb, struct iov_iter *from);
};

struct vt_pkt_info {
	struct rx_xdp_buff xb;
	u32 flags, gso;
};

void vt_copy_from_iter(struct vt_pkt_info *pi, const void *src);

static int vt_sendmsg(struct socket *sock, struct msghdr *m, size_t total_len)
{
	struct vt_pkt_info pi;	/* zt-expect: stack-autoinit per-packet */

	vt_copy_from_iter(&pi, m);
	return bpf_prog_run_xdp(&pi.xb.xdp);
}

static long vt_chr_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	struct vt_pkt_info wi;	/* zt-expect: stack-autoinit per-packet */

	vt_copy_from_iter(&wi, from);
	return bpf_prog_run_xdp(&wi.xb.xdp);
}

const struct proto_ops vt_socket_ops = { .sendmsg = vt_sendmsg };
const struct file_operations vt_fops = { .write_iter = vt_chr_write_iter };
