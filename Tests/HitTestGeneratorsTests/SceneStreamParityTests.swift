import Foundation
import HitTestGenerators
import HitTestGeometry
import HitTestJSON
import HitTestParity
import HitTestScene
import Testing

@testable import HitTestStore

/// The streaming reader (`SceneStreamReader`, what `Scene.load` and the store loaders try
/// first) against the full decoder (`Scene.loadDecoding`): generated scenes of every
/// shape load to equal scenes and equal stores, and mutated or corrupted documents give
/// the same scene or the same issues, word for word. Each failure prints its seed and
/// the document.
@Suite("Streaming scene reader parity")
struct SceneStreamParityTests {
    /// The decoder's answer alone.
    static func decoded(_ bytes: [UInt8]) -> Result<Scene, SceneError> {
        do { return .success(try Scene.loadDecoding(json: bytes)) } catch { return .failure(error) }
    }

    /// What `Scene.load` answers (the reader first).
    static func loaded(_ bytes: [UInt8]) -> Result<Scene, SceneError> {
        do { return .success(try Scene.load(json: bytes)) } catch { return .failure(error) }
    }

    /// Checks one document; returns whether the streaming reader took it.
    @discardableResult
    static func compare(_ bytes: [UInt8], _ what: @autoclosure () -> String) -> Bool {
        let decoded = decoded(bytes)
        let loaded = loaded(bytes)
        #expect(
            loaded == decoded,
            "\(what()): Scene.load \(loaded) vs decoder \(decoded)\n\(String(decoding: bytes, as: UTF8.self))"
        )
        guard let columns = SceneStreamReader.read(bytes) else { return false }
        guard case .success(let scene) = decoded else {
            Issue.record(
                "\(what()): the reader took a document the decoder refuses: \(decoded)\n\(String(decoding: bytes, as: UTF8.self))"
            )
            return true
        }
        #expect(
            columns.scene() == scene,
            "\(what()): the reader read another scene\n\(String(decoding: bytes, as: UTF8.self))")
        let a = ViewStore(columns: columns)
        let b = ViewStore(scene: scene)
        #expect(a.invariantViolations().isEmpty, "\(what()): \(a.invariantViolations().prefix(3))")
        #expect(a.scene() == b.scene(), "\(what()): the stores export different scenes")
        #expect(a.count == b.count)
        // A few points, answered alike by both stores.
        var rng = SplitMix64(seed: UInt64(bytes.count))
        let side = max(scene.screen.width, scene.screen.height, 100)
        for _ in 0..<64 {
            let p = Point(x: rng.uniform(-10, side), y: rng.uniform(-10, side))
            let x = StoreEngine(store: a).hitTest(p)
            let y = StoreEngine(store: b).hitTest(p)
            #expect(
                x == y, "\(what()) at \(p): \(String(describing: x)) vs \(String(describing: y))")
        }
        return true
    }

    @Test(
        "generated scenes of every shape load alike through both paths",
        arguments: SceneShape.allCases)
    func generatedScenes(shape: SceneShape) {
        var took = 0
        for views in [2, 40, 3_000] {
            for seed: UInt64 in 1...2 {
                for pretty in [false, true] {
                    let scene = shape.scene(views: views, seed: seed)
                    let bytes = Array(scene.json(pretty: pretty).utf8)
                    if Self.compare(
                        bytes, "\(shape) \(views) views, seed \(seed), pretty \(pretty)")
                    {
                        took += 1
                    }
                }
            }
        }
        // Every shape is the reader's to take, scroll views included.
        #expect(took == 12, "\(shape): the reader took \(took) of 12")
    }

    /// `scene` with random event settings on every view (gestures with references to
    /// one another, `next` overrides, controls: `DispatchInputs.decorate`) and view
    /// controllers on some views, a few presented by an earlier one.
    static func withEvents(_ scene: Scene, _ rng: inout SplitMix64) -> Scene {
        var scene = scene
        var n = 0
        func addControllers(_ v: inout SceneView, _ rng: inout SplitMix64) {
            if rng.below(5) == 0 {
                v.viewController = "VC\(n)"
                if n > 0 && rng.below(2) == 0 { v.presentedBy = "VC\(rng.below(n))" }
                n += 1
            }
            for i in v.subviews.indices { addControllers(&v.subviews[i], &rng) }
        }
        for w in scene.windows.indices { addControllers(&scene.windows[w], &rng) }
        DispatchInputs.decorate(&scene, &rng)
        return scene
    }

    @Test(
        "documents with event settings and view controllers take the reader's path, alike",
        arguments: [SceneShape.ui, .wide, .mixed, .deep, .scroll, .transformed])
    func eventDocuments(shape: SceneShape) {
        var rng = SplitMix64(seed: 29)
        var took = 0
        var valid = 0
        for views in [2, 40, 600] {
            for seed: UInt64 in 1...3 {
                let scene = Self.withEvents(shape.scene(views: views, seed: seed), &rng)
                var events = 0
                scene.forEachView { v, _ in if !v.eventsAreDefault { events += 1 } }
                #expect(events > 0 || views == 2, "\(shape): no view has event settings")
                let bytes = Array(scene.json(pretty: seed == 2).utf8)
                if case .success = Self.decoded(bytes) { valid += 1 }
                if Self.compare(bytes, "\(shape) \(views) views with events, seed \(seed)") {
                    took += 1
                }
            }
        }
        // Valid documents with event fields are read by the reader, not left to the decoder.
        #expect(valid == 9, "\(shape): \(valid) of 9 decorated scenes are valid")
        #expect(took == valid, "\(shape): the reader took \(took) of \(valid) valid documents")
    }

    @Test("event and view-controller fields: escapes, references across views, built-in ids")
    func eventFieldCases() {
        let f = #""frame": [0, 0, 10, 10]"#
        // Subviews of one window, and whether the document is valid.
        let cases: [(String, Bool)] = [
            (#"{"id": "a", \#(f)}, {"id": "b", \#(f), "next": "a"}"#, true),
            (#"{"id": "a", \#(f)}, {"id": "b", \#(f), "next": "\u0061"}"#, true),
            (#"{"id": "a", \#(f)}, {"id": "b", \#(f), "next": "zz"}"#, false),
            (
                #"{"id": "s", "class": "UITableView", \#(f)}, {"id": "c", \#(f), "gestures": [{"id": "s.panGestureRecognizer", "kind": "tap"}]}"#,
                false
            ),
            (
                #"{"id": "s", "class": "UITableView", \#(f)}, {"id": "c", \#(f), "gestures": [{"id": "t", "kind": "tap", "requireToFail": ["s.panGestureRecognizer"]}]}"#,
                true
            ),
            (
                #"{"id": "a", \#(f), "gestures": [{"id": "g", "kind": "tap", "requireToFail": ["h"]}]}, {"id": "b", \#(f), "gestures": [{"id": "h", "kind": "pan"}]}"#,
                true
            ),
            (
                #"{"id": "a", \#(f), "gestures": [{"id": "g", "kind": "tap"}]}, {"id": "b", \#(f), "gestures": [{"id": "g", "kind": "pan"}]}"#,
                false
            ),
            (
                #"{"id": "a", \#(f), "viewController": "A", "presentedBy": "B"}, {"id": "b", \#(f), "viewController": "B", "presentedBy": "A"}"#,
                false
            ),
            (
                #"{"id": "a", \#(f), "viewController": "A"}, {"id": "b", \#(f), "viewController": "B", "presentedBy": "A", "viewControllerNext": "a"}"#,
                true
            ),
            (#"{"id": "a", \#(f), "viewControllerTouches": "handle"}"#, false),
            (#"{"id": "a", \#(f), "gestures": [], "gestures": []}"#, false),
            (
                #"{"id": "a", "class": "UIButton", \#(f), "control": {"actions": {"touchUpInside": "go"}}}"#,
                true
            ),
            (#"{"id": "a", \#(f), "scrollView": {"contentSize": [10, 2000]}}"#, true),
            (#"{"id": "a", \#(f), "touches": "handle", "exclusiveTouch": true}"#, true),
            (#"{"id": "a", \#(f), "touches": "handle" , "exclusiveTouch": 1}"#, false),
        ]
        for (k, (subviews, valid)) in cases.enumerated() {
            let text =
                #"{"format": "hittest-scene/1", "windows": [{"id": "main", "frame": [0, 0, 390, 844], "subviews": ["#
                + subviews + "]}]}"
            let bytes = Array(text.utf8)
            let took = Self.compare(bytes, "case \(k)")
            if case .success = Self.decoded(bytes) {
                #expect(valid, "case \(k) loads")
            } else {
                #expect(!valid, "case \(k) is refused")
            }
            #expect(took == valid, "case \(k): the reader took it: \(took)")
        }
    }

    @Test("the example scenes with buttons, gestures and a scroll view take the reader's path")
    func exampleScenes() throws {
        // The repository's root, from this file's place in it.
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        for name in ["buttons.json", "scroll-button.json"] {
            let bytes = Array(try Data(contentsOf: root.appendingPathComponent("docs/" + name)))
            guard case .success = Self.decoded(bytes) else {
                Issue.record("docs/\(name) does not load")
                continue
            }
            #expect(Self.compare(bytes, "docs/\(name)"), "the reader left docs/\(name)")
        }
    }

    static let wrongValues: [JSONValue] = [
        .string("x"), .number(7), .bool(true), .null, .array([]), .object(JSONObject()),
        .array([.number(1), .number(2)]), .number(-1), .string(""),
    ]

    /// One structural mutation somewhere in `v`: a field deleted, a value of the wrong
    /// type, an unknown or repeated field, a value out of range, an id or redirect naming
    /// another view, an element repeated (duplicate ids) or removed.
    static func mutate(_ v: inout JSONValue, _ rng: inout SplitMix64, ids: [String]) {
        func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(max(n, 1))) }
        switch v {
        case .object(var o):
            if !o.members.isEmpty && pick(3) != 0 {
                // Descend into a member's value, mostly.
                let k = pick(o.members.count)
                if case .object = o.members[k].value, pick(4) != 0 {
                    mutate(&o.members[k].value, &rng, ids: ids)
                    v = .object(o)
                    return
                }
                if case .array(let items) = o.members[k].value, !items.isEmpty, pick(4) != 0 {
                    mutate(&o.members[k].value, &rng, ids: ids)
                    v = .object(o)
                    return
                }
            }
            let id = ids.isEmpty ? "main" : ids[pick(ids.count)]
            switch pick(22) {
            case 0 where !o.members.isEmpty: o.members.remove(at: pick(o.members.count))
            case 1 where !o.members.isEmpty:
                o.members[pick(o.members.count)].value = wrongValues[pick(wrongValues.count)]
            case 2: o.append("colour", .number(1))
            case 3 where !o.members.isEmpty: o.members.append(o.members[pick(o.members.count)])
            case 4: o.append("alpha", .number([2, -0.5, 0.3, 0.001, 1][pick(5)]))
            case 5:
                o.append(
                    "frame",
                    .array(
                        [[0, 0, -1, 5], [1e308, 0, 1e308, 1], [1, 2, 3, 4]][pick(3)].map {
                            .number($0)
                        }))
            case 6: o.append("redirectTo", .string(id))
            case 7: o.append("id", .string(id))
            case 8: o.append("level", .number(1))
            case 9: o.append("center", .array([.number(1), .number(2)]))
            case 10:
                o.append("class", .string(["", "UILabel", "UIImageView", "caf\u{e9}"][pick(4)]))
            case 11:
                o.append(
                    ["hidden", "userInteractionEnabled", "clipsToBounds"][pick(3)],
                    .bool(pick(2) == 0))
            case 12: o.append("hitShape", .string(["ellipse", "star"][pick(2)]))
            // Event-dispatch and view-controller fields, valid or not.
            case 13: o.append("next", .string(pick(2) == 0 ? id : "nowhere"))
            case 14: o.append("touches", .string(["handle", "forward", "grab"][pick(3)]))
            case 15:
                o.append(
                    "gestures",
                    .array([
                        .object([
                            // A scroll view's built-in recognizer may be named, not taken.
                            "id": .string(
                                ["g1", id + ".g0", "", id + ".panGestureRecognizer"][pick(4)]),
                            "kind": .string(["tap", "pan", "wave"][pick(3)]),
                            "requireToFail": .array([
                                .string(
                                    ["g1", id + ".g1", "none", id + ".panGestureRecognizer"][
                                        pick(4)])
                            ]),
                        ])
                    ]))
            case 16: o.append("viewController", .string(["VC1", "VC2", ""][pick(3)]))
            case 17: o.append("presentedBy", .string(["VC0", "VC1", "VC9"][pick(3)]))
            case 18:
                let controls: [JSONObject] = [
                    ["trackingSlop": .number(-1)],
                    ["actions": .object(["touchUpInside": .string("tap")])],
                    ["enabled": .string("yes")],
                ]
                o.append("control", .object(controls[pick(3)]))
            case 19:
                let scrolls: [JSONObject] = [
                    ["contentSize": .array([.number(100), .number(2000)])],
                    ["bounces": .bool(false), "zoom": .number(2)],
                    ["minimumZoomScale": .number(2), "maximumZoomScale": .number(1)],
                ]
                o.append("scrollView", .object(scrolls[pick(3)]))
            case 20:
                o.append(
                    ["multipleTouchEnabled", "exclusiveTouch"][pick(2)],
                    pick(2) == 0 ? .bool(true) : .number(1))
            default: o.append("gestures", .array([]))
            }
            // An appended field that repeats one makes the object's keys repeat: the
            // reader and the decoder must both refuse it alike.
            v = .object(o)
        case .array(var items):
            guard !items.isEmpty else {
                items.append(.number(5))
                v = .array(items)
                return
            }
            let k = pick(items.count)
            switch pick(4) {
            case 0: items.append(items[k])
            case 1: items.remove(at: k)
            case 2: items.insert(wrongValues[pick(wrongValues.count)], at: k)
            default: mutate(&items[k], &rng, ids: ids)
            }
            v = .array(items)
        default:
            v = wrongValues[pick(wrongValues.count)]
        }
    }

    @Test("mutated documents give the same scene or the same issues through both paths")
    func mutatedDocuments() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var rng = SplitMix64(seed: seed)
        var took = 0
        for i in 0..<400 {
            let shape = [SceneShape.ui, .wide, .mixed, .transformed, .deep, .scroll][
                Int(rng.next() % 6)]
            var scene = shape.scene(views: 30, seed: rng.next() % 8)
            // Half of them with event settings and view controllers to mutate.
            if rng.next() % 2 == 0 { scene = Self.withEvents(scene, &rng) }
            var ids: [String] = []
            scene.forEachView { v, _ in ids.append(v.id) }
            var value = scene.jsonValue()
            for _ in 0..<(1 + Int(rng.next() % 3)) { Self.mutate(&value, &rng, ids: ids) }
            let bytes = Array(JSONWriter.write(value, pretty: rng.next() % 2 == 0).utf8)
            if Self.compare(bytes, "seed \(seed), document \(i)") { took += 1 }
        }
        print("streaming parity, seed \(seed): the reader took \(took) of 400 mutated documents")
    }

    static let tokens = Array("{}[],:\"0-9.eE-+ \\tnul".utf8)

    @Test("corrupted bytes give the same scene or the same issues through both paths")
    func corruptedBytes() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var rng = SplitMix64(seed: seed)
        for i in 0..<400 {
            let shape = [SceneShape.ui, .wide, .mixed, .deep][Int(rng.next() % 4)]
            var scene = shape.scene(views: 20, seed: 1)
            if rng.next() % 2 == 0 { scene = Self.withEvents(scene, &rng) }
            var bytes = Array(scene.json(pretty: rng.next() % 2 == 0).utf8)
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                guard !bytes.isEmpty else { break }
                let at = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 5 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
                case 1: bytes.remove(at: at)
                case 2:
                    bytes.insert(Self.tokens[Int(rng.next() % UInt64(Self.tokens.count))], at: at)
                case 3: bytes[at] = Self.tokens[Int(rng.next() % UInt64(Self.tokens.count))]
                default: bytes = Array(bytes[..<at])
                }
            }
            Self.compare(bytes, "seed \(seed), document \(i)")
        }
    }

    @Test("limits: the reader leaves documents over a limit to the decoder, which names it")
    func limits() {
        let bytes = Array(SceneShape.ui.scene(views: 200, seed: 1).json().utf8)
        var small = Scene.Limits()
        for change in 0..<4 {
            small = Scene.Limits()
            switch change {
            case 0: small.maxViews = 50
            case 1: small.maxDepth = 3
            case 2: small.maxIDLength = 2
            default: small.maxJSONBytes = 100
            }
            #expect(SceneStreamReader.read(bytes, limits: small) == nil, "limit \(change)")
            #expect(throws: SceneError.self) { try Scene.load(json: bytes, limits: small) }
        }
        #expect(SceneStreamReader.read(bytes) != nil)
    }
}
