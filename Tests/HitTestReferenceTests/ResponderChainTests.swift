import HitTestGeometry
import HitTestReference
import HitTestScene
import Testing

// `rule-responder-next`: the responder chain.

@Suite("Responder chain")
struct ResponderChainTests {
    @Test("a plain view: its superviews, the window, the application, the delegate")
    func plain() {
        let (screen, main) = makeScreen()
        let a = makeView("a", 0, 0, 10, 10)
        let b = makeView("b", 0, 0, 10, 10)
        add(b, to: a)
        add(a, to: main)
        withExtendedLifetime(screen) {
            #expect(chainNames(b) == ["b", "a", "main", "UIApplication", "AppDelegate"])
            #expect(chainNames(main) == ["main", "UIApplication", "AppDelegate"])
        }
    }

    @Test("a view controller comes right after its root view, then the root's superview")
    func viewController() {
        let (screen, main) = makeScreen()
        let root = makeView("root", 0, 0, 10, 10)
        let vc = ViewController(name: "HomeViewController")
        root.viewController = vc
        let leaf = makeView("leaf", 0, 0, 10, 10)
        add(leaf, to: root)
        add(root, to: main)
        #expect(vc.view === root)
        let chain = withExtendedLifetime(screen) { leaf.responderChain }
        #expect(
            chain.map(\.name) == [
                "leaf", "root", "HomeViewController", "main", "UIApplication", "AppDelegate",
            ])
        guard chain.count == 6 else { return }
        guard case .viewController(let c) = chain[2] else {
            Issue.record("expected a view controller, got \(chain[2].name)")
            return
        }
        #expect(c === vc)
        guard case .application(let s) = chain[4], case .applicationDelegate = chain[5] else {
            Issue.record("expected the application then its delegate")
            return
        }
        #expect(s === screen)
    }

    @Test("a presented view controller's next responder is its presenter")
    func presented() {
        let (screen, main) = makeScreen()
        let root1 = makeView("root1", 0, 0, 10, 10)
        let home = ViewController(name: "HomeViewController")
        root1.viewController = home
        let root2 = makeView("root2", 0, 0, 10, 10)
        let sheet = ViewController(name: "SheetViewController")
        sheet.presentingViewController = home
        root2.viewController = sheet
        let button = makeView("button", 0, 0, 10, 10)
        add(button, to: root2)
        add(root1, root2, to: main)
        // root1 itself is not in the chain: after home comes root1's superview.
        withExtendedLifetime(screen) {
            #expect(
                chainNames(button) == [
                    "button", "root2", "SheetViewController", "HomeViewController", "main",
                    "UIApplication",
                    "AppDelegate",
                ])
        }
    }

    @Test("a view controller whose root view is the window leads to the application")
    func windowRoot() {
        let (screen, main) = makeScreen()
        main.viewController = ViewController(name: "RootViewController")
        withExtendedLifetime(screen) {
            #expect(
                chainNames(main) == ["main", "RootViewController", "UIApplication", "AppDelegate"])
        }
    }

    @Test("without a delegate the chain ends at the application")
    func noDelegate() {
        let (screen, main) = makeScreen(applicationDelegate: nil)
        let a = makeView("a", 0, 0, 10, 10)
        add(a, to: main)
        withExtendedLifetime(screen) {
            #expect(chainNames(a) == ["a", "main", "UIApplication"])
        }
    }

    @Test("a custom application class name")
    func applicationClass() {
        let screen = Screen(
            applicationClassName: "MyApplication", applicationDelegateName: "MyDelegate")
        let w = makeWindow("w", 0, 0, 10, 10)
        screen.addWindow(w)
        withExtendedLifetime(screen) {
            #expect(chainNames(w) == ["w", "MyApplication", "MyDelegate"])
        }
    }

    @Test("a detached view's chain ends at its topmost superview")
    func detached() {
        let a = makeView("a", 0, 0, 10, 10)
        let b = makeView("b", 0, 0, 10, 10)
        add(b, to: a)
        #expect(chainNames(b) == ["b", "a"])
        // A window on no screen has no application after it.
        #expect(chainNames(makeWindow("w", 0, 0, 1, 1)) == ["w"])
    }

    @Test("a presentation cycle (possible only in code) is cut where a view controller repeats")
    func presentationCycle() {
        let (screen, main) = makeScreen()
        let r1 = makeView("r1", 0, 0, 1, 1)
        let r2 = makeView("r2", 0, 0, 1, 1)
        let c1 = ViewController(name: "C1")
        let c2 = ViewController(name: "C2")
        r1.viewController = c1
        r2.viewController = c2
        c1.presentingViewController = c2
        c2.presentingViewController = c1
        add(r1, r2, to: main)
        withExtendedLifetime(screen) {
            #expect(chainNames(r1) == ["r1", "C1", "C2"])
        }
        c2.presentingViewController = nil  // break the reference cycle
    }

    @Test("reassigning a view controller detaches it from the old root view")
    func reassign() {
        let a = makeView("a", 0, 0, 1, 1)
        let b = makeView("b", 0, 0, 1, 1)
        let vc = ViewController(name: "VC")
        a.viewController = vc
        #expect(vc.view === a)
        a.viewController = nil
        #expect(vc.view == nil)
        b.viewController = vc
        #expect(vc.view === b)
    }

    @Test("chains from a scene: view controllers, presentation, the delegate")
    func fromScene() throws {
        var root1 = SceneView(
            id: "root1", placement: .frame(Rect(x: 0, y: 0, width: 100, height: 100)))
        root1.viewController = "HomeViewController"
        let button = SceneView(
            id: "button", className: "UIButton",
            placement: .frame(Rect(x: 0, y: 0, width: 10, height: 10)))
        var root2 = SceneView(
            id: "root2", placement: .frame(Rect(x: 0, y: 0, width: 100, height: 100)))
        root2.viewController = "SheetViewController"
        root2.presentedBy = "HomeViewController"
        root2.subviews = [button]
        var main = SceneView.window(
            id: "main", placement: .frame(Rect(x: 0, y: 0, width: 100, height: 100)))
        main.subviews = [root1, root2]
        let screen = Screen(
            scene: Scene(
                application: SceneApplication(
                    className: "UIApplication", delegate: "SceneDelegate"), windows: [main]))
        let q = query(screen, 5, 5)
        #expect(q.hit == "button")
        let hit = try #require(screen.view(withID: "button"))
        withExtendedLifetime(screen) {
            #expect(
                chainNames(hit) == [
                    "button", "root2", "SheetViewController", "HomeViewController", "main",
                    "UIApplication",
                    "SceneDelegate",
                ])
        }
    }
}
