# SPDX-License-Identifier: GPL-2.0-only
"""The per-packet cases of the 6.12 test bed, found by reading the source
(Debian's linux-source-6.12, 6.12.117): every on-stack xdp_buff-like buffer,
bulk array and zeroed struct of at least 32 bytes in a function that a NAPI
poll or an ndo op reaches per packet, per poll or per batch.

Each pin says what reading gives (`reading`: per-packet, per-poll,
per-batch, conditional: per packet only for packets that take a slow path, the
finding's details.path set, or
required: the zero is needed, so it is no tax and must not be reported; a dict
by tree where one compiler removes the zeroing: removed) and what check says today (`today`: the frequency it reports, or
None when it does not report it; a dict by tree where the tree's own compiler
decides differently: clang removes zeroing gcc keeps). bed.py fails when check's answer is not
`today`, so every change of check's answer on real code is seen and the pin
updated with it; a pin whose `today` is not its `reading` is a gap, listed
in the table and counted per driver.
"""
from collections import namedtuple

Pin = namedtuple("Pin", "driver function symbol reading today where why")
PINS = [
    # mlx5e: the RX xdp buffer is the queue's (rq->mxbuf) in 6.12; what
    # is left on the stack is on the XDP transmit side.
    Pin("mlx5", "mlx5e_poll_xdpsq_cq", "bq", "per-poll", "per-poll", "en/xdp.c:752",
        "xdp_frame_bulk (144 B) zeroed on each poll of an XDP SQ, before the early returns"),
    Pin("mlx5", "mlx5e_xdp_xmit", "dma_arr", "per-packet", "per-packet", "en/xdp.c:875",
        "dma_addr_t[17] (136 B) per frame of an ndo_xdp_xmit batch (loop-body scope)"),
    Pin("mlx5", "mlx5e_xdp_xmit", "xdptxdf", "per-packet", "per-packet", "en/xdp.c:873",
        "= {} (40 B) per frame of an ndo_xdp_xmit batch"),
    Pin("mlx5", "mlx5e_xmit_xdp_buff", "xdptxdf", "per-packet", "per-packet", "en/xdp.c:65",
        "= {} (40 B) per XDP_TX packet, inlined into the RX path"),
    Pin("mlx5", "mlx5e_ptp_poll_ts_cq", "metadata_buff", "per-poll", "per-poll",
        "en/ptp.c:227", "u8[128] per poll of the PTP channel's timestamp CQ"),
    # The TC-restore and sampling paths: per packet only for the packets that
    # missed a TC offload or are sampled ('conditional': below the main path).
    # Reached under 'if (mlx5e_cqe_regb_chain(cqe))' (en_rx.c) and after the
    # representor's 'if (!reg_c0 || reg_c0 == MLX5_FS_DEFAULT_FLOW_TAG) goto
    # forward;' (en/rep/tc.c): found since check labels marked-packet paths
    # (issue 25, rule 6; per packet before).
    Pin("mlx5", "mlx5e_tc_restore_tunnel", "enc_opts", "conditional", "conditional",
        "en_tc.c:5588", "= {} (520 B) per packet that missed a tunnel TC offload"),
    Pin("mlx5", "mlx5e_tc_restore_tunnel", "key", "conditional", "conditional",
        "en_tc.c:5593", "struct tunnel_match_key (56 B), same path"),
    Pin("mlx5", "mlx5e_tc_sample_skb", "psample_group", "conditional", "conditional",
        "en/tc/sample.c:332", "= {} (56 B) per sampled packet"),
    Pin("mlx5", "mlx5e_tc_sample_skb", "md", "conditional", "conditional",
        "en/tc/sample.c:333", "= {} (56 B) per sampled packet"),
    # ice: the RX xdp_buff lives in struct ice_rx_ring.
    Pin("ice", "ice_xmit_frame_ring", "offload", "required", None, "ice_txrx.c:2338",
        "= { 0 } (40 B) per transmitted packet, but required: cd_qw1, td_cmd, td_offset and "
        "cd_tunnel_params are OR-ed into (offload.cd_qw1 |= ... here, off->td_cmd |= ... in "
        "ice_tx_csum(), off->cd_qw1 |= ... in ice_tso() and ice_tstamp()) (issue 25, rule 4)"),
    Pin("ice", "ice_xmit_xdp_ring", "xdp", "per-packet", "per-packet", "ice_txrx.c:587",
        "xdp_buff (56 B) per frame of an ndo_xdp_xmit batch"),
    Pin("ice", "ice_clean_xdp_irq", "bq", "per-batch", "per-batch", "ice_txrx_lib.c:274",
        "xdp_frame_bulk (144 B); runs when the XDP ring is less than a quarter free"),
    # ixgbe: one xdp_buff per poll (function scope, reused for every packet).
    Pin("ixgbe", "ixgbe_clean_rx_irq", "xdp", "per-poll", "per-poll", "ixgbe_main.c:2331",
        "xdp_buff (56 B) per poll of an RX ring"),
    # igc: a designated initializer in the packet loop zeroes the whole struct.
    # rx_ts, written only for time-stamped packets, is named by the
    # initializer (not read from the zero fill); rx_desc is written only under
    # 'if (!skb)', and igc_construct_skb() reads the fields of &ctx under a
    # later 'else' of 'if (skb)' that runs only when skb is still NULL, so
    # only after that write: the two tests of skb agree (found since issue 25,
    # rule 4's tests that agree; a gap before).
    Pin("igc", "igc_clean_rx_irq", "ctx", "per-packet", "per-packet", "igc_main.c:2595",
        "= { .rx_ts = NULL } zeroes all 72 B of struct igc_xdp_buff per packet, XDP or not"),
    Pin("igc", "igc_xdp_xmit_zc", "meta_req", "per-packet", "per-packet", "igc_main.c:2992",
        "struct igc_metadata_request (32 B) per AF_XDP zero-copy TX descriptor"),
    # bnxt: function-scope xdp_buff of the per-completion handler.
    Pin("bnxt", "bnxt_rx_pkt", "xdp", "per-packet", "per-packet", "bnxt.c:2056",
        "xdp_buff (56 B) per RX completion; the poll loops with while (1) and a budget break"),
    # mlx4: zeroed per poll, XDP or not.
    Pin("mlx4", "mlx4_en_process_rx_cq", "mxbuf", "per-poll", "per-poll", "en_rx.c:719",
        "= {} (88 B) struct mlx4_en_xdp_buff per RX poll"),
    # virtio_net: the XDP receive paths, behind unlikely(xdp_enabled): found since
    # check follows unlikely() branches (issue 25, rule 1; missed before).
    Pin("virtio_net", "receive_small_xdp", "xdp", "per-packet", "per-packet", "virtio_net.c:1763",
        "xdp_buff (56 B) per packet when an XDP program is attached (small buffers)"),
    Pin("virtio_net", "receive_mergeable_xdp", "xdp", "per-packet", "per-packet", "virtio_net.c:2182",
        "xdp_buff (56 B) per packet when an XDP program is attached (mergeable buffers)"),
    Pin("virtio_net", "virtnet_receive", "stats", "required", None, "virtio_net.c:2790",
        "= {} accumulated into by the receive_* callees (u64_stats_add(&stats->bytes) -> "
        "local64_add() -> local_add()'s \"+m\" asm), then merged: required (issue 25, rule 4)"),
    Pin("virtio_net", "free_old_xmit", "stats", "required", None, "virtio_net.c:1013",
        "= {0} accumulated into by __free_old_xmit: required"),
    # veth: its NAPI poll and the XDP receive helpers.
    Pin("veth", "veth_poll", "stats", "required", None, "veth.c:972",
        "= {} accumulated into by the callees: required"),
    # clang-19 drops the zeroing of bq (no auto-init remark at its line in
    # veth_poll, after inlining the callees it is passed to): no tax there
    Pin("veth", "veth_poll", "bq", {"gcc": "per-poll", "clang": "removed"},
        {"gcc": "per-poll", "clang": None}, "veth.c:974",
        "struct veth_xdp_tx_bq (136 B) per poll"),
    Pin("veth", "veth_xdp_rcv", "xdpf", "per-poll", "per-poll", "veth.c:912",
        "void *[16] (128 B) per poll"),
    Pin("veth", "veth_xdp_rcv_bulk_skb", "skbs", "per-batch", "per-batch", "veth.c:712",
        "void *[16] (128 B) per batch of up to 16 passed frames"),
    Pin("veth", "veth_xdp_rcv_one", "orig_frame", "per-packet", "per-packet", "veth.c:642",
        "xdp_frame (40 B) per frame redirected into veth"),
    Pin("veth", "veth_xdp_rcv_one", "vxbuf", "per-packet", "per-packet", "veth.c:648",
        "struct veth_xdp_buff (64 B) per frame when an XDP program is attached"),
    Pin("veth", "veth_xdp_rcv_skb", "vxbuf", "per-packet", "per-packet", "veth.c:797",
        "struct veth_xdp_buff (64 B) per skb, zeroed before the no-program exit"),
    # tun: per packet written by user space (write(), vhost-net sendmsg).
    Pin("tun", "tun_build_skb", "xdp", "per-packet", "per-packet", "tun.c:1717",
        "xdp_buff (56 B) per packet written when an XDP program is attached"),
    Pin("tun", "tun_build_skb", "__bpf_net_ctx", "per-packet", "per-packet", "tun.c:1674",
        "struct bpf_net_context (112 B, declared by a macro) per packet written"),
    # A block that loops over per-packet work serves a batch (issue 25, rule 5):
    # its loop hands tun_xdp_one() one element of the array of XDP buffers a
    # turn (xdp = &((struct xdp_buff *)ctl->ptr)[i]), so without
    # rules/hotpaths/tun.conf too (a gap before: taking a packet is no proof,
    # a loop over one packet's fragments passes the same skb each time).
    Pin("tun", "tun_sendmsg", "__bpf_net_ctx", "per-batch", "per-batch", "tun.c:2598",
        "struct bpf_net_context (112 B) per vhost-net batch of XDP buffers"),
]


class Never(namedtuple("Never", "driver function type why")):
    """No finding of this type in this function may be reported."""

    def matches(self, f):
        return f["function"] == self.function and (f["type"] or "").endswith(self.type)


NEVER = [
    Never("mlx5", "mlx5e_skb_from_cqe_linear", "mlx5e_xdp_buff",
          "6.12 keeps the RX xdp buffer in struct mlx5e_rq (rq->mxbuf)"),
    Never("mlx5", "mlx5e_skb_from_cqe_nonlinear", "mlx5e_xdp_buff", "rq->mxbuf"),
    Never("mlx5", "mlx5e_skb_from_cqe_mpwrq_linear", "mlx5e_xdp_buff", "rq->mxbuf"),
    Never("mlx5", "mlx5e_skb_from_cqe_mpwrq_nonlinear", "mlx5e_xdp_buff", "rq->mxbuf"),
    Never("ice", "ice_clean_rx_irq", "xdp_buff", "the RX xdp_buff is rx_ring->xdp"),
    Never("i40e", "i40e_clean_rx_irq", "xdp_buff", "the RX xdp_buff is rx_ring->xdp"),
]
