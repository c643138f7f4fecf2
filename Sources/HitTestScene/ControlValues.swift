import HitTestJSON

/// A control's value settings (`rule-control-value-changed`): read, written and checked
/// beside the other `"control"` fields.
extension SceneControl {
    /// The value fields as a scene file holds them (only those given).
    func appendValues(to o: inout JSONObject) {
        if let x = value { o.append("value", .number(x)) }
        if let x = minimumValue { o.append("minimumValue", .number(x)) }
        if let x = maximumValue { o.append("maximumValue", .number(x)) }
        if let x = stepValue { o.append("stepValue", .number(x)) }
    }

    /// Every value must be finite, `stepValue` positive, and the maximum not below the
    /// minimum: (field, message) pairs.
    func valueProblems() -> [(field: String, message: String)] {
        var out: [(String, String)] = []
        for (name, x) in [
            ("value", value), ("minimumValue", minimumValue), ("maximumValue", maximumValue),
            ("stepValue", stepValue),
        ] {
            guard let x else { continue }
            if !x.isFinite { out.append((name, "must be a finite number, got \(x)")) }
        }
        if let s = stepValue, s.isFinite, s <= 0 {
            out.append(("stepValue", "must be a number > 0, got \(s)"))
        }
        if let lo = minimumValue, let hi = maximumValue, lo.isFinite, hi.isFinite, hi < lo {
            out.append(("maximumValue", "must be at least minimumValue (\(lo)), got \(hi)"))
        }
        return out
    }
}

extension SceneDecoder {
    /// `value`, `minimumValue`, `maximumValue` and `stepValue` of a `"control"` object.
    func decodeControlValues(_ r: inout FieldReader, into control: inout SceneControl) {
        control.value = r.number("value")
        control.minimumValue = r.number("minimumValue")
        control.maximumValue = r.number("maximumValue")
        control.stepValue = r.number("stepValue")
    }
}

extension SceneControl {
    /// The id of a `UISwitch`'s built-in tap recognizer: `"<view id>.tapGestureRecognizer"`.
    /// A `tap` with this id in the `gestures` of a `UISwitch` is the switch's own: when it
    /// recognizes, the switch toggles (`rule-control-switch-tap`), as UIKit's switch does
    /// for a single-finger tap anywhere on it, its private subviews included ("Attaching
    /// gesture recognizers to UIKit controls",
    /// https://developer.apple.com/documentation/uikit/attaching-gesture-recognizers-to-uikit-controls).
    /// The importer gives one to each switch whose dump lists recognizers
    /// (`rule-import-gestures`).
    public static func switchTapID(of viewID: String) -> String {
        viewID + switchTapSuffix
    }

    /// The suffix of `switchTapID(of:)`, checked first since it rules out most ids.
    public static let switchTapSuffix = ".tapGestureRecognizer"
}
