import HitTestImport
import HitTestReference
import HitTestScene

// A dump cannot show everything the device has: the recognizers it lists are only an address
// (`rule-import-gestures`), and some values had to be repaired or solved
// (`rule-import-mapping`, `rule-import-transformed`). An explanation of an imported scene says
// so for the views it talks about, since its answer holds for the scene, not necessarily
// for the device.
//
// https://developer.apple.com/documentation/uikit/uigesturerecognizer: a recognizer receives
// the touches hit-tested to its view and to the view's subviews; one that recognizes its
// gesture cancels those touches in the view (`cancelsTouchesInView`, true by default).

extension Explainer {
    /// The import's warnings about the views `x` talks about, as notes: the views the touch
    /// lands in (the hit view and its ancestors, whose recognizers see the touch on a
    /// device), the expected view, and the views the verdict names, in that order.
    func importNotes(for x: Explanation, expect: String?) -> [ImportNote] {
        guard let importWarnings else { return [] }
        var landsIn: Set<String> = []
        var order: [String] = []
        func talkAbout(_ id: String?) {
            guard let id, !order.contains(id) else { return }
            order.append(id)
        }
        if let hit = x.hit?.view, let view = viewsByID[hit] {
            for v in view.ancestorsAndSelf.reversed() {
                landsIn.insert(v.id)
                talkAbout(v.id)
            }
        }
        talkAbout(expect)
        if let v = x.verdict {
            talkAbout(v.decidedBy)
            for id in Self.named(in: v.decision) { talkAbout(id) }
        }
        var notes: [ImportNote] = []
        for id in order {
            for w in importWarnings[id] ?? [] {
                notes.append(
                    Self.note(w, view: id, landsIn: landsIn.contains(id), hit: x.hit?.view))
            }
        }
        return notes
    }

    /// The views a decision names besides the one it is about.
    static func named(in d: Decision) -> [String] {
        switch d {
        case .passedDown(let to), .redirected(let to): [to]
        case .singularTransform(let v): [v]
        case .coveredBy(let sibling, let took): [sibling, took]
        case .insideBoxOnly(let a), .ancestorDidNotPass(let a): [a]
        case .windowAbove(let w, let took): [w, took]
        case .hit, .hidden, .alphaTooLow, .interactionDisabled, .outside, .passthrough,
            .customCode:
            []
        }
    }

    /// One warning about view `id` as a note; `landsIn` when this touch lands in the view.
    static func note(_ w: ImportWarning, view id: String, landsIn: Bool, hit: String?)
        -> ImportNote
    {
        guard let listed = w.recognizers else {
            return ImportNote(
                view: id, line: w.line, kind: .assumption, recognizerCount: nil,
                touchLandsInView: landsIn,
                message: "line \(w.line) of the dump made the import assume or repair something "
                    + "about `\(id)`: \(w.message). This answer is the imported scene's, which may "
                    + "differ from the device's there.")
        }
        let lists =
            listed.count.map {
                "line \(w.line) of the dump lists \($0) gesture recognizer\($0 == 1 ? "" : "s") on `\(id)`"
            }
            ?? "line \(w.line) of the dump lists gesture recognizers on `\(id)`, without saying how many"
        let notSeen =
            "this touch does not land in `\(id)`, so on the device they do not see it either: "
            + "they do not change this answer"
        guard let switchID = listed.switchID else {
            let consequence =
                landsIn
                ? "so a recognizer on the device may take this touch: UIKit delivers a touch to the "
                    + "recognizers of the view it lands on and of every view above it, and one that "
                    + "recognizes its gesture cancels the touch in `\(hit ?? id)`"
                : notSeen
            return ImportNote(
                view: id, line: w.line, kind: .recognizers, recognizerCount: listed.count,
                touchLandsInView: landsIn,
                message: "\(lists); the scene has none\(landsIn ? "," : ";") \(consequence) "
                    + "(rule-import-gestures).")
        }
        let whose = switchID == id ? "the switch's own" : "part of the switch `\(switchID)`"
        let tap = SceneControl.switchTapID(of: switchID)
        let consequence =
            landsIn
            ? "so a tap here toggles it (`valueChanged`) as on a device, but a drag of its knob "
                + "is not recognized"
            : "but \(notSeen)"
        return ImportNote(
            view: id, line: w.line, kind: .builtInTap, recognizerCount: listed.count,
            touchLandsInView: landsIn,
            message: "\(lists), \(whose); the scene gives `\(switchID)` only its "
                + "built-in tap `\(tap)`, \(consequence) (rule-import-gestures).")
    }
}
