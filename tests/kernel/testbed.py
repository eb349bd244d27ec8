# SPDX-License-Identifier: GPL-2.0-only
"""The drivers of the 6.12 test bed, by where their sources live: the rows of
every per-driver table (bed.py, oracle.py). A path below none is 'other'."""
import os

DRIVERS = [
    ("mlx5", ["/mellanox/mlx5/"]), ("mlx4", ["/mellanox/mlx4/"]),
    ("ice", ["/intel/ice/"]), ("i40e", ["/intel/i40e/"]), ("ixgbe", ["/intel/ixgbe/"]),
    ("igc", ["/intel/igc/"]), ("bnxt", ["/broadcom/bnxt/"]),
    ("virtio_net", ["/drivers/net/virtio_net."]), ("veth", ["/drivers/net/veth."]),
    ("tun", ["/drivers/net/tun."]), ("net", ["/net/xdp/", "/net/core/"]),
]


def driver_of(path):
    for name, parts in DRIVERS:
        if any(p in path for p in parts):
            return name
    return "other"


def short(path):
    return os.path.basename(path)
