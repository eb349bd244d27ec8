#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Put 6.12's mlx5e back as it was before its per-RQ XDP buffer (issue 31).

    reverse_mxbuf.py CORE    (CORE: a copy's drivers/net/ethernet/mellanox/mlx5/core)

6.12 keeps one struct mlx5e_xdp_buff per RQ (rq->mxbuf), defined in en.h.
This edits the copy so that the type is defined in the driver header en/xdp.h
(which includes en.h, the owner's header: a move into en.h is the only
placement that works), struct mlx5e_rq loses its member, and each receive
function has its own local again ('struct mlx5e_xdp_buff mxbuf;', used as
'mxbuf.' and '&mxbuf'). Each edit must match what 6.12 has, or it fails
saying which: the test's premise is then gone, not silently changed.
"""
import re
import sys


def die(why):
    sys.exit("reverse_mxbuf: " + why)


def read(path):
    with open(path) as f:
        return f.read()


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def main(core):
    en = read(core + "/en.h")
    m = re.search(r"^struct mlx5e_xdp_buff \{\n(?:.*\n)*?\};\n\n", en, re.M)
    if not m:
        die("en.h: no definition of struct mlx5e_xdp_buff")
    definition = m.group(0)
    en = en[:m.start()] + en[m.end():]
    en, n = re.subn(r"^\tstruct mlx5e_xdp_buff mxbuf;\n", "", en, flags=re.M)
    if n != 1:
        die("en.h: %d 'mxbuf' members in struct mlx5e_rq, wanted 1" % n)
    write(core + "/en.h", en)

    xdp = read(core + "/en/xdp.h")
    anchor = '#include "en/txrx.h"\n'
    if xdp.count(anchor) != 1:
        die("en/xdp.h: no single '%s'" % anchor.strip())
    write(core + "/en/xdp.h", xdp.replace(anchor, anchor + "\n" + definition.rstrip("\n") + "\n", 1))

    rx = read(core + "/en_rx.c").split("\n")
    decl = re.compile(r"^(\t+)struct mlx5e_xdp_buff \*mxbuf = &rq->mxbuf;$")
    found, i = 0, 0
    while i < len(rx):
        d = decl.match(rx[i])
        if not d:
            i += 1
            continue
        found += 1
        rx[i] = d.group(1) + "struct mlx5e_xdp_buff mxbuf;"
        i += 1
        # to the end of the function: its closing brace is the first '}' in column 0
        while i < len(rx) and rx[i] != "}":
            line = rx[i].replace("mxbuf->", "mxbuf.")
            rx[i] = re.sub(r"(?<![\w&.>])mxbuf\b(?!\.)", "&mxbuf", line)
            i += 1
    if found != 4:
        die("en_rx.c: %d receive functions take &rq->mxbuf, wanted 4" % found)
    write(core + "/en_rx.c", "\n".join(rx))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        die("usage: reverse_mxbuf.py CORE")
    main(sys.argv[1])
