#!/usr/bin/env python3
"""Log-log plot of ns per query against views, one line per shape and engine, as SVG.

usage: plot.py SWEEP.json OUT.svg   (SWEEP.json is `hittest bench --json` output)
Standard library only, so that it runs on a fresh machine.
"""
import json
import math
import sys

rows = json.load(open(sys.argv[1]))["results"]
series = {}
for r in rows:
    if r["nsPerQuery"] is None:
        continue
    series.setdefault((r["shape"], r["engine"]), []).append((r["views"], r["nsPerQuery"]))

W, H, L, R, T, B = 760, 480, 70, 190, 30, 50
xs = [v for s in series.values() for v, _ in s]
ys = [n for s in series.values() for _, n in s]
x0, x1 = math.floor(math.log10(min(xs))), math.ceil(math.log10(max(xs)))
y0, y1 = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
x1 = max(x1, x0 + 1)
y1 = max(y1, y0 + 1)


def px(v):
    return L + (math.log10(v) - x0) / (x1 - x0) * (W - L - R)


def py(n):
    return H - B - (math.log10(n) - y0) / (y1 - y0) * (H - T - B)


colors = {"reference": "#c0392b", "flat": "#2e86c1", "bvh": "#1e8449"}
dashes = {"ui": "", "wide": "6,4", "deep": "2,3", "scroll": "8,3,2,3", "transformed": "1,2",
          "mixed": "10,2"}
out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
       f'font-family="sans-serif" font-size="12">',
       f'<rect width="{W}" height="{H}" fill="white"/>']
for e in range(x0, x1 + 1):
    x = px(10 ** e)
    out.append(f'<line x1="{x:.1f}" y1="{T}" x2="{x:.1f}" y2="{H - B}" stroke="#ddd"/>')
    out.append(f'<text x="{x:.1f}" y="{H - B + 16}" text-anchor="middle">1e{e}</text>')
for e in range(y0, y1 + 1):
    y = py(10 ** e)
    out.append(f'<line x1="{L}" y1="{y:.1f}" x2="{W - R}" y2="{y:.1f}" stroke="#ddd"/>')
    out.append(f'<text x="{L - 6}" y="{y + 4:.1f}" text-anchor="end">1e{e}</text>')
out.append(f'<text x="{(L + W - R) / 2}" y="{H - 12}" text-anchor="middle">views</text>')
out.append(f'<text x="16" y="{(T + H - B) / 2}" text-anchor="middle" '
           f'transform="rotate(-90 16 {(T + H - B) / 2})">ns per query (median, random points)</text>')
for i, ((shape, engine), pts) in enumerate(sorted(series.items())):
    pts.sort()
    color = colors.get(engine, "#555")
    path = " ".join(f"{px(v):.1f},{py(n):.1f}" for v, n in pts)
    dash = dashes.get(shape, "3,3")
    out.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2" '
               f'stroke-dasharray="{dash}"/>')
    for v, n in pts:
        out.append(f'<circle cx="{px(v):.1f}" cy="{py(n):.1f}" r="3" fill="{color}"/>')
    ly = T + 10 + i * 20
    out.append(f'<line x1="{W - R + 15}" y1="{ly}" x2="{W - R + 45}" y2="{ly}" stroke="{color}" '
               f'stroke-width="2" stroke-dasharray="{dash}"/>')
    out.append(f'<text x="{W - R + 52}" y="{ly + 4}">{shape} {engine}</text>')
out.append("</svg>")
open(sys.argv[2], "w").write("\n".join(out) + "\n")
