import Testing

@_spi(Tables) @testable import HitTestStore

/// `HostList` and `HostMap`, the dispatcher's tables in the host's allocator hooks,
/// against a Swift array and dictionary on random operations: the same elements in the
/// same order, and every element released exactly once. (That their blocks are counted by
/// the hooks and given back, CTests/c/test_frame_memory.c checks with a counting
/// allocator: here other tests allocate through the same hooks at the same time.)
@Suite("store: lists and maps in the allocator hooks")
struct HostListTests {
    /// Counts the tokens alive.
    final class Census {
        var live = 0
    }

    /// An element with a reference, whose releases are counted.
    final class Token {
        let value: Int
        let census: Census
        init(_ value: Int, _ census: Census) {
            (self.value, self.census) = (value, census)
            census.live += 1
        }
        deinit { census.live -= 1 }
    }

    /// A number in 0..<n.
    static func below(_ rng: inout TestRandom, _ n: Int) -> Int { Int(rng.unit() * Double(n)) }

    @Test("a list follows an array through random operations", arguments: [UInt64(1), 2, 3])
    func listFollowsArray(seed: UInt64) {
        var rng = TestRandom(seed: seed)
        let census = Census()
        do {
            var list = HostList<Token>()
            var model: [Token] = []
            for step in 0..<2_000 {
                switch Self.below(&rng, 8) {
                case 0, 1, 2:
                    let t = Token(Self.below(&rng, 1000), census)
                    list.append(t)
                    model.append(t)
                case 3 where !model.isEmpty:
                    let (a, b) = (list.removeLast(), model.removeLast())
                    #expect(a === b)
                case 4 where !model.isEmpty:
                    let i = Self.below(&rng, model.count)
                    let (a, b) = (list.remove(at: i), model.remove(at: i))
                    #expect(a === b)
                case 5:
                    let i = Self.below(&rng, model.count + 1)
                    let t = Token(Self.below(&rng, 1000), census)
                    list.insert(t, at: i)
                    model.insert(t, at: i)
                case 6:
                    let cut = Self.below(&rng, 1000)
                    list.removeAll(where: { $0.value < cut / 4 })
                    model.removeAll(where: { $0.value < cut / 4 })
                default:
                    list.insertionSort { $0.value < $1.value }
                    // A stable sort, as the list's.
                    model = model.enumerated().sorted {
                        ($0.element.value, $0.offset) < ($1.element.value, $1.offset)
                    }.map(\.element)
                }
                var same = list.count == model.count
                for k in list.indices where same { same = list[k] === model[k] }
                #expect(same, "seed \(seed), step \(step)")
                if !same { return }
            }
            list.removeAll()
            let kept = list.isEmpty && list.capacity > 0
            #expect(kept, "emptied, with its room kept")
            model.removeAll()
            #expect(census.live == 0, "every element removed was released once")
            for k in 0..<10 { list.append(Token(k, census)) }
            #expect(census.live == 10)
        }
        #expect(census.live == 0, "a list that goes away releases its elements")
    }

    @Test("a map follows a dictionary through random operations")
    func mapFollowsDictionary() {
        var rng = TestRandom(seed: 7)
        var map = HostMap<Int, Int>()
        var model: [Int: Int] = [:]
        for step in 0..<3_000 {
            let key = Self.below(&rng, 12)
            switch Self.below(&rng, 3) {
            case 0: (map[key], model[key]) = (step, step)
            case 1:
                let (a, b) = (map.removeValue(forKey: key), model.removeValue(forKey: key))
                #expect(a == b)
            default: (map[key], model[key]) = (nil, nil)
            }
            var entries: [Int: Int] = [:]
            for i in map.indices { entries[map.key(at: i)] = map.value(at: i) }
            let (count, found) = (map.count, map[key])
            #expect(entries == model && count == model.count, "step \(step)")
            #expect(found == model[key])
        }
    }
}
