import HitTestGeometry

extension ImportRun {
    /// The keys that matter for hit-testing and window detection (`rule-import-keys`). Any other
    /// key is ignored.
    static let knownKeys: Set<String> = [
        "frame", "bounds", "transform", "hidden", "alpha", "userInteractionEnabled",
        "clipsToBounds", "contentOffset", "baseClass", "layer",
    ]

    /// The view a record describes, or nil when it has no description or no `frame` (a
    /// view controller or another object: `rule-import-skipped-records`). A known key given twice or with a
    /// value of the wrong shape is an error on the field's line. Non-finite and negative
    /// values are repaired with a warning.
    mutating func viewRecord(_ record: DumpRecord) throws(ImportError) -> ViewRecord? {
        guard let d = record.description else { return nil }
        var values: [String: RawField] = [:]
        for f in d.fields {
            guard let key = f.key, ImportRun.knownKeys.contains(key) else { continue }
            if let first = values[key] {
                let firstNote = first.line == f.line ? "" : " (first on line \(first.line + 1))"
                throw ImportError(
                    line: f.line + 1,
                    message: "`\(key)` appears twice in one description\(firstNote)")
            }
            values[key] = f
        }
        guard let frameField = values["frame"] else { return nil }
        let line = record.line + 1
        guard let printed = FieldValue.rect(d.value(frameField)) else {
            throw ImportError(
                line: frameField.line + 1,
                message:
                    "frame must look like (x y; w h), got \(FieldValue.quoted(d.value(frameField)))"
            )
        }
        var view = ViewRecord(
            line: line, className: text.string(d.header.className),
            address: text.string(d.header.address),
            frame: repairedRect(printed, field: "frame", line: line))
        if let f = values["bounds"] {
            guard let b = FieldValue.rect(d.value(f)) else {
                throw ImportError(
                    line: f.line + 1,
                    message:
                        "bounds must look like {{x, y}, {w, h}}, got \(FieldValue.quoted(d.value(f)))"
                )
            }
            view.bounds = repairedRect(b, field: "bounds", line: line)
        }
        if let f = values["transform"] {
            guard let t = FieldValue.transform(d.value(f)) else {
                throw ImportError(
                    line: f.line + 1,
                    message:
                        "transform must look like [a, b, c, d, tx, ty], got \(FieldValue.quoted(d.value(f)))"
                )
            }
            if !t.isFinite {
                warn(
                    line,
                    "transform \(FieldValue.quoted(d.value(f))) has a non-finite value; imported as the zero "
                        + "matrix, which takes no touch (rule-import-mapping)")
                view.transform = AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
            } else if t != .identity {
                view.transform = t
            }
        }
        if let f = values["contentOffset"] {
            guard let p = FieldValue.point(d.value(f)) else {
                throw ImportError(
                    line: f.line + 1,
                    message:
                        "contentOffset must look like {x, y}, got \(FieldValue.quoted(d.value(f)))")
            }
            view.contentOffset = repairedPoint(p, field: "contentOffset", line: line)
        }
        if let f = values["alpha"] {
            guard let a = FieldValue.scalar(d.value(f)) else {
                throw ImportError(
                    line: f.line + 1,
                    message: "alpha must be a number, got \(FieldValue.quoted(d.value(f)))")
            }
            view.alpha = repairedAlpha(a, line: line)
        }
        view.hidden = try flag(values["hidden"], "hidden", d) ?? false
        view.userInteractionEnabled =
            try flag(values["userInteractionEnabled"], "userInteractionEnabled", d) ?? true
        view.clipsToBounds = try flag(values["clipsToBounds"], "clipsToBounds", d) ?? false
        if let f = values["baseClass"] {
            view.baseClass = String(decoding: d.value(f), as: UTF8.self)
        }
        if let f = values["layer"] {
            let v = Array(d.value(f))
            if let first = v.first, first == Byte.lessThan,
                let h = DumpText(bytes: v).header(at: 0, end: v.count)
            {
                view.layerClass = String(decoding: v[h.className], as: UTF8.self)
            }
        }
        if let f = d.fields.first(where: { $0.key == "gestureRecognizers" }) {
            view.listedRecognizers = Self.recognizerListing(d.value(f))
            view.recognizerCount = FieldValue.recognizerCount(d.value(f))
        }
        return view
    }

    /// How a `gestureRecognizers` value reads in a warning ("1 gesture recognizer",
    /// "3 gesture recognizers", or "gesture recognizers (... does not say how many)"); nil
    /// when it lists none.
    static func recognizerListing(_ value: ArraySlice<UInt8>) -> String? {
        switch FieldValue.recognizerCount(value) {
        case 0?: nil
        case 1?: "1 gesture recognizer"
        case let n?: "\(n) gesture recognizers"
        case nil: "gesture recognizers (\(FieldValue.quoted(value)) does not say how many)"
        }
    }

    private func flag(_ field: RawField?, _ key: String, _ d: ScannedDescription)
        throws(ImportError) -> Bool?
    {
        guard let field else { return nil }
        guard let b = FieldValue.bool(d.value(field)) else {
            throw ImportError(
                line: field.line + 1,
                message: "\(key) must be YES or NO, got \(FieldValue.quoted(d.value(field)))")
        }
        return b
    }

    /// Non-finite values become 0 and negative sizes 0, each with a warning
    /// (`rule-import-mapping`: both keep the view untouchable).
    private mutating func repairedRect(_ r: Rect, field: String, line: Int) -> Rect {
        var values = [r.minX, r.minY, r.width, r.height]
        let names =
            field == "frame"
            ? ["x", "y", "width", "height"] : ["origin x", "origin y", "width", "height"]
        var nonFinite: [String] = []
        var negative: [String] = []
        for i in values.indices {
            if !values[i].isFinite {
                nonFinite.append(names[i])
                values[i] = 0
            } else if i >= 2 && values[i] < 0 {
                negative.append(names[i])
                values[i] = 0
            }
        }
        if !nonFinite.isEmpty {
            warn(
                line,
                "\(field) has a non-finite \(nonFinite.joined(separator: " and ")); replaced by 0 (rule-import-mapping)"
            )
        }
        if !negative.isEmpty {
            warn(
                line,
                "\(field) has a negative \(negative.joined(separator: " and ")); imported as 0, which takes no touch"
            )
        }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    private mutating func repairedPoint(_ p: Point, field: String, line: Int) -> Point {
        guard !(p.x.isFinite && p.y.isFinite) else { return p }
        warn(line, "\(field) has a non-finite value; replaced by 0")
        return Point(x: p.x.isFinite ? p.x : 0, y: p.y.isFinite ? p.y : 0)
    }

    /// Clamped to `[0, 1]` (`rule-import-mapping`). NaN follows the project's one NaN-alpha
    /// rule (Internals.md, "The command line's inputs and numbers"): the reference and the
    /// store compare the stored alpha with `< 0.01`, false for NaN, so a NaN alpha takes
    /// touches; a scene cannot hold NaN, so it becomes 1, which hit-tests the same.
    private mutating func repairedAlpha(_ a: Double, line: Int) -> Double {
        if a.isNaN {
            warn(
                line,
                "alpha is nan; imported as 1: a NaN alpha is never below 0.01, so the view "
                    + "takes touches, as everywhere in HitTestKit")
            return 1
        }
        if a < 0 || a > 1 {
            let clamped = min(max(a, 0), 1)
            warn(line, "alpha \(a) is outside [0, 1]; clamped to \(clamped == 0 ? "0" : "1")")
            return clamped
        }
        return a
    }
}
