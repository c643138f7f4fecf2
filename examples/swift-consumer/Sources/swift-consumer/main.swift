// What a dependent of HitTestKit does with its products: a hit test on the reference and
// the fast store, a replay of touches, a dump imported and explained. Run from the
// repository's root: `swift run --package-path examples/swift-consumer`. Prints what it
// found and exits 1 on any surprise.
import Foundation
import HitTestExplain
import HitTestImport
import HitTestKit

nonisolated(unsafe) var failures = 0
func check(_ ok: Bool, _ what: String) {
    print((ok ? "ok: " : "FAILED: ") + what)
    if !ok { failures += 1 }
}

// A hit test: the reference tree, then the fast store built from its scene.
let screen = Screen()
let window = Window(id: "main", frame: Rect(x: 0, y: 0, width: 390, height: 844))
let buy = View(id: "buy", frame: Rect(x: 250, y: 150, width: 80, height: 44), className: "UIButton")
screen.addWindow(window)
window.addSubview(buy)
let hit = screen.hitTest(Point(x: 260, y: 160))
check(hit?.view.id == "buy" && hit?.localPoint == Point(x: 10, y: 10), "the reference hits buy at (10, 10)")
let store = ViewStore(scene: screen.scene())
let fast = store.hitTest(Point(x: 260, y: 160), scratch: QueryScratch())
check(fast.map { store.id(of: $0.view) } == "buy", "the store gives the same view")

// A replay of the repository's example: the button's action fires.
let docs = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("docs")
do {
    let scene = try Scene.load(json: String(contentsOf: docs.appendingPathComponent("buttons.json"), encoding: .utf8))
    let events = try EventsFile.load(
        json: String(contentsOf: docs.appendingPathComponent("buttons-events.json"), encoding: .utf8))
    let dispatcher = Dispatcher(scene: scene, engine: .bvh)
    try dispatcher.replay(events)
    check(dispatcher.log.text.contains("action buttonClicked"), "the replay sends the button's action")

    // A debugger dump, imported and explained.
    let dump = try String(contentsOf: docs.appendingPathComponent("navbar-dump.txt"), encoding: .utf8)
    let bar = try RecursiveDescriptionImporter.importScene(from: dump)
    let why = Explainer(scene: bar).explain(Point(x: 27, y: 40), expect: "UINavigationButton-0x1369e3b0")
    check(
        why?.lines.last?.contains("isUserInteractionEnabled = true") == true
            && why?.lines.last?.contains("rule-eligibility-interaction") == true,
        "explain names the fix and the rule")
} catch {
    check(false, "loading the examples in docs/: \(error)")
}
exit(failures == 0 ? 0 : 1)
