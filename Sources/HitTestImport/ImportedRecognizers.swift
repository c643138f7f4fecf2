import HitTestScene

/// What the importer does with the gesture recognizers a dump lists (`rule-import-gestures`).
///
/// A dump prints `gestureRecognizers = <NSArray: 0x...>`: that a view has recognizers,
/// never which. Most are the app's, and the scene cannot have them. A `UISwitch`'s are
/// UIKit's own, and what they do is documented: a single-finger tap anywhere on the switch
/// flips it and sends `valueChanged` ("Attaching gesture recognizers to UIKit controls",
/// https://developer.apple.com/documentation/uikit/attaching-gesture-recognizers-to-uikit-controls;
/// `UISwitch`, https://developer.apple.com/documentation/uikit/uiswitch). Recent switches
/// put them on the switch and on a private visual element inside it, above subviews that
/// take the touch, so without them a replayed tap on a working switch would do nothing.
extension ImportRun {
    /// The nodes that are a `UISwitch` whose record, or the record of a view inside it,
    /// lists recognizers: each gets the switch's built-in tap
    /// (`SceneControl.switchTapID(of:)`). Warns once for every view that lists
    /// recognizers: what the scene recreated for a switch's, or that it has none.
    mutating func switchesWithBuiltInTap(ids: [String]) -> Set<Int> {
        var switches: Set<Int> = []
        /// The innermost open `UISwitch` node, by the pre-order depths: (index, depth).
        var open: [(index: Int, depth: Int)] = []
        /// Views that list recognizers, with the switch they are in (or are), if any.
        var listing: [(index: Int, owner: Int?)] = []
        for (i, node) in nodes.enumerated() {
            while let top = open.last, top.depth >= node.depth { open.removeLast() }
            if node.record.className == "UISwitch" { open.append((i, node.depth)) }
            guard node.record.listedRecognizers != nil else { continue }
            let owner = open.last?.index
            if let owner { switches.insert(owner) }
            listing.append((i, owner))
        }
        for (i, owner) in listing {
            let r = nodes[i].record
            let listed = r.listedRecognizers ?? ""
            guard let owner else {
                warn(
                    r.line,
                    "\(ids[i]) has \(listed); the scene has none (a dump does not print what they "
                        + "are): gestures replayed on this view are not recognized, so answers about "
                        + "gestures may differ from the device's",
                    node: i, recognizers: ListedRecognizers(count: r.recognizerCount))
                continue
            }
            let tap = SceneControl.switchTapID(of: ids[owner])
            let whose = owner == i ? "the switch's own" : "part of \(ids[owner])"
            warn(
                r.line,
                "\(ids[i]) has \(listed), \(whose): the scene gives the switch its built-in tap "
                    + "`\(tap)`, so a tap anywhere on it toggles it (valueChanged) as on a device; "
                    + "its other gestures (dragging the knob) are not recognized",
                node: i,
                recognizers: ListedRecognizers(count: r.recognizerCount, switchID: ids[owner]))
        }
        return switches
    }
}
