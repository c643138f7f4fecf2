import HitTestScene
import HitTestStore
import Testing

@testable import HitTestDispatch

/// The dispatcher's table of recognizers in flight: members by view and id, found by a
/// scan while they are few and by a table past that; freed ids handed out again.
@Suite("Recognizer table")
struct RecognizerTableTests {
    /// A member on view `view` (by handle index) with id `name`, ranked by slot.
    static func member(
        _ table: inout _RecognizerTable, view: Int, name: String, slot: Int
    ) -> RecognizerID {
        let id = table.add(
            gesture: SceneGesture(id: name, kind: .tap()),
            view: ViewHandle(index: UInt32(view), generation: 1), viewID: "v\(view)", depth: 0,
            slot: slot, scrollView: nil)
        let place = table.place(of: id) { table.slot[$0] < table.slot[$1] }
        table.rank(id, at: place)
        return id
    }

    @Test(
        "a retired member's id is handed out again, its row with nothing of its past, its lists' capacity kept"
    )
    func renewsRetiredRows() {
        var table = _RecognizerTable()
        let first = Self.member(&table, view: 1, name: "old", slot: 3)
        table.touches[first] = [TouchID(4), TouchID(7)]
        table.down[first] = [TouchID(7)]
        table.timerGeneration[first] = 5
        table.states[first] = .failed
        table.held[first] = .recognize
        table.waitsOn[first] = [first]
        let capacity = table.touches[first].capacity
        table.remove(first)
        #expect(!table.contains(first) && table.isEmpty)

        let next = Self.member(&table, view: 2, name: "new", slot: 1)
        #expect(next == first, "its id is the freed one")
        #expect(table.gesture[next].id == "new" && table.viewID[next] == "v2")
        #expect(table.slot[next] == 1 && table.view[next] == ViewHandle(index: 2, generation: 1))
        #expect(table.touches[next].isEmpty && table.down[next].isEmpty)
        #expect(table.touches[next].capacity == capacity, "the list keeps its capacity")
        #expect(table.timerGeneration[next] == 0 && table.rank[next] == 0)
        #expect(table.scrollView[next] == nil)
        #expect(table.states[next] == .possible && table.held[next] == nil)
        #expect(table.waitsOn[next].isEmpty)
        #expect(table.member(table.key(of: next)) == next)
        #expect(
            table.member(GestureKey(view: ViewHandle(index: 1, generation: 1), name: "old")) == nil)
        #expect(table.violations().isEmpty)
    }

    @Test(
        "every member is found by view and id, and no other key, as the table grows past the scan and shrinks back"
    )
    func findsMembersAcrossSizes() {
        var table = _RecognizerTable()
        // Ids repeat across views, and views carry several ids: only the pair names one.
        let keys = (0..<20).map { (view: 1 + $0 % 4, name: "g\($0 / 4)") }
        var inTable: [(key: GestureKey, id: RecognizerID)] = []
        func check(_ when: String) {
            for (key, id) in inTable {
                #expect(table.member(key) == id, "\(when): \(key)")
            }
            for k in keys
            where !inTable.contains(where: {
                $0.key.view.index == UInt32(k.view) && $0.key.name == k.name
            }) {
                let key = GestureKey(
                    view: ViewHandle(index: UInt32(k.view), generation: 1), name: k.name)
                #expect(table.member(key) == nil, "\(when): \(key) is no member")
            }
            #expect(
                table.member(GestureKey(view: ViewHandle(index: 9, generation: 1), name: "g0"))
                    == nil)
        }
        for (i, k) in keys.enumerated() {
            let r = Self.member(&table, view: k.view, name: k.name, slot: i)
            inTable.append((table.key(of: r), r))
            check("after adding \(i + 1)")
        }
        // Out of order, so that ranks shift under the table.
        for i in [3, 17, 0, 8, 12, 19, 5, 1, 14, 9, 2, 18, 6, 11, 15, 4, 16, 7, 10, 13] {
            let gone = inTable.firstIndex {
                $0.key
                    == GestureKey(
                        view: ViewHandle(index: UInt32(keys[i].view), generation: 1),
                        name: keys[i].name)
            }!
            table.remove(inTable[gone].id)
            inTable.remove(at: gone)
            check("after removing \(keys[i])")
        }
        let emptied = table.isEmpty
        #expect(emptied)
    }

    @Test(
        "an id names the first member met with it, then the first of the others in rank order, as the table grows past the scan and shrinks back"
    )
    func namesMembersAcrossSizes() {
        var table = _RecognizerTable()
        // Four ids on five views; slots, and so ranks, not in the order met.
        let keys = (0..<20).map { (view: 1 + $0 % 5, name: "g\($0 % 4)", slot: ($0 * 7) % 20) }
        // The model: what each id names, kept as the rule says.
        var named: [String: RecognizerID] = [:]
        var members: [(name: String, slot: Int, id: RecognizerID)] = []
        func check(_ when: String) {
            for n in ["g0", "g1", "g2", "g3", "none"] {
                #expect(table.named(n) == named[n], "\(when): \(n)")
            }
        }
        for (i, k) in keys.enumerated() {
            let r = Self.member(&table, view: k.view, name: k.name, slot: k.slot)
            members.append((k.name, k.slot, r))
            if named[k.name] == nil { named[k.name] = r }
            check("after adding \(i + 1)")
        }
        for i in [3, 17, 0, 8, 12, 19, 5, 1, 14, 9, 2, 18, 6, 11, 15, 4, 16, 7, 10, 13] {
            let gone = members.firstIndex { $0.slot == keys[i].slot }!
            let m = members.remove(at: gone)
            table.remove(m.id)
            if named[m.name] == m.id {
                named[m.name] = members.filter { $0.name == m.name }.min { $0.slot < $1.slot }?.id
            }
            check("after removing the member in slot \(m.slot)")
        }
        let emptied = table.isEmpty
        #expect(emptied)
    }
}
