#!/usr/bin/env python3
# Checks zerotax layout --format=html against the JSON of the same run:
# well-formed (every element closed in order), self-contained (no scripts,
# links or external URLs), one section per audited struct with the run's
# numbers, one row per cache line, as many hot rows as the hot span, and the
# suggested layout drawn when there is a suggestion.
import json
import sys
from html.parser import HTMLParser

VOID = {"meta", "br", "hr", "img", "input", "link", "area", "base", "col", "source", "wbr"}


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors, self.sections, self.fig = [], [], [], None
        self.doctype = False

    def handle_decl(self, decl):
        self.doctype |= decl.lower() == "doctype html"

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for k, v in attrs:
            if k in ("src", "href") and v and not v.startswith("#"):
                self.errors.append("external reference %s=%r" % (k, v))
            if k.startswith("on"):
                self.errors.append("event handler %s" % k)
        if tag in ("script", "link", "iframe", "img", "object", "embed"):
            self.errors.append("<%s> in a self-contained page" % tag)
        if tag == "style" and "@import" in self.rawdata:
            self.errors.append("@import in a style")
        if tag not in VOID:
            self.stack.append(tag)
        if tag == "section" and "data-record" in a:
            self.sections.append({"record": a["data-record"], "size": int(a["data-size"]),
                                  "lines": int(a["data-lines"]),
                                  "hot_span": int(a["data-hot-span"]), "figures": {}})
        if tag == "figure" and self.sections:
            self.fig = {"size": int(a["data-size"]), "lines": int(a["data-lines"]),
                        "hot_span": int(a["data-hot-span"]), "rows": 0, "hot_rows": 0,
                        "segments": set()}
            self.sections[-1]["figures"][a["data-layout"]] = self.fig
        if tag == "div" and self.fig is not None and "line" in a.get("class", "").split():
            self.fig["rows"] += 1
            self.fig["hot_rows"] += "hotline" in a["class"].split()
        if tag == "span" and self.fig is not None and "seg" in a.get("class", "").split():
            self.fig["segments"].update(a["class"].split())

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append("</%s> closes <%s>" % (tag, self.stack[-1] if self.stack else "nothing"))
            return
        self.stack.pop()
        if tag == "figure":
            self.fig = None


def main():
    html_path, json_path = sys.argv[1:3]
    p = Page()
    p.feed(open(html_path, encoding="utf-8").read())
    p.close()
    bad = list(p.errors)
    if not p.doctype:
        bad.append("no <!DOCTYPE html>")
    if p.stack:
        bad.append("unclosed elements: %s" % p.stack)
    run = json.load(open(json_path))
    structs = {s["record"]: s for s in run["run"]["structs"]}
    sug = {f["symbol"]: f["details"]["suggestion"] for f in run["findings"]
           if f["details"].get("suggestion")}
    drawn = {s["record"]: s for s in p.sections}
    if set(drawn) != set(structs):
        bad.append("sections %s, audited %s" % (sorted(drawn), sorted(structs)))
    for name, s in drawn.items():
        j = structs.get(name)
        if not j:
            continue
        for k in ("size", "lines", "hot_span"):
            jk = "cachelines" if k == "lines" else k
            if s[k] != j[jk]:
                bad.append("%s: %s %d in the page, %d in the JSON" % (name, k, s[k], j[jk]))
        cur = s["figures"].get("current")
        if not cur:
            bad.append("%s: the current layout is not drawn" % name)
            continue
        figs = [("current", cur, j["cachelines"], j["hot_span"], j["size"])]
        if name in sug:
            g = sug[name]
            if "suggested" not in s["figures"]:
                bad.append("%s: a suggestion, not drawn" % name)
            else:
                figs.append(("suggested", s["figures"]["suggested"], g["cachelines"],
                             g["hot_span"], g["size"]))
        for which, f, lines, span, size in figs:
            if (f["rows"], f["hot_rows"], f["size"]) != (lines, span, size):
                bad.append("%s %s: %d rows (%d hot) of %d bytes; want %d lines, hot span %d, %d"
                           % (name, which, f["rows"], f["hot_rows"], f["size"], lines, span, size))
        print("%s: %d bytes, %d rows, %d hot%s; segments %s" % (
            name, cur["size"], cur["rows"], cur["hot_rows"],
            "; suggested %d rows, %d hot" % (s["figures"]["suggested"]["rows"],
                                             s["figures"]["suggested"]["hot_rows"])
            if "suggested" in s["figures"] else "", sorted(cur["segments"] - {"seg"})))
    if bad:
        sys.exit("\n".join(bad))


main()
