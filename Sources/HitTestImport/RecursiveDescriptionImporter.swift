import HitTestGeometry
import HitTestScene

/// Turns the text that `-[UIView recursiveDescription]` prints (through lldb `po`,
/// Cycript, Frida, Chisel `pviews`, NSLog or a source comment) into a `hittest-scene/1`
/// scene, by the import rules (`rule-import-records` to `rule-import-mapping`):
///
/// - Each depth-0 view becomes a window at level 0, in dump order. A root that is not a
///   window (class or `baseClass` `UIWindow`, or a `UIWindowLayer`) is wrapped in a
///   `wrapper-window-N` with the root's printed frame.
/// - Ids are `Class-0xaddr` as printed, with `~2`, `~3` for a repeated pair.
/// - `frame` is copied when there is no `transform` and no `bounds`; otherwise the view
///   gets `center`, `size` and `transform` solved from the printed bounding box
///   (`rule-import-transformed`). `contentOffset` (or a printed `bounds` origin) becomes the bounds
///   origin. `hidden`, `alpha` (clamped to `[0, 1]`; `nan` becomes 1, since a NaN alpha
///   takes touches) and `clipsToBounds` are copied, and
///   `userInteractionEnabled` is false exactly when `NO` is printed, whatever the class.
/// - Layers (`(layer)` tails), records without a `frame` and indented lines without a
///   description are skipped with everything nested under them. Text before a
///   description and after it, and lines before the first record, are ignored; any other
///   text that is not part of a record is reported (`rule-import-unplaced`).
/// - A dump printed as a string literal (lldb's `po` of a `String`, `Optional(...)`) is read
///   unescaped (`rule-import-escaped`).
///
/// The dump cannot show overrides of `hitTest:withEvent:` / `pointInside:withEvent:`; the
/// scene assumes UIKit's default behaviour, so its answer can differ from a device's where
/// an app overrides them. It shows that a view has gesture recognizers but not which: the
/// scene has none, with a warning for each such view (`rule-import-gestures`), except a
/// `UISwitch`'s, whose documented tap is recreated as its built-in tap
/// (`rule-control-switch-tap`).
///
/// The importer never recurses per line or per level of nesting, and on any input it
/// either returns a scene that passes `Scene.validate(limits:)` or throws an
/// `ImportError` naming a line.
public enum RecursiveDescriptionImporter {
    /// The scene of a dump. See `importDump(from:options:)` for its warnings and lines.
    public static func importScene(
        from text: String, options: ImportOptions = .default
    ) throws(ImportError) -> Scene {
        try importDump(from: text, options: options).scene
    }

    /// The scene of a dump, with the warnings about what had to be assumed and the line
    /// each view came from.
    public static func importDump(
        from text: String, options: ImportOptions = .default
    ) throws(ImportError) -> ImportResult {
        try importDump(DumpText(text), options: options)
    }

    /// As `importDump(from:options:)`, from UTF-8 bytes (invalid sequences inside text
    /// values are harmless).
    public static func importDump(
        utf8 bytes: [UInt8], options: ImportOptions = .default
    ) throws(ImportError) -> ImportResult {
        try importDump(DumpText(bytes: bytes), options: options)
    }

    /// A dump printed as a string literal is read unescaped (`rule-import-escaped`); lines
    /// in the result and in errors are the lines of `text`.
    private static func importDump(
        _ text: DumpText, options: ImportOptions
    ) throws(ImportError) -> ImportResult {
        guard let escaped = EscapedDump.reading(text) else {
            var run = ImportRun(text: text, options: options)
            return try run.run()
        }
        var run = ImportRun(text: DumpText(bytes: escaped.bytes), options: options)
        do {
            return escaped.mapped(try run.run())
        } catch {
            throw escaped.mapped(error)
        }
    }
}

/// One record of the dump: a line with a description, or an indented line without one.
struct DumpRecord {
    /// 0-based index of the record's first line.
    var line: Int
    var indentation: DumpText.Indentation
    var description: ScannedDescription?
    /// The tail says ` (layer)`: a CALayer without a view.
    var isLayer: Bool
}

/// What a view record says, with non-finite and negative values already repaired.
struct ViewRecord {
    /// 1-based.
    var line: Int
    var className: String
    var address: String
    /// The printed frame: a layout rect, or the bounding box of a transformed view.
    var frame: Rect
    var bounds: Rect?
    /// Nil for the identity.
    var transform: AffineTransform?
    var contentOffset: Point?
    var hidden = false
    var alpha: Double = 1
    var userInteractionEnabled = true
    var clipsToBounds = false
    var baseClass: String?
    var layerClass: String?
    /// What its `gestureRecognizers` value says (`ImportRun.recognizerListing`); nil when
    /// it lists none.
    var listedRecognizers: String?
    /// How many recognizers that value lists; nil when it does not say.
    var recognizerCount: Int?

    /// Section 5: the class or `baseClass` is `UIWindow`, or the layer is a `UIWindowLayer`.
    var isWindow: Bool {
        className == "UIWindow" || baseClass == "UIWindow" || layerClass == "UIWindowLayer"
    }
}

/// A view of the tree being built: its record and its subviews by index.
struct TreeNode {
    var record: ViewRecord
    /// Nesting in the dump, the root being 0.
    var depth: Int
    /// Depth in the scene: a window is 1, so a wrapped root is 2.
    var sceneDepth: Int
    var children: [Int] = []
}

struct ImportRun {
    let text: DumpText
    let options: ImportOptions
    var warnings: [ImportWarning] = []
    var omittedWarnings = 0
    /// Text that could not be placed (`rule-import-unplaced`), reported once the tree is built.
    var unplacedText: [ImportWarning] = []
    var nodes: [TreeNode] = []
    var roots: [Int] = []
    /// Roots that are not windows, each of which gets a wrapper window.
    var wrapperCount = 0

    init(text: DumpText, options: ImportOptions) {
        self.text = text
        self.options = options
    }

    /// Keeps a warning, about the view of `node` when one is given (`ImportWarning.viewID`
    /// once ids are made).
    mutating func warn(
        _ line: Int, _ message: String, node: Int? = nil, recognizers: ListedRecognizers? = nil
    ) {
        if warnings.count < options.maxWarnings {
            var w = ImportWarning(line: line, message: message, recognizers: recognizers)
            w.node = node
            warnings.append(w)
        } else {
            omittedWarnings += 1
        }
    }

    mutating func run() throws(ImportError) -> ImportResult {
        let records = try scanRecords()
        try buildTree(records)
        guard !roots.isEmpty else {
            let line = records.first.map { $0.line + 1 } ?? 1
            throw ImportError(
                line: line,
                message: "no view found: a dump needs at least one line such as "
                    + "`<UIView: 0x7f8e4c0; frame = (0 0; 390 844); layer = <CALayer: 0x6000>>` "
                    + "(records without a `frame`, layers and lines without a description are skipped)"
            )
        }
        try reportUnplaced()
        return try makeResult()
    }

    // MARK: Records

    /// Every record, in order. A line with a description is a record (running onto
    /// further lines while a quoted text is open); an indented line without one is a
    /// record that is not a view; any other line before the first record is the tool's
    /// and is ignored.
    ///
    /// Nothing after the first record is dropped silently (`rule-import-unplaced`): a
    /// hard-wrapped line is joined to the description it continues, with a warning; a
    /// last description cut off before its `>` is dropped with a warning naming its line;
    /// a non-blank line that is no record, after the first one, and text after a `>` that
    /// holds another description are reported naming their text. With `options.strict`
    /// each of those but the join is an error.
    mutating func scanRecords() throws(ImportError) -> [DumpRecord] {
        var records: [DumpRecord] = []
        var index = 0
        /// Lines ignored since the last record.
        var ignored: [Int] = []
        while index < text.lines.count {
            let ind = text.indentation(ofLine: index)
            let line = text.lines[index]
            if let header = text.firstHeader(in: ind.contentStart..<line.upperBound) {
                let d: ScannedDescription
                do {
                    d = try text.scanDescription(header, startLine: index)
                } catch
                    where error.isCutOff && !options.strict
                    && records.contains(where: { $0.description != nil })
                {
                    // (With no complete record before it, the error stands: nothing to import.)
                    let views = records.filter { $0.description != nil }.count
                    warn(
                        index + 1,
                        "the last record (\(text.string(header.className)) "
                            + "\(text.string(header.address))) is cut off: its description never "
                            + "ends (`>` missing); imported the \(views) records before it without "
                            + "it (--strict refuses such a dump)")
                    reportIgnored(&ignored, betweenRecords: true)
                    break
                }
                reportIgnored(&ignored, betweenRecords: !records.isEmpty)
                for joined in d.joinedLines {
                    warn(
                        joined + 1,
                        "joined to line \(joined): the description there went on here "
                            + "(a hard-wrapped line)")
                }
                checkTail(d)
                records.append(
                    DumpRecord(
                        line: index, indentation: ind, description: d, isLayer: isLayerTail(d.tail))
                )
                index = d.lastLine + 1
            } else {
                if ind.bars > 0 {
                    reportIgnored(&ignored, betweenRecords: !records.isEmpty)
                    records.append(
                        DumpRecord(line: index, indentation: ind, description: nil, isLayer: false))
                } else if !records.isEmpty && !text.isBlank(line: index) {
                    ignored.append(index)
                }
                index += 1
            }
        }
        for l in ignored where !isToolLine(l) {
            unplaced(
                l + 1,
                "ignored: `\(excerpt(ofLine: l))` after the last view is not part of the dump "
                    + "(no `<Class: 0x...>` description and no `|` before it)")
        }
        return records
    }

    /// Reports the lines ignored since the last record (none before the first record: that
    /// text is the tool's) and forgets them.
    private mutating func reportIgnored(_ ignored: inout [Int], betweenRecords: Bool) {
        defer { ignored = [] }
        guard betweenRecords else { return }
        for l in ignored {
            unplaced(
                l + 1,
                "ignored: `\(excerpt(ofLine: l))` is not a view line (the rest of a hard-wrapped "
                    + "line? join it to the line before)")
        }
    }

    /// Text after a description's `>` that holds another description: a view that would be
    /// lost, unless the record opened with `<<` (UIKit's wrapper around a text container
    /// view, whose tail is the rest of the outer description).
    private mutating func checkTail(_ d: ScannedDescription) {
        let start = d.header.start
        if start > 0 && text.bytes[start - 1] == Byte.lessThan { return }
        guard let h = text.firstHeader(in: d.tail) else { return }
        unplaced(
            d.lastLine + 1,
            "ignored: the text after the description of \(text.string(d.header.className)) "
                + "\(text.string(d.header.address)) holds another description "
                + "(\(text.string(h.className)) \(text.string(h.address))), which is not imported: "
                + "each view must be on a line of its own")
    }

    /// Text the importer cannot place: a warning, or with `options.strict` an error
    /// (`reportUnplaced`).
    mutating func unplaced(_ line: Int, _ message: String) {
        unplacedText.append(ImportWarning(line: line, message: message))
    }

    /// The text that could not be placed, as warnings; with `options.strict`, the first of
    /// it in line order as an error.
    mutating func reportUnplaced() throws(ImportError) {
        if options.strict, let first = unplacedText.min(by: { $0.line < $1.line }) {
            throw ImportError(line: first.line, message: first.message + " (--strict)")
        }
        for w in unplacedText { warn(w.line, w.message) }
    }

    /// The text of line `index` after its indentation, shortened to 80 bytes (at a
    /// character boundary) for a message.
    func excerpt(ofLine index: Int) -> String {
        let line = text.lines[index]
        var start = text.indentation(ofLine: index).contentStart
        if start == line.upperBound { start = text.continuationStart(ofLine: index) }
        let trimmed = DumpText.trimmed(text.bytes, start..<line.upperBound)
        guard trimmed.count > 80 else { return text.string(trimmed) }
        var end = trimmed.lowerBound + 80
        // Back to the start of a UTF-8 character.
        while end > trimmed.lowerBound && text.bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return text.string(trimmed.lowerBound..<end) + "..."
    }

    /// A line a debugger or tool prints after the dump: its prompt (`(lldb)`, `(gdb)`,
    /// `cy#`, Frida's `[...]->`) or the closing quote or backtick it put around the dump.
    private func isToolLine(_ index: Int) -> Bool {
        let line = text.lines[index]
        let trimmed = DumpText.trimmed(
            text.bytes, text.continuationStart(ofLine: index)..<line.upperBound)
        let content = Array(text.bytes[trimmed])
        for prompt in ["(lldb)", "(gdb)", "cy#"] where content.starts(with: Array(prompt.utf8)) {
            return true
        }
        if content.first == Byte.openBracket, let close = content.firstIndex(of: Byte.closeBracket),
            content[(close + 1)...].starts(with: Array("->".utf8))
        {
            return true
        }
        return content.allSatisfy {
            $0 == UInt8(ascii: "`") || $0 == Byte.doubleQuote || $0 == Byte.quote
                || $0 == Byte.closeParen
        }
    }

    /// ` (layer)` after the description, possibly after the `)` of a pimped `XX (`.
    private func isLayerTail(_ tail: Range<Int>) -> Bool {
        var i = tail.lowerBound
        while i < tail.upperBound
            && (Byte.isBlank(text.bytes[i]) || text.bytes[i] == Byte.closeParen)
        { i += 1 }
        let marker = Array("(layer)".utf8)
        return tail.upperBound - i >= marker.count
            && Array(text.bytes[i..<(i + marker.count)]) == marker
    }

    // MARK: Tree

    /// A record that is not imported, and how many records nested under it go with it.
    struct SkippedRecord {
        var record: DumpRecord
        /// Records nested under it that are not layers.
        var nested = 0
        /// The 0-based line of the last of them.
        var lastNestedLine = 0
    }

    /// Nests the records by depth with an explicit stack. The depth is the bar count; a
    /// record deeper than its predecessor by more than one goes under the nearest
    /// shallower record. When no record has a bar, depths come from the indentation
    /// width (a deeper indentation nests under the nearest shallower one).
    ///
    /// A skipped record (`rule-import-skipped-records`) takes the records nested under it
    /// along; that is reported (`rule-import-unplaced`) unless it is a layer with nothing
    /// but layers under it.
    mutating func buildTree(_ records: [DumpRecord]) throws(ImportError) {
        let hasBars = records.contains { $0.indentation.bars > 0 }
        var widths: [(width: Int, depth: Int)] = []
        /// Open records: their depth, their node (nil for a skipped record) and, for a
        /// skipped one, the outermost skipped record it is in (an index of `skipped`).
        var open: [(depth: Int, node: Int?, skip: Int?)] = []
        var skipped: [SkippedRecord] = []
        func skip(_ record: DumpRecord, depth: Int) {
            skipped.append(SkippedRecord(record: record))
            open.append((depth, nil, skipped.count - 1))
        }
        for record in records {
            let depth: Int
            if hasBars {
                depth = record.indentation.bars
            } else {
                let w = record.indentation.width
                while let top = widths.last, top.width >= w { widths.removeLast() }
                depth = widths.last.map { $0.depth + 1 } ?? 0
                widths.append((w, depth))
            }
            while let top = open.last, top.depth >= depth { open.removeLast() }
            guard let parentEntry = open.last else {
                // Outside any tree.
                guard let description = record.description else {
                    skip(record, depth: depth)
                    continue
                }
                if depth > 0 {
                    throw ImportError(
                        line: record.line + 1,
                        message:
                            "this view (\(text.string(description.header.className))) is indented "
                            + "(depth \(depth)) but no root view (a description without `|` before it) "
                            + "comes first: the dump is missing its first lines")
                }
                guard !record.isLayer, let node = try addView(record, parent: nil) else {
                    skip(record, depth: depth)
                    continue
                }
                open.append((depth, node, nil))
                continue
            }
            guard let parent = parentEntry.node else {
                // Inside a skipped record: goes with it.
                let s = parentEntry.skip!
                if !record.isLayer {
                    skipped[s].nested += 1
                    skipped[s].lastNestedLine = record.line
                }
                open.append((depth, nil, s))
                continue
            }
            guard !record.isLayer, let node = try addView(record, parent: parent) else {
                skip(record, depth: depth)
                continue
            }
            open.append((depth, node, nil))
        }
        for s in skipped {
            reportSkipped(s)
        }
    }

    /// Reports a skipped record and what went with it; a layer with only layers under it
    /// is what a dump is expected to hold, and is not reported.
    private mutating func reportSkipped(_ s: SkippedRecord) {
        let r = s.record
        if r.isLayer && s.nested == 0 { return }
        var message: String
        if let d = r.description {
            let name = "\(text.string(d.header.className)) \(text.string(d.header.address))"
            message =
                r.isLayer
                ? "skipped: \(name) is a layer, not a view"
                : "skipped: \(name) has no `frame`, so it is not a view"
        } else {
            message =
                "ignored: `\(excerpt(ofLine: r.line))` is indented like a view but has no "
                + "`<Class: 0x...>` description"
        }
        if s.nested > 0 {
            message +=
                "; the \(s.nested) record\(s.nested == 1 ? "" : "s") nested under it (to line "
                + "\(s.lastNestedLine + 1)) \(s.nested == 1 ? "is" : "are") skipped with it"
        }
        unplaced(r.line + 1, message)
    }

    /// Reads `record` as a view and adds it under `parent`: its node, or nil when the record
    /// is not a view. The warnings reading it gave are about that node.
    private mutating func addView(_ record: DumpRecord, parent: Int?) throws(ImportError) -> Int? {
        let first = warnings.count
        guard let view = try viewRecord(record) else { return nil }
        let node = try addNode(view, parent: parent)
        for i in first..<warnings.count { warnings[i].node = node }
        return node
    }

    private mutating func addNode(_ view: ViewRecord, parent: Int?) throws(ImportError) -> Int {
        let limits = options.limits
        let index = nodes.count
        let node: TreeNode
        if let parent {
            node = TreeNode(
                record: view, depth: nodes[parent].depth + 1,
                sceneDepth: nodes[parent].sceneDepth + 1)
        } else {
            node = TreeNode(record: view, depth: 0, sceneDepth: view.isWindow ? 1 : 2)
            if roots.count + 1 > limits.maxWindows {
                throw ImportError(
                    line: view.line,
                    message: "this is root number \(roots.count + 1); a scene holds at most "
                        + "\(limits.maxWindows) windows (Scene.Limits.maxWindows)")
            }
        }
        let idLength = view.className.utf8.count + 1 + view.address.utf8.count
        if idLength > limits.maxIDLength {
            throw ImportError(
                line: view.line,
                message:
                    "the id Class-0xaddr of this view would be \(idLength) bytes long, more than "
                    + "\(limits.maxIDLength) (Scene.Limits.maxIDLength)")
        }
        if node.sceneDepth > limits.maxDepth {
            throw ImportError(
                line: view.line,
                message:
                    "views nest deeper than \(limits.maxDepth) levels here, counting the window "
                    + "(Scene.Limits.maxDepth)")
        }
        let wrappers = wrapperCount + (parent == nil && !view.isWindow ? 1 : 0)
        if nodes.count + 1 + wrappers > limits.maxViews {
            throw ImportError(
                line: view.line,
                message:
                    "the scene would have more than \(limits.maxViews) views (Scene.Limits.maxViews)"
            )
        }
        nodes.append(node)
        wrapperCount = wrappers
        if let parent { nodes[parent].children.append(index) } else { roots.append(index) }
        return index
    }
}
