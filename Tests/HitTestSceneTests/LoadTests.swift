import Foundation
import HitTestGeometry
import HitTestScene
import Testing

/// The example scene of the hit-testing contract (`rule-scene-format`), verbatim.
let specExampleJSON = """
    {
      "format": "hittest-scene/1",
      "screen": {"width": 390, "height": 844},
      "application": {"class": "UIApplication", "delegate": "AppDelegate"},
      "windows": [
        {"id": "main", "level": 0, "frame": [0, 0, 390, 844], "subviews": [
          {"id": "ViewOne", "class": "ViewOne", "frame": [20, 100, 300, 300],
           "viewController": "HitTestViewController",
           "subviews": [
             {"id": "ViewTwo", "frame": [20, 20, 200, 200], "transform": [1, 0, 0, 1, 0, 0]}
           ]}
        ]}
      ]
    }
    """

/// The spec's example built in code.
func specExampleScene() -> Scene {
    var viewTwo = SceneView(
        id: "ViewTwo", placement: .frame(Rect(x: 20, y: 20, width: 200, height: 200)))
    viewTwo.transform = .identity
    var viewOne = SceneView(
        id: "ViewOne", className: "ViewOne",
        placement: .frame(Rect(x: 20, y: 100, width: 300, height: 300)))
    viewOne.viewController = "HitTestViewController"
    viewOne.subviews = [viewTwo]
    var main = SceneView.window(
        id: "main", placement: .frame(Rect(x: 0, y: 0, width: 390, height: 844)))
    main.subviews = [viewOne]
    return Scene(
        screen: Size(width: 390, height: 844),
        application: SceneApplication(className: "UIApplication", delegate: "AppDelegate"),
        windows: [main])
}

@Suite("Loading")
struct LoadTests {
    @Test("the spec's example loads with exact resolved values")
    func specExample() throws {
        let scene = try Scene.load(json: specExampleJSON)
        #expect(scene == specExampleScene())
        #expect(scene.screen == Size(width: 390, height: 844))
        #expect(scene.application.className == "UIApplication")
        #expect(scene.application.delegate == "AppDelegate")
        #expect(scene.viewCount == 3)
        #expect(scene.depth == 3)

        let main = try #require(scene.windows.first)
        #expect(scene.windows.count == 1)
        #expect(main.id == "main")
        #expect(main.className == "UIWindow")
        #expect(main.level == 0)
        #expect(main.isUserInteractionEnabled)
        #expect(main.geometry.center == Point(x: 195, y: 422))
        #expect(main.geometry.bounds == Rect(x: 0, y: 0, width: 390, height: 844))

        let one = try #require(main.subviews.first)
        #expect(one.id == "ViewOne")
        #expect(one.className == "ViewOne")
        #expect(one.level == nil)
        #expect(one.viewController == "HitTestViewController")
        #expect(one.presentedBy == nil)
        // center = (x + 0.5 w, y + 0.5 h)
        #expect(one.geometry.center == Point(x: 170, y: 250))
        #expect(one.geometry.bounds == Rect(x: 0, y: 0, width: 300, height: 300))

        let two = try #require(one.subviews.first)
        #expect(two.id == "ViewTwo")
        #expect(two.className == "UIView")
        #expect(two.placement == .frame(Rect(x: 20, y: 20, width: 200, height: 200)))
        #expect(two.geometry.center == Point(x: 120, y: 120))
        #expect(two.geometry.bounds.size == Size(width: 200, height: 200))
        #expect(two.transform == .identity)
        #expect(two.subviews.isEmpty)
    }

    @Test("absent fields take the defaults of rule-scene-format")
    func defaults() throws {
        let scene = try Scene.load(
            json:
                #"{"format": "hittest-scene/1", "windows": [{"id": "w", "frame": [0, 0, 10, 20]}]}"#
        )
        #expect(scene.screen == Size(width: 390, height: 844))
        #expect(
            scene.application
                == SceneApplication(className: "UIApplication", delegate: "AppDelegate"))
        let w = try #require(scene.windows.first)
        #expect(w.className == "UIWindow")
        #expect(w.level == 0)
        #expect(w.boundsOrigin == Point(x: 0, y: 0))
        #expect(w.transform == .identity)
        #expect(w.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(w.isHidden == false)
        #expect(w.alpha == 1)
        #expect(w.isUserInteractionEnabled == true)
        #expect(w.clipsToBounds == false)
        #expect(
            w.hitRules
                == HitRules(
                    hitInsets: .zero, hitShape: .rect, pointInside: .bounds, hitTestRule: .default))
        #expect(w.redirectTo == nil)
        #expect(w.viewController == nil)
        #expect(w.presentedBy == nil)
        #expect(w.events == ViewEventSettings())
        #expect(w.subviews.isEmpty)
        #expect(w.geometry.center == Point(x: 5, y: 10))
    }

    @Test("a scene with no windows loads")
    func noWindows() throws {
        let scene = try Scene.load(json: #"{"format": "hittest-scene/1", "windows": []}"#)
        #expect(scene.windows.isEmpty)
        #expect(scene.viewCount == 0)
    }

    @Test("screen, application and a null delegate")
    func screenAndApplication() throws {
        let scene = try Scene.load(
            json: """
                {"format": "hittest-scene/1", "screen": {"width": 1024.5, "height": 0},
                 "application": {"class": "MyApp", "delegate": null}, "windows": []}
                """)
        #expect(scene.screen == Size(width: 1024.5, height: 0))
        #expect(scene.application.className == "MyApp")
        #expect(scene.application.delegate == nil)
    }

    @Test(
        "userInteractionEnabled defaults to false for UILabel and UIImageView only",
        arguments: [
            ("UILabel", false), ("UIImageView", false), ("UIView", true), ("UIButton", true),
            ("uilabel", true), ("MyLabel", true),
        ])
    func userInteractionDefault(className: String, expected: Bool) throws {
        let scene = try Scene.load(
            json: sceneJSON(
                subviews: #"{"id": "a", "class": "\#(className)", "frame": [0, 0, 1, 1]}"#))
        let a = try view("a", in: scene)
        #expect(a.className == className)
        #expect(a.isUserInteractionEnabled == expected)
    }

    @Test("an explicit userInteractionEnabled overrides the class default")
    func userInteractionExplicit() throws {
        let scene = try Scene.load(
            json: sceneJSON(
                subviews: """
                    {"id": "label", "class": "UILabel", "frame": [0, 0, 1, 1], "userInteractionEnabled": true},
                    {"id": "plain", "frame": [0, 0, 1, 1], "userInteractionEnabled": false}
                    """))
        #expect(try view("label", in: scene).isUserInteractionEnabled == true)
        #expect(try view("plain", in: scene).isUserInteractionEnabled == false)
    }

    @Test("a window's class and level")
    func windowClassAndLevel() throws {
        let scene = try Scene.load(
            json: sceneJSON(
                windows: """
                    {"id": "a", "frame": [0, 0, 1, 1], "level": 2.5, "class": "UILabel"},
                    {"id": "b", "frame": [0, 0, 1, 1], "level": -1},
                    {"id": "c", "frame": [0, 0, 1, 1]}
                    """))
        #expect(scene.windows.map(\.id) == ["a", "b", "c"])
        #expect(scene.windows.map(\.level) == [2.5, -1, 0])
        #expect(scene.windows.map(\.className) == ["UILabel", "UIWindow", "UIWindow"])
        #expect(scene.windows[0].isUserInteractionEnabled == false)
    }

    @Test("center and size place a view directly")
    func centerAndSize() throws {
        let scene = try Scene.load(
            json: sceneJSON(
                subviews:
                    #"{"id": "a", "center": [50, 60.5], "size": [30, 40], "boundsOrigin": [-5, 7]}"#
            ))
        let a = try view("a", in: scene)
        #expect(a.placement == .centerSize(Point(x: 50, y: 60.5), Size(width: 30, height: 40)))
        #expect(a.geometry.center == Point(x: 50, y: 60.5))
        #expect(a.geometry.bounds == Rect(x: -5, y: 7, width: 30, height: 40))
    }

    @Test("the anchor point moves the center a frame gives, not the center given directly")
    func anchorPoint() throws {
        let scene = try Scene.load(
            json: sceneJSON(
                subviews: """
                    {"id": "topLeft", "frame": [10, 20, 100, 50], "anchorPoint": [0, 0]},
                    {"id": "bottomLeft", "frame": [10, 20, 100, 50], "anchorPoint": [0, 1]},
                    {"id": "quarter", "frame": [10, 20, 100, 50], "anchorPoint": [0.25, 0.75]},
                    {"id": "outside", "frame": [10, 20, 100, 50], "anchorPoint": [-1, 2]},
                    {"id": "direct", "center": [10, 20], "size": [100, 50], "anchorPoint": [0, 1]}
                    """))
        #expect(try view("topLeft", in: scene).geometry.center == Point(x: 10, y: 20))
        #expect(try view("bottomLeft", in: scene).geometry.center == Point(x: 10, y: 70))
        #expect(try view("quarter", in: scene).geometry.center == Point(x: 35, y: 57.5))
        #expect(try view("outside", in: scene).geometry.center == Point(x: -90, y: 120))
        let direct = try view("direct", in: scene)
        #expect(direct.geometry.center == Point(x: 10, y: 20))
        #expect(direct.geometry.anchorPoint == Point(x: 0, y: 1))
        #expect(direct.geometry.bounds.size == Size(width: 100, height: 50))
    }

    @Test("the view fields: transform, flags and alpha")
    func viewFields() throws {
        let scene = try Scene.load(
            json: sceneJSON(
                subviews: """
                    {"id": "a", "frame": [1, 2, 3, 4], "transform": [0, 1, -1, 0, 5, -6.25],
                     "hidden": true, "alpha": 0.01, "clipsToBounds": true, "userInteractionEnabled": false}
                    """))
        let a = try view("a", in: scene)
        #expect(a.transform == AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 5, ty: -6.25))
        #expect(a.isHidden)
        #expect(a.alpha == 0.01)
        #expect(a.clipsToBounds)
        #expect(a.isUserInteractionEnabled == false)
    }

    @Test("alpha accepts both ends of [0, 1]")
    func alphaBounds() throws {
        let scene = try Scene.load(
            json: sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1, 1], "alpha": 0}, {"id": "b", "frame": [0, 0, 1, 1], "alpha": 1}"#
            ))
        #expect(try view("a", in: scene).alpha == 0)
        #expect(try view("b", in: scene).alpha == 1)
    }

    @Test("zero sizes are accepted")
    func zeroSizes() throws {
        let scene = try Scene.load(
            json: sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 0, 0]}, {"id": "b", "center": [0, 0], "size": [0, -0]}"#
            ))
        #expect(try view("a", in: scene).geometry.bounds.size == Size(width: 0, height: 0))
        let b = try view("b", in: scene)
        #expect(b.geometry.bounds.size.height.sign == .minus)
    }

    @Test("every hit rule")
    func hitRules() throws {
        let scene = try Scene.load(
            json: sceneJSON(
                subviews: """
                    {"id": "a", "frame": [0, 0, 100, 100], "hitInsets": [1, 2, 3.5, -4],
                     "hitShape": "ellipse", "pointInside": "subviews", "hitTestRule": "passthrough",
                     "redirectTo": "grandchild",
                     "subviews": [
                       {"id": "child", "frame": [0, 0, 10, 10], "pointInside": "boundsOrSubviews",
                        "hitTestRule": "boxOnly", "hitShape": "rect",
                        "subviews": [{"id": "grandchild", "frame": [0, 0, 1, 1], "pointInside": "bounds",
                                      "hitTestRule": "default"}]}
                     ]}
                    """))
        let a = try view("a", in: scene)
        #expect(a.hitRules.hitInsets == EdgeInsets(top: 1, left: 2, bottom: 3.5, right: -4))
        #expect(a.hitRules.hitShape == .ellipse)
        #expect(a.hitRules.pointInside == .subviews)
        #expect(a.hitRules.hitTestRule == .passthrough)
        #expect(a.redirectTo == "grandchild")
        let child = try view("child", in: scene)
        #expect(child.hitRules.pointInside == .boundsOrSubviews)
        #expect(child.hitRules.hitTestRule == .boxOnly)
        #expect(child.hitRules.hitShape == .rect)
        #expect(child.hitRules.hitInsets == .zero)
        let grandchild = try view("grandchild", in: scene)
        #expect(grandchild.hitRules == .default)
        #expect(grandchild.hitRules.isDefault)
    }

    @Test("redirectTo may name a direct child, and a window may redirect")
    func redirectToChild() throws {
        let scene = try Scene.load(
            json: sceneJSON(
                windows: """
                    {"id": "w", "frame": [0, 0, 10, 10], "redirectTo": "deep", "subviews": [
                      {"id": "a", "frame": [0, 0, 1, 1], "redirectTo": "b", "subviews": [
                        {"id": "b", "frame": [0, 0, 1, 1], "subviews": [{"id": "deep", "frame": [0, 0, 1, 1]}]}
                      ]}
                    ]}
                    """))
        #expect(scene.windows[0].redirectTo == "deep")
        #expect(try view("a", in: scene).redirectTo == "b")
    }

    @Test("view controllers and a presentation chain")
    func viewControllers() throws {
        let scene = try Scene.load(
            json: sceneJSON(
                subviews: """
                    {"id": "a", "frame": [0, 0, 1, 1], "viewController": "Root"},
                    {"id": "b", "frame": [0, 0, 1, 1], "viewController": "Sheet", "presentedBy": "Root"},
                    {"id": "c", "frame": [0, 0, 1, 1], "viewController": "Alert", "presentedBy": "Sheet",
                     "viewControllerTouches": "handle"},
                    {"id": "d", "frame": [0, 0, 1, 1], "viewController": "Earlier", "presentedBy": "Later"},
                    {"id": "e", "frame": [0, 0, 1, 1], "viewController": "Later"}
                    """))
        #expect(try view("a", in: scene).viewController == "Root")
        #expect(try view("a", in: scene).presentedBy == nil)
        #expect(try view("b", in: scene).presentedBy == "Root")
        #expect(try view("c", in: scene).presentedBy == "Sheet")
        #expect(try view("c", in: scene).events.viewControllerTouches == .handle)
        #expect(try view("d", in: scene).presentedBy == "Later")
    }

    @Test("subviews keep their order; windows keep theirs")
    func order() throws {
        let scene = try Scene.load(
            json: sceneJSON(
                subviews: """
                    {"id": "z", "frame": [0, 0, 1, 1]}, {"id": "a", "frame": [0, 0, 1, 1]},
                    {"id": "m", "frame": [0, 0, 1, 1], "subviews": []}
                    """))
        #expect(scene.windows[0].subviews.map(\.id) == ["z", "a", "m"])
        #expect(allViews(scene).map(\.id) == ["main", "z", "a", "m"])
    }

    @Test("ids are compared exactly; escapes and non-ASCII names load")
    func unicodeIDs() throws {
        let scene = try Scene.load(
            json: sceneJSON(
                subviews:
                    #"{"id": "caf\u00e9 \"1\"\n", "frame": [0, 0, 1, 1]}, {"id": "😀", "frame": [0, 0, 1, 1]}"#
            ))
        #expect(scene.windows[0].subviews.map(\.id) == ["café \"1\"\n", "😀"])
    }

    @Test("numbers: exponents, -0 and a UTF-8 byte-order mark")
    func numbers() throws {
        let text =
            "\u{FEFF}"
            + sceneJSON(subviews: #"{"id": "a", "frame": [1e2, -0, 2.5E-1, 0.1], "alpha": 5e-1}"#)
        let scene = try Scene.load(json: text)
        let a = try view("a", in: scene)
        guard case .frame(let r) = a.placement else {
            Issue.record("expected a frame placement, got \(a.placement)")
            return
        }
        #expect(r.minX == 100)
        #expect(r.minY == 0 && r.minY.sign == .minus)
        #expect(r.width == 0.25)
        #expect(r.height == 0.1)
        #expect(a.alpha == 0.5)
    }

    @Test("a scene file is read from disk, and a missing file is an issue")
    func fromFile() throws {
        let path = NSTemporaryDirectory() + "hittest-scene-test-\(UUID().uuidString).json"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(specExampleJSON.utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Scene.load(contentsOfFile: path) == specExampleScene())

        do {
            _ = try Scene.load(contentsOfFile: path + ".missing")
            Issue.record("a missing file loaded")
        } catch {
            let issue = try #require(error.issues.first)
            expectIssue(issue, path: "$", viewID: nil, field: nil, mentions: [path + ".missing"])
        }
    }

    @Test("bytes and a parsed JSON value load like text")
    func otherInputs() throws {
        #expect(try Scene.load(json: Array(specExampleJSON.utf8)) == specExampleScene())
        #expect(try Scene.load(json: specExampleJSON.utf8) == specExampleScene())
        #expect(try Scene.load(jsonValue: specExampleScene().jsonValue()) == specExampleScene())
    }
}
