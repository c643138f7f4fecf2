import HitTestGeometry

/// A validated `hittest-scene/1` document: a screen, an application and its windows.
///
/// A `Scene` is a plain value. `Scene.load(json:)` is the only way in from JSON and it
/// either returns a scene that satisfies every rule of `rule-scene-format` or throws; a scene
/// built in code can be checked with `validate()`. `json()` writes it back; loading that
/// text gives an equal scene.
public struct Scene: Hashable, Sendable {
    /// The value of the `format` field.
    public static let formatName = "hittest-scene/1"

    /// The screen size in points (default 390 x 844). It does not limit hit-testing.
    public var screen: Size
    /// The application and its delegate, the last links of every responder chain.
    public var application: SceneApplication
    /// In order of addition; hit-testing visits them by `level` descending, then last
    /// added first.
    public var windows: [SceneView]

    /// A scene as given; call `validate()` before trusting it (loading validates).
    public init(
        screen: Size = Scene.defaultScreen, application: SceneApplication = .init(),
        windows: [SceneView] = []
    ) {
        self.screen = screen
        self.application = application
        self.windows = windows
    }

    /// 390 x 844 points, an iPhone's portrait screen.
    public static let defaultScreen = Size(width: 390, height: 844)
}

/// The application object at the end of every responder chain, and its delegate.
public struct SceneApplication: Hashable, Sendable {
    /// Default `UIApplication`.
    public var className: String
    /// Default `AppDelegate`; nil ends the chain at the application.
    public var delegate: String?

    /// An application of class `className` whose delegate is `delegate` (nil: none).
    public init(className: String = "UIApplication", delegate: String? = "AppDelegate") {
        self.className = className
        self.delegate = delegate
    }
}
