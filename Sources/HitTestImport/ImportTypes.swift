import HitTestGeometry
import HitTestScene

/// How `RecursiveDescriptionImporter` builds a scene.
public struct ImportOptions: Hashable, Sendable {
    /// The limits the imported scene must satisfy: the ones `Scene.load` applies by
    /// default. A dump beyond them is an error that names the line.
    public var limits: Scene.Limits
    /// The scene's screen size. Nil (the default) takes the largest right and bottom edge
    /// over the windows (`rule-import-mapping`).
    public var screen: Size?
    /// Warnings kept at most; further ones are only counted
    /// (`ImportResult.omittedWarnings`).
    public var maxWarnings: Int
    /// Refuse a dump with text the importer cannot place (`rule-import-unplaced`): a last
    /// record cut off (its description never ends), a line after the first record that is
    /// not part of one, a skipped record that takes views along, a second description after
    /// a record's `>`. Without it, such text is left out with a warning.
    public var strict: Bool

    public init(
        limits: Scene.Limits = .default, screen: Size? = nil, maxWarnings: Int = 1_000,
        strict: Bool = false
    ) {
        self.limits = limits
        self.screen = screen
        self.maxWarnings = maxWarnings
        self.strict = strict
    }

    public static let `default` = ImportOptions()
}

/// Why a dump could not be imported: the 1-based line and what is wrong there.
///
/// Nothing is half-imported: an import either returns a whole scene that passes
/// `Scene.validate` or throws this.
public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line number in the dump text.
    public var line: Int
    public var message: String
    /// True when a description runs to the end of the dump without its closing `>`: a
    /// cut-off last record, which a non-strict import drops with a warning.
    var isCutOff = false

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `line 12: frame must look like (x y; w h), got ...`
    public var description: String { "line \(line): \(message)" }
}

/// Something the importer had to assume or repair (`rule-import-transformed`, `rule-import-mapping`,
/// `rule-import-gestures`), or text it could not place (`rule-import-unplaced`). The scene
/// is still imported.
public struct ImportWarning: Hashable, Sendable, CustomStringConvertible {
    /// 1-based line number of the view, or of the text, the warning is about.
    public var line: Int
    public var message: String
    /// The scene id of the view the warning is about; nil for text that did not become a
    /// view (a skipped or cut-off record, a line that is not part of one). Lines cannot
    /// stand in for it: every view of a dump printed as a string literal is on one line.
    public var viewID: String?
    /// For a view whose record lists gesture recognizers: what it lists and what the scene
    /// made of them. Nil for every other warning.
    public var recognizers: ListedRecognizers?
    /// The importer's index of the view the warning is about, until ids are made.
    var node: Int?

    public init(
        line: Int, message: String, viewID: String? = nil, recognizers: ListedRecognizers? = nil
    ) {
        self.line = line
        self.message = message
        self.viewID = viewID
        self.recognizers = recognizers
    }

    public var description: String { "line \(line): \(message)" }
}

/// What a view's `gestureRecognizers` value says, and what the scene has for it
/// (`rule-import-gestures`).
public struct ListedRecognizers: Hashable, Sendable {
    /// How many recognizers the value lists; nil when it does not say (UIKit prints
    /// `<NSArray: 0x...>`, an address only).
    public var count: Int?
    /// The id of the `UISwitch` (the view itself or the switch it is part of) that the
    /// scene gives its built-in tap for them; nil when the scene has nothing for them.
    public var switchID: String?

    public init(count: Int?, switchID: String? = nil) {
        self.count = count
        self.switchID = switchID
    }
}

/// One view of the dump that became a view of the scene.
public struct ImportedView: Hashable, Sendable {
    /// The scene id: `Class-0xaddr`, with `~2`, `~3` for a repeated pair.
    public var id: String
    public var className: String
    /// 1-based line number of the view's record.
    public var line: Int
    /// Nesting in the dump: 0 for a root, 1 for its subviews, and so on.
    public var depth: Int
}

/// A scene imported from a dump, with what the import assumed and where each view came
/// from.
public struct ImportResult: Hashable, Sendable {
    public var scene: Scene
    /// In dump order.
    public var warnings: [ImportWarning]
    /// Warnings beyond `ImportOptions.maxWarnings`, counted but not kept.
    public var omittedWarnings: Int
    /// The imported views in dump order (pre-order). Wrapper windows are not views of
    /// the dump and are not listed; layers and other skipped records neither.
    public var views: [ImportedView]
    /// The ids of the windows made for roots that are not windows
    /// (`wrapper-window-1`, ...), in order.
    public var wrapperWindowIDs: [String]

    /// The number of imported views (wrapper windows excluded).
    public var viewCount: Int { views.count }

    /// The largest nesting of an imported view: 0 when every view is a root.
    public var depth: Int { views.map(\.depth).max() ?? 0 }

    /// The 1-based line a scene view came from; a wrapper window gives its root's line.
    public func line(ofViewID id: String) -> Int? {
        if let v = views.first(where: { $0.id == id }) { return v.line }
        guard wrapperWindowIDs.contains(id),
            let rootID = scene.windows.first(where: { $0.id == id })?.subviews.first?.id
        else { return nil }
        return views.first { $0.id == rootID }?.line
    }
}
