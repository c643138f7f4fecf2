/// The fill colour of each view of one picture: its palette colour
/// (`Palette.color(for:)`, stable per id), unless a neighbour on the map took a colour too
/// close to it first, in which case the next of its alternatives that no neighbour has.
///
/// Two views are neighbours when cells they own touch side by side or one above the
/// other. Views are coloured in catalog order (scene pre-order), each against the
/// neighbours coloured before it, so no two neighbours end up alike, and a view keeps its
/// usual colour in every picture where no earlier neighbour shares it. O(cells) to find
/// the neighbours, then O(neighbour pairs x tries).
struct MapColors {
    /// By catalog number.
    let fills: [RGB]

    /// Colours closer than this (sum of the channels' differences) count as the same.
    static let minimumDistance = 60

    init(map: HitMap, catalog: ViewCatalog) {
        let count = catalog.entries.count
        var neighbours = [[Int32]](repeating: [], count: count)
        var seen: Set<UInt64> = []
        func link(_ a: Int32, _ b: Int32) {
            guard a >= 0, b >= 0, a != b else { return }
            let (lo, hi) = a < b ? (a, b) : (b, a)
            if seen.insert(UInt64(UInt32(lo)) << 32 | UInt64(UInt32(hi))).inserted {
                neighbours[Int(hi)].append(lo)
            }
        }
        let cells = map.cells
        for r in 0..<map.rows {
            let row = r * map.columns
            for c in 0..<map.columns {
                let o = cells[row + c]
                if c + 1 < map.columns, cells[row + c + 1] != o { link(o, cells[row + c + 1]) }
                if r + 1 < map.rows, cells[row + map.columns + c] != o {
                    link(o, cells[row + map.columns + c])
                }
            }
        }
        var fills: [RGB] = []
        fills.reserveCapacity(count)
        for n in 0..<count {
            let id = catalog.entries[n].id
            var chosen = Palette.color(for: id)
            // Only neighbours with smaller numbers are coloured yet (links point down).
            let taken = neighbours[n].map { fills[Int($0)] }
            if taken.contains(where: { Self.close($0, chosen) }) {
                for attempt in 1..<Palette.colorCount {
                    let c = Palette.alternative(for: id, attempt: attempt)
                    if !taken.contains(where: { Self.close($0, c) }) {
                        chosen = c
                        break
                    }
                }
            }
            fills.append(chosen)
        }
        self.fills = fills
    }

    static func close(_ a: RGB, _ b: RGB) -> Bool {
        abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
            < minimumDistance
    }

    /// The outline and label colour of catalog number `n`: a dark shade of its fill.
    func ink(_ n: Int) -> RGB { fills[n].scaled(by: Palette.inkShade) }
}
