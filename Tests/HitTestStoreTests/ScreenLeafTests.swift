import CHitTestShim
@testable import HitTestStore
import Testing

/// The screen index's quantized leaves alone: the layout the shim's lane test reads, the
/// lane test against a scalar one, cells that never decrease as a coordinate grows (what
/// makes the leaves conservative), and lanes written again in a grown frame that still let
/// through every point they did.
@Suite("Screen index leaves: 16-bit cells of the leaf's frame")
struct ScreenLeafTests {
    /// Floats around `v`: it and one and two ulps either side.
    static func around(_ v: Float) -> [Float] {
        [v.nextDown.nextDown, v.nextDown, v, v.nextUp, v.nextUp.nextUp]
    }

    /// Frames of every kind a leaf can have: ordinary, tiny, huge, a point, infinite.
    static let frames: [(Float, Float)] = [
        (0, 390), (-1.5, 2.25), (1000, 1000.001), (5, 5), (-3e38, 3e38), (0, .greatestFiniteMagnitude),
        (-.infinity, 10), (10, .infinity), (1e-40, 3e-40), (0, .leastNonzeroMagnitude), (7, 7.0000005),
    ]

    @Test("the leaf layout: four arrays of 8 cells, then the entries and slots")
    func layout() {
        #expect(MemoryLayout<ScreenIndex.Leaf>.offset(of: \.minX) == 0)
        #expect(MemoryLayout<ScreenIndex.Leaf>.offset(of: \.minY) == 16)
        #expect(MemoryLayout<ScreenIndex.Leaf>.offset(of: \.maxX) == 32)
        #expect(MemoryLayout<ScreenIndex.Leaf>.offset(of: \.maxY) == 48)
        #expect(MemoryLayout<ScreenIndex.Leaf>.offset(of: \.entry) == ScreenIndex.Leaf.entryOffset)
        #expect(MemoryLayout<ScreenIndex.Leaf>.offset(of: \.slot) == ScreenIndex.Leaf.slotOffset)
        #expect(MemoryLayout<ScreenIndex.Leaf>.stride == 128)
    }

    @Test("the shim's lane test equals a scalar test on random cells, empty lanes included")
    func laneTest() {
        var rng = TestRandom(seed: 77)
        func cell() -> Int16 { Int16(truncatingIfNeeded: Int(rng.unit() * 65536) - 32768) }
        for _ in 0..<2000 {
            var leaf = ScreenIndex.Leaf.empty
            for l in 0..<8 where rng.unit() < 0.8 {
                let (a, b, c, d) = (cell(), cell(), cell(), cell())
                (leaf.minX[l], leaf.maxX[l]) = (min(a, b), max(a, b))
                (leaf.minY[l], leaf.maxY[l]) = (min(c, d), max(c, d))
                leaf.entry[l] = Int32(l)
            }
            for _ in 0..<8 {
                // Points on a lane's edges and one cell off them, and random ones.
                let l = Int(rng.unit() * 8)
                let k = Int16(truncatingIfNeeded: Int(rng.unit() * 3) - 1)
                let (cx, cy) =
                    rng.unit() < 0.5
                    ? (leaf.minX[l] &+ k, leaf.maxY[l] &+ k) : (cell(), cell())
                let cells = UInt32(UInt16(bitPattern: cx)) | UInt32(UInt16(bitPattern: cy)) << 16
                let bits = withUnsafePointer(to: &leaf) { ScreenIndex.Leaf.laneBits(UnsafeRawPointer($0), cells) }
                var expected: UInt32 = 0
                for l in 0..<8
                where leaf.minX[l] <= cx && cx <= leaf.maxX[l] && leaf.minY[l] <= cy && cy <= leaf.maxY[l] {
                    expected |= 1 << UInt32(l)
                }
                #expect(bits == expected, "cells (\(cx), \(cy))")
            }
        }
    }

    @Test("a coordinate's cell never decreases as the coordinate grows, on every kind of frame")
    func cellsAreMonotone() {
        for (lo, hi) in Self.frames {
            let axis = ScreenIndex.Axis(lo, hi)
            var values: [Float] = [-.infinity, .infinity, 0, -0.0, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]
            for v in [lo, hi, (lo + hi) / 2, lo + (hi - lo) / 65535, hi - (hi - lo) / 65535] where !v.isNaN {
                values += Self.around(v)
            }
            var rng = TestRandom(seed: 3)
            for _ in 0..<300 where lo.isFinite && hi.isFinite {
                values.append(lo + Float(rng.unit()) * (hi - lo))
            }
            values = values.filter { !$0.isNaN }.sorted()
            for (a, b) in zip(values, values.dropFirst()) {
                #expect(axis.cell(a) <= axis.cell(b), "frame [\(lo), \(hi)]: cell(\(a)) \(axis.cell(a)) > cell(\(b)) \(axis.cell(b))")
            }
            if lo.isFinite && hi.isFinite && hi > lo && (hi - lo).isFinite {
                #expect(axis.cell(lo) == .min && axis.cell(hi) == .max, "frame [\(lo), \(hi)] spans every cell")
            }
        }
    }

    @Test("the shim's cells of a point in a lane's frame equal Swift's, bit for bit")
    func nodeCellsEqualSwift() {
        // The query finds a point's cells with the shim, the leaves were written with
        // `Axis.cell`: any difference could lose a hit.
        var rng = TestRandom(seed: 5)
        var frames = Self.frames
        for _ in 0..<40 {
            let a = Float(rng.unit() * 2000 - 1000)
            frames.append((a, a + Float(rng.unit() * 500)))
        }
        for round in 0..<200 {
            var node = _PackedNode.emptyLanes
            for l in 0..<8 {
                let (x0, x1) = frames[Int(rng.unit() * Double(frames.count))]
                let (y0, y1) = frames[Int(rng.unit() * Double(frames.count))]
                node.setLane(l, Box(minX: x0, minY: y0, maxX: x1, maxY: y1))
            }
            if round % 5 == 0 { node.setLane(7, .empty) }
            var points: [(Float, Float)] = []
            for l in 0..<8 {
                let b = node.lane(l)
                // The walk asks only for points inside a lane: its middle and its corners.
                points += [((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2), (b.minX, b.minY), (b.maxX, b.maxY)]
                for x in Self.around(b.minX) + Self.around(b.maxX) {
                    points.append((x, Self.around(b.minY)[Int(rng.unit() * 5)]))
                }
            }
            points += [(0, 0), (.infinity, -.infinity), (-0.0, 1e-45), (Float(rng.unit() * 900), Float(rng.unit() * 900))]
            for (x, y) in points where !x.isNaN && !y.isNaN {
                for l in 0..<8 where node.lane(l).contains(x: x, y: y) {
                    let shim = withUnsafePointer(to: &node) { p in
                        UnsafeRawPointer(p).withMemoryRebound(to: Float.self, capacity: 32) {
                            htShim_LaneCells($0, x, y, Int32(l))
                        }
                    }
                    let swift = ScreenIndex.Grid(node.lane(l)).point(x, y)
                    #expect(shim == swift, "lane \(l) \(node.lane(l)), point (\(x), \(y)): shim \(shim), Swift \(swift)")
                }
            }
            // A packet's cells, eight points at once, are the same bits.
            for l in 0..<8 {
                let inside = points.filter { !$0.0.isNaN && !$0.1.isNaN && node.lane(l).contains(x: $0.0, y: $0.1) }
                for start in stride(from: 0, to: inside.count, by: 8) {
                    var group = Array(inside[start..<min(start + 8, inside.count)])
                    while group.count < 8 { group.append(group[0]) }
                    let (xs, ys) = (group.map(\.0), group.map(\.1))
                    var cells = [UInt32](repeating: 0, count: 8)
                    withUnsafePointer(to: &node) { p in
                        UnsafeRawPointer(p).withMemoryRebound(to: Float.self, capacity: 32) { n in
                            htShim_PacketCells(n, xs, ys, Int32(l), &cells)
                            for k in 0..<8 {
                                let one = htShim_LaneCells(n, xs[k], ys[k], Int32(l))
                                #expect(cells[k] == one, "lane \(l), point (\(xs[k]), \(ys[k])): packet \(cells[k]), one \(one)")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("a packet's points below a node's maximum are those whose tops are")
    func packetBelow() {
        var rng = TestRandom(seed: 29)
        for _ in 0..<2000 {
            let tops = (0..<8).map { _ in Int32(rng.unit() * 40) - 2 }
            let m = Int32(rng.unit() * 40) - 2
            let points = UInt32(rng.unit() * 256)
            var expected: UInt32 = 0
            for k in 0..<8 where tops[k] < m { expected |= 1 << k }
            #expect(htShim_PacketBelow(tops, m, points) == expected & points)
        }
    }

    @Test("a node's lanes tested against a packet's points at once give each point the lanes its own test gives")
    func packetPointsByLane() {
        var rng = TestRandom(seed: 37)
        // Coordinates on 1/4 steps, so that points and edges often coincide; now and then
        // a NaN or an infinite coordinate.
        func value() -> Float {
            switch rng.unit() {
            case ..<0.02: return .nan
            case ..<0.04: return rng.unit() < 0.5 ? .infinity : -.infinity
            default: return (Float(rng.unit() * 400) * 4).rounded() / 4
            }
        }
        for round in 0..<2000 {
            var node = _PackedNode.emptyLanes
            for l in 0..<8 where !(round % 3 == 0 && l == 5) {
                let (x0, x1, y0, y1) = (value(), value(), value(), value())
                node.setLane(l, Box(minX: min(x0, x1), minY: min(y0, y1), maxX: max(x0, x1), maxY: max(y0, y1)))
            }
            let xs = (0..<8).map { _ in value() }
            let ys = (0..<8).map { _ in value() }
            let live = UInt32(rng.unit() * 256)
            let test = UInt32(rng.unit() * 256)
            // Lanes said to hold every point are not tested: any lanes not tested will do.
            let holds = UInt32(rng.unit() * 256) & ~test
            var lanes: UInt32 = 0
            let (byLane, each) = withUnsafePointer(to: &node) { p in
                UnsafeRawPointer(p).withMemoryRebound(to: Float.self, capacity: 32) { n in
                    (htShim_NodePointsByLane(n, xs, ys, live, holds, test, &lanes), (0..<8).map { htShim_NodeLanes(n, xs[$0], ys[$0]) })
                }
            }
            var expected: UInt64 = 0
            var expectedLanes: UInt32 = 0
            for l in 0..<8 {
                var m: UInt32 = 0
                for k in 0..<8 where live >> k & 1 == 1 {
                    if holds >> l & 1 == 1 || (test >> l & 1 == 1 && each[k] >> l & 1 == 1) { m |= 1 << k }
                }
                expected |= UInt64(m) << (8 * l)
                if m != 0 { expectedLanes |= 1 << l }
            }
            #expect(byLane == expected, "round \(round): points \(xs), \(ys), live \(live), test \(test), holds \(holds)")
            #expect(lanes == expectedLanes, "round \(round)")
        }
    }

    @Test("a lane that holds a packet's box holds each of its points, one that does not meet it none")
    func packetBoxLanes() {
        var rng = TestRandom(seed: 31)
        // Coordinates on 1/4 steps, so that points and edges often coincide.
        func value() -> Float { (Float(rng.unit() * 400) * 4).rounded() / 4 }
        for round in 0..<500 {
            var node = _PackedNode.emptyLanes
            for l in 0..<8 where !(round % 3 == 0 && l == 5) {
                let (x0, x1, y0, y1) = (value(), value(), value(), value())
                node.setLane(l, Box(minX: min(x0, x1), minY: min(y0, y1), maxX: max(x0, x1), maxY: max(y0, y1)))
            }
            let count = 1 + Int(rng.unit() * 8)
            // Near a lane's corner half the time, anywhere the other half.
            let corner = node.lane(Int(rng.unit() * 8))
            let xs = (0..<count).map { _ in rng.unit() < 0.5 && corner.minX.isFinite ? corner.minX + value() / 40 : value() }
            let ys = (0..<count).map { _ in rng.unit() < 0.5 && corner.minY.isFinite ? corner.minY + value() / 40 : value() }
            let (x0, x1, y0, y1) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
            var meets: UInt32 = 0
            var holdsEach: UInt32 = 0xFF
            var meetsAny: UInt32 = 0
            let holds = withUnsafePointer(to: &node) { p in
                UnsafeRawPointer(p).withMemoryRebound(to: Float.self, capacity: 32) { n in
                    for k in 0..<count {
                        let lanes = htShim_NodeLanes(n, xs[k], ys[k])
                        holdsEach &= lanes
                        meetsAny |= lanes
                    }
                    return htShim_NodeLanesForBox(n, x0, y0, x1, y1, &meets)
                }
            }
            for l in 0..<8 {
                let b = node.lane(l)
                let inBox = b.minX <= x0 && x1 <= b.maxX && b.minY <= y0 && y1 <= b.maxY
                let meetsBox = b.minX <= x1 && x0 <= b.maxX && b.minY <= y1 && y0 <= b.maxY
                #expect((holds >> l) & 1 == (inBox ? 1 : 0), "round \(round), lane \(l) \(b), box [\(x0), \(x1)] x [\(y0), \(y1)]")
                #expect((meets >> l) & 1 == (meetsBox ? 1 : 0), "round \(round), lane \(l) \(b), box [\(x0), \(x1)] x [\(y0), \(y1)]")
            }
            // What the packet's walk relies on.
            #expect(holds & ~holdsEach == 0, "round \(round): a lane holds the box but not each point")
            #expect(meetsAny & ~meets == 0, "round \(round): a lane holds a point but does not meet the box")
        }
    }

    @Test("a lane written again in a grown frame lets through every point it did")
    func reencodingIsConservative() {
        var rng = TestRandom(seed: 11)
        func value(_ lo: Float, _ hi: Float) -> Float {
            // Mostly inside, on 1/8 steps so that edges repeat; sometimes any float.
            let v = lo + Float(rng.unit()) * (hi - lo)
            return rng.unit() < 0.5 ? (v * 8).rounded() / 8 : v
        }
        for round in 0..<400 {
            let (x0, x1) = (value(-500, 500), value(-500, 500))
            let (y0, y1) = (value(-500, 500), value(-500, 500))
            let b = Box(minX: min(x0, x1), minY: min(y0, y1), maxX: max(x0, x1), maxY: max(y0, y1))
            // A frame around b, and a grown frame around it.
            let frame = b.union(Box(minX: b.minX - value(0, 50), minY: b.minY - value(0, 50), maxX: b.maxX + value(0, 50), maxY: b.maxY))
            let grown = frame.union(Box(minX: frame.minX - value(0, 3000), minY: frame.minY, maxX: frame.maxX, maxY: frame.maxY + value(0, 3000)))
            var leaf = ScreenIndex.Leaf.empty
            leaf.entry[0] = -2
            leaf.setLane(0, b, ScreenIndex.Grid(frame))
            let decoded = leaf.lane(0, in: frame, ScreenIndex.Grid(frame))
            #expect(frame.contains(decoded), "round \(round): \(decoded) leaves frame \(frame)")
            var moved = leaf
            moved.setLane(0, decoded, ScreenIndex.Grid(grown))
            // Points on b's edges, the frame's, and one and two ulps off them.
            let xs = [b.minX, b.maxX, frame.minX, frame.maxX].flatMap(Self.around)
            let ys = [b.minY, b.maxY, frame.minY, frame.maxY].flatMap(Self.around)
            for x in xs where frame.minX <= x && x <= frame.maxX {
                for y in ys where frame.minY <= y && y <= frame.maxY {
                    let before = ScreenIndex.Grid(frame).point(x, y)
                    let after = ScreenIndex.Grid(grown).point(x, y)
                    let held = withUnsafePointer(to: &leaf) { ScreenIndex.Leaf.laneBits(UnsafeRawPointer($0), before) } & 1
                    let holds = withUnsafePointer(to: &moved) { ScreenIndex.Leaf.laneBits(UnsafeRawPointer($0), after) } & 1
                    if b.contains(x: x, y: y) { #expect(held == 1, "round \(round): (\(x), \(y)) in \(b) but not in its cells") }
                    #expect(held <= holds, "round \(round): (\(x), \(y)) let through in \(frame), not in \(grown)")
                }
            }
        }
    }
}
