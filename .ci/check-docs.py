#!/usr/bin/env python3
"""Lists the public symbols of the given modules that have no doc comment.

Reads the symbol graphs found anywhere under SYMBOLGRAPH_DIR (MODULE.symbols.json, and
MODULE@OTHER.symbols.json for extensions of other modules' types), as
`swift package generate-documentation` extracts them for its targets, and prints one line per public or open symbol without a `///` comment:
its module, kind, path and source location. Exits 1 when there is any.

Not counted: symbols the compiler makes up (synthesized conformances, whose identifier
holds ::SYNTHESIZED::), extension blocks, and symbols whose comment is inherited from the
protocol requirement they implement (the symbol graph carries that comment; DocC shows
it), such as `description` or `hash(into:)`.

Usage: check-docs.py SYMBOLGRAPH_DIR MODULE...
"""
import json
import os
import sys


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    folder, modules = sys.argv[1], sys.argv[2:]
    missing = []
    for module in modules:
        files = [os.path.join(d, f) for d, _, names in sorted(os.walk(folder)) for f in sorted(names)
                 if f == f"{module}.symbols.json"
                 or (f.startswith(f"{module}@") and f.endswith(".symbols.json"))]
        if not files:
            print(f"no symbol graph for {module} in {folder}: was it built?", file=sys.stderr)
            return 2
        seen = set()
        for name in files:
            with open(name) as f:
                graph = json.load(f)
            for s in graph["symbols"]:
                precise = s["identifier"]["precise"]
                kind = s["kind"]["identifier"]
                if precise in seen or "::SYNTHESIZED::" in precise or kind == "swift.extension":
                    continue
                seen.add(precise)
                if s.get("accessLevel") not in ("public", "open"):
                    continue
                if s.get("docComment", {}).get("lines"):
                    continue
                loc = s.get("location", {})
                uri = loc.get("uri", "").removeprefix("file://")
                line = loc.get("position", {}).get("line", -1) + 1
                where = f"{os.path.relpath(uri)}:{line}" if uri else "(no location)"
                path = ".".join(s["pathComponents"])
                missing.append(((where.rsplit(":", 1)[0], line),
                                f"{where}: {module} {kind.removeprefix('swift.')} {path}"))
    for _, m in sorted(missing):
        print(m)
    if missing:
        print(f"{len(missing)} public symbols without a doc comment in {', '.join(modules)}",
              file=sys.stderr)
        return 1
    print(f"every public symbol of {', '.join(modules)} has a doc comment")
    return 0


if __name__ == "__main__":
    sys.exit(main())
