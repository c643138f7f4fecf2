import HitTestScene
import HitTestStore
import Testing

@testable import HitTestDispatch

/// The dispatcher's pool of recognizers in flight: members by view and id, found by a
/// scan while they are few and by a table past that.
@Suite("Recognizer pool")
struct RecognizerPoolTests {
    /// A member on view `view` (by handle index) with id `name`.
    static func member(
        _ pool: inout _RecognizerPool, view: Int, name: String, slot: Int
    ) -> _Recognizer {
        pool.make(
            gesture: SceneGesture(id: name, kind: .tap()),
            view: ViewHandle(index: UInt32(view), generation: 1), viewID: "v\(view)", depth: 0,
            slot: slot, scrollView: nil)
    }

    @Test("a retired member is renewed for the next one met, with nothing of its past, unless something still holds it")
    func renewsRetiredMembers() {
        var pool = _RecognizerPool()
        // A member with a past, retired (in a function, so that no reference to it
        // outlives the setup).
        func retireOne() -> (RecognizerID, ObjectIdentifier) {
            let first = Self.member(&pool, view: 1, name: "old", slot: 3)
            pool.insert(first) { $0.slot < $1.slot }
            first.touches = [TouchID(4), TouchID(7)]
            first.down = [TouchID(7)]
            first.timerGeneration = 5
            pool.remove(first.id)
            return (first.id, ObjectIdentifier(first))
        }
        let (firstID, object) = retireOne()

        let next = Self.member(&pool, view: 2, name: "new", slot: 1)
        #expect(ObjectIdentifier(next) == object, "the retired object is reused")
        #expect(next.id == firstID, "its id is the freed one")
        #expect(next.gesture.id == "new" && next.viewID == "v2" && next.slot == 1)
        #expect(next.view == ViewHandle(index: 2, generation: 1))
        #expect(next.touches.isEmpty && next.down.isEmpty)
        #expect(next.timerGeneration == 0 && next.rank == 0 && next.scrollView == nil)
        pool.insert(next) { $0.slot < $1.slot }
        #expect(pool.member(next.key) == next.id)
        #expect(pool.member(GestureKey(view: ViewHandle(index: 1, generation: 1), name: "old")) == nil)

        // Held elsewhere when retired: never renewed under its holder.
        pool.remove(next.id)
        let held = next
        let third = Self.member(&pool, view: 3, name: "third", slot: 0)
        #expect(ObjectIdentifier(third) != ObjectIdentifier(held))
        #expect(held.gesture.id == "new", "the holder's object is untouched")
    }

    @Test("every member is found by view and id, and no other key, as the pool grows past the scan and shrinks back")
    func findsMembersAcrossSizes() {
        var pool = _RecognizerPool()
        // Ids repeat across views, and views carry several ids: only the pair names one.
        let keys = (0..<20).map { (view: 1 + $0 % 4, name: "g\($0 / 4)") }
        var inPool: [(key: GestureKey, id: RecognizerID)] = []
        func check(_ when: String) {
            for (key, id) in inPool {
                #expect(pool.member(key) == id, "\(when): \(key)")
            }
            for k in keys where !inPool.contains(where: { $0.key.view.index == UInt32(k.view) && $0.key.name == k.name }) {
                let key = GestureKey(view: ViewHandle(index: UInt32(k.view), generation: 1), name: k.name)
                #expect(pool.member(key) == nil, "\(when): \(key) is no member")
            }
            #expect(pool.member(GestureKey(view: ViewHandle(index: 9, generation: 1), name: "g0")) == nil)
        }
        for (i, k) in keys.enumerated() {
            let r = Self.member(&pool, view: k.view, name: k.name, slot: i)
            pool.insert(r) { $0.slot < $1.slot }
            inPool.append((r.key, r.id))
            check("after adding \(i + 1)")
        }
        // Out of order, so that ranks shift under the table.
        for i in [3, 17, 0, 8, 12, 19, 5, 1, 14, 9, 2, 18, 6, 11, 15, 4, 16, 7, 10, 13] {
            let gone = inPool.firstIndex { $0.key == GestureKey(
                view: ViewHandle(index: UInt32(keys[i].view), generation: 1), name: keys[i].name) }!
            pool.remove(inPool[gone].id)
            inPool.remove(at: gone)
            check("after removing \(keys[i])")
        }
        #expect(pool.isEmpty)
    }

    @Test("an id names the first member met with it, then the first of the others in rank order, as the pool grows past the scan and shrinks back")
    func namesMembersAcrossSizes() {
        var pool = _RecognizerPool()
        // Four ids on five views; slots, and so ranks, not in the order met.
        let keys = (0..<20).map { (view: 1 + $0 % 5, name: "g\($0 % 4)", slot: ($0 * 7) % 20) }
        // The model: what each id names, kept as the rule says.
        var named: [String: RecognizerID] = [:]
        var members: [(name: String, slot: Int, id: RecognizerID)] = []
        func check(_ when: String) {
            for n in ["g0", "g1", "g2", "g3", "none"] {
                #expect(pool.named(n) == named[n], "\(when): \(n)")
            }
        }
        for (i, k) in keys.enumerated() {
            let r = Self.member(&pool, view: k.view, name: k.name, slot: k.slot)
            pool.insert(r) { $0.slot < $1.slot }
            members.append((k.name, k.slot, r.id))
            if named[k.name] == nil { named[k.name] = r.id }
            check("after adding \(i + 1)")
        }
        for i in [3, 17, 0, 8, 12, 19, 5, 1, 14, 9, 2, 18, 6, 11, 15, 4, 16, 7, 10, 13] {
            let gone = members.firstIndex { $0.slot == keys[i].slot }!
            let m = members.remove(at: gone)
            pool.remove(m.id)
            if named[m.name] == m.id {
                named[m.name] = members.filter { $0.name == m.name }.min { $0.slot < $1.slot }?.id
            }
            check("after removing the member in slot \(m.slot)")
        }
        #expect(pool.isEmpty)
    }
}
