// SPDX-License-Identifier: GPL-2.0-only
/*
 * NAPI polls registered through a wrapper: a driver helper takes the poll
 * function as a parameter and hands it to netif_napi_add(). The polls are
 * what the wrapper's callers give it: a function, 'cond ? poll_a : poll_b',
 * or a parameter of their own that their callers fill. The same for ops
 * tables filled at run time ('ops->ndo_start_xmit = cond ? a : b'). A poll
 * registered from a const table's field ('modes[m].poll', 'mode->poll') is
 * every function the table's initializers store there.
 */
#include "netdev.h"

typedef int (*nw_poll_fn)(struct napi_struct *napi, int budget);

struct nw_priv {
	struct net_device *dev;
	struct rx_queue q[4];
	struct net_device_ops ops;
	int xsk;
};

static int nw_rx_poll(struct napi_struct *napi, int budget)
{
	struct rx_xdp_buff top;	/* zt-expect: stack-autoinit per-poll zt-note: through 'poll', a function pointer its callers give it */

	top.rq = napi;
	consume(&top, sizeof(top));
	return 0;
}

static int nw_xsk_poll(struct napi_struct *napi, int budget)
{
	struct rx_xdp_buff xsk;	/* zt-expect: stack-autoinit per-poll */

	xsk.rq = napi;
	consume(&xsk, sizeof(xsk));
	return 0;
}

static int nw_tx_poll(struct napi_struct *napi, int budget)
{
	struct rx_xdp_buff tx;	/* zt-expect: stack-autoinit per-poll */

	tx.rq = napi;
	consume(&tx, sizeof(tx));
	return 0;
}

/* Given through two wrappers. */
static int nw_aux_poll(struct napi_struct *napi, int budget)
{
	struct rx_xdp_buff aux;	/* zt-expect: stack-autoinit per-poll */

	aux.rq = napi;
	consume(&aux, sizeof(aux));
	return 0;
}

/* Never registered: no finding. */
static int nw_unused_poll(struct napi_struct *napi, int budget)
{
	struct rx_xdp_buff idle;	/* not registered: no finding */

	idle.rq = napi;
	consume(&idle, sizeof(idle));
	return 0;
}

static int nw_split_poll(struct napi_struct *napi, int budget)
{
	struct rx_xdp_buff split;	/* zt-expect: stack-autoinit per-poll zt-note: from the field 'poll' */

	split.rq = napi;
	consume(&split, sizeof(split));
	return 0;
}

static int nw_merged_poll(struct napi_struct *napi, int budget)
{
	struct rx_xdp_buff merged;	/* zt-expect: stack-autoinit per-poll */

	merged.rq = napi;
	consume(&merged, sizeof(merged));
	return 0;
}

struct nw_mode {
	const char *name;
	int (*poll)(struct napi_struct *napi, int budget);
};

static const struct nw_mode nw_modes[] = {
	{ .name = "split", .poll = nw_split_poll },
	{ .name = "merged", .poll = nw_merged_poll },
};

static netdev_tx_t nw_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct rx_xdp_buff desc;	/* zt-expect: stack-autoinit per-packet */

	desc.rq = skb;
	consume(&desc, sizeof(desc));
	return 0;
}

static netdev_tx_t nw_xmit_xsk(struct sk_buff *skb, struct net_device *dev)
{
	struct rx_xdp_buff desc;	/* zt-expect: stack-autoinit per-packet */

	desc.cqe = skb;
	consume(&desc, sizeof(desc));
	return 0;
}

static void nw_add_napi(struct nw_priv *priv, int idx,
			int (*poll)(struct napi_struct *napi, int budget))
{
	netif_napi_add(priv->dev, &priv->q[idx].napi, poll);
}

static void nw_add_queue(struct nw_priv *priv, int idx, nw_poll_fn poll)
{
	nw_poll_fn fn = poll;

	nw_add_napi(priv, idx, fn);
}

void nw_setup(struct nw_priv *priv)
{
	nw_add_napi(priv, 0, nw_rx_poll);
	nw_add_napi(priv, 1, priv->xsk ? nw_xsk_poll : nw_tx_poll);
	nw_add_queue(priv, 2, nw_aux_poll);
	netif_napi_add(priv->dev, &priv->q[3].napi, nw_modes[priv->xsk].poll);
	priv->ops.ndo_start_xmit = priv->xsk ? nw_xmit_xsk : nw_xmit;
	consume(nw_unused_poll, 0);
}
