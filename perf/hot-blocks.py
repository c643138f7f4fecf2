#!/usr/bin/env python3
"""The hottest straight runs of instructions of one function, from a callgrind profile
taken with --dump-instr=yes (perf/profile-query.sh with HOT=FUNCTION writes one).

    perf/hot-blocks.py CALLGRIND_OUT BINARY FUNCTION_SUBSTRING QUERIES [BLOCKS]

A run is consecutive instructions executed the same number of times; each line gives its
address range, how often it ran a query, its length and its instructions a query, the
hottest first; then the disassembly of the three hottest runs. FUNCTION_SUBSTRING matches
callgrind's (mangled) function names. Needs objdump (binutils)."""
import collections
import re
import subprocess
import sys


def costs_by_address(path, wanted):
    """Self cost (Ir) of each instruction address of the functions whose names hold `wanted`."""
    names, costs = {}, collections.Counter()
    inside, after_call = False, False
    last = [0, 0]

    def position(token, i):
        if token.startswith("0x"):
            v = int(token, 16)
        elif token[0] in "+-":
            v = last[i] + int(token)
        elif token == "*":
            v = last[i]
        else:
            v = int(token)
        last[i] = v
        return v

    for line in open(path):
        line = line.rstrip("\n")
        m = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line)
        if m:
            if m.group(3):
                names[m.group(2)] = m.group(3)
            if m.group(1) == "fn":
                inside = wanted in names.get(m.group(2), "")
            continue
        if line.startswith("calls="):
            after_call = True
            continue
        if not line or line[0] not in "0123456789+-*":
            continue
        tokens = line.split()
        address = position(tokens[0], 0)
        position(tokens[1], 1)
        if after_call:  # the call's inclusive cost, not this function's own
            after_call = False
            continue
        if inside and len(tokens) > 2:
            costs[address] += int(tokens[2])
    return costs


def main():
    out, binary, wanted, queries = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    shown = int(sys.argv[5]) if len(sys.argv) > 5 else 20
    costs = costs_by_address(out, wanted)
    if not costs:
        sys.exit(f"hot-blocks: no instructions of a function matching {wanted!r}")
    text = subprocess.run(["objdump", "-d", "--no-show-raw-insn", binary], capture_output=True, text=True).stdout
    code = {}
    for line in text.splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\s+(.*)$", line)
        if m:
            code[int(m.group(1), 16)] = m.group(2)
    runs = []
    for address in sorted(costs):
        c = costs[address]
        if runs and runs[-1]["count"] == c and address - runs[-1]["end"] < 16:
            runs[-1]["end"] = address
            runs[-1]["lines"].append(address)
        else:
            runs.append({"start": address, "end": address, "count": c, "lines": [address]})
    total = sum(costs.values())
    print(f"{wanted}: {total / queries:.0f} instructions a query")
    runs.sort(key=lambda r: -r["count"] * len(r["lines"]))
    for r in runs[:shown]:
        n = len(r["lines"])
        print(f"{r['start']:x}-{r['end']:x}  {r['count'] / queries:6.2f} a query x {n:3d} = {r['count'] * n / queries:7.1f}")
    for r in runs[:3]:
        print(f"\n{r['start']:x}-{r['end']:x}:")
        for a in r["lines"]:
            print(f"  {a:x}  {code.get(a, '?')}")


main()
