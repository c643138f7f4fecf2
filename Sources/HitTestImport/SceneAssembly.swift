import HitTestGeometry
import HitTestScene

/// Where a view goes in its superview (`rule-import-transformed`, `rule-import-mapping`).
struct ImportedPlacement: Equatable {
    var placement: SceneView.Placement
    var transform: AffineTransform
    var boundsOrigin: Point
}

extension ImportRun {
    /// Ids, windows, placement, screen, then `Scene.validate`. Every tree walk is
    /// iterative (`foldTree` and index loops).
    mutating func makeResult() throws(ImportError) -> ImportResult {
        var used: Set<String> = []
        var repeats: [String: Int] = [:]
        func unique(_ base: String) -> String {
            guard used.contains(base) else {
                used.insert(base)
                return base
            }
            var k = repeats[base, default: 1]
            var id: String
            repeat {
                k += 1
                id = "\(base)~\(k)"
            } while used.contains(id)
            repeats[base] = k
            used.insert(id)
            return id
        }
        // Pre-order, so the first of a repeated pair keeps the plain id.
        let ids = nodes.map { unique("\($0.record.className)-\($0.record.address)") }
        var lines: [String: Int] = [:]
        for (i, node) in nodes.enumerated() { lines[ids[i]] = node.record.line }
        let switchTaps = switchesWithBuiltInTap(ids: ids)

        var windows: [SceneView] = []
        var wrapperIDs: [String] = []
        var right = 0.0
        var bottom = 0.0
        for root in roots {
            let record = nodes[root].record
            let wrapped = !record.isWindow
            var top = foldTree(
                root, children: { nodes[$0].children },
                make: { index, subviews, isRoot in
                    let r = nodes[index].record
                    let box =
                        isRoot && wrapped
                        ? Rect(x: 0, y: 0, width: r.frame.width, height: r.frame.height) : r.frame
                    var v = SceneView(
                        id: ids[index], className: r.className, placement: .frame(box))
                    let p = placement(of: r, box: box, node: index)
                    v.placement = p.placement
                    v.transform = p.transform
                    v.boundsOrigin = p.boundsOrigin
                    v.isHidden = r.hidden
                    v.alpha = r.alpha
                    v.isUserInteractionEnabled = r.userInteractionEnabled
                    v.clipsToBounds = r.clipsToBounds
                    v.subviews = subviews
                    if switchTaps.contains(index) {
                        v.events.gestures = [
                            SceneGesture(id: SceneControl.switchTapID(of: ids[index]), kind: .tap())
                        ]
                    }
                    return v
                })
            if wrapped {
                let id = unique("wrapper-window-\(wrapperIDs.count + 1)")
                wrapperIDs.append(id)
                lines[id] = record.line
                var w = SceneView.window(id: id, placement: .frame(record.frame))
                w.subviews = [top]
                windows.append(w)
            } else {
                top.level = 0
                windows.append(top)
            }
            let edges = (record.frame.maxX, record.frame.maxY)
            guard edges.0.isFinite && edges.1.isFinite else {
                throw ImportError(
                    line: record.line,
                    message: "the right or bottom edge of this root's frame overflows to infinity")
            }
            right = max(right, edges.0)
            bottom = max(bottom, edges.1)
        }
        let scene = Scene(
            screen: options.screen ?? Size(width: right, height: bottom), windows: windows)
        let issues = scene.validationIssues(limits: options.limits)
        if let issue = issues.first {
            let line =
                issue.viewID.flatMap { lines[$0] }
                ?? line(ofPath: issue.path, in: scene, lines: lines)
            throw ImportError(
                line: line, message: "the imported scene is not valid: \(issue.description)")
        }
        let views = nodes.indices.map { i in
            ImportedView(
                id: ids[i], className: nodes[i].record.className, line: nodes[i].record.line,
                depth: nodes[i].depth)
        }
        // Warnings come from two passes (reading records, then placing views): put them
        // in line order, keeping the order of warnings on one line.
        let ordered = warnings.enumerated().sorted {
            ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
        }
        let warnings = ordered.map { o in
            var w = o.element
            w.viewID = w.node.map { ids[$0] }
            w.node = nil
            return w
        }
        return ImportResult(
            scene: scene, warnings: warnings, omittedWarnings: omittedWarnings,
            views: views, wrapperWindowIDs: wrapperIDs)
    }

    /// The line of the view at a JSON path such as `$.windows[0].subviews[2]` (a path that
    /// names no view, such as `$.screen`, gives the first root's line).
    private func line(ofPath path: String, in scene: Scene, lines: [String: Int]) -> Int {
        var stack = scene.windows.indices.reversed().map { (scene.windows[$0], "$.windows[\($0)]") }
        while let (view, viewPath) = stack.popLast() {
            if viewPath == path, let line = lines[view.id] { return line }
            guard path.hasPrefix(viewPath + ".") else { continue }
            for i in view.subviews.indices {
                stack.append((view.subviews[i], viewPath + ".subviews[\(i)]"))
            }
        }
        return nodes[roots[0]].record.line
    }

    /// Section 4.2 and 5. With no transform and no printed `bounds` the printed box is the
    /// layout rect and becomes `frame`. Otherwise the view gets `center` (the box's centre
    /// less the translation, exact whatever the anchor point), `size` (the printed bounds,
    /// or solved from the box and the linear part) and `transform`.
    mutating func placement(of r: ViewRecord, box: Rect, node: Int) -> ImportedPlacement {
        let origin = r.bounds?.origin ?? r.contentOffset ?? .zero
        guard r.transform != nil || r.bounds != nil else {
            return ImportedPlacement(
                placement: .frame(box), transform: .identity, boundsOrigin: origin)
        }
        let t = r.transform ?? .identity
        let solved = { (s: Size) in
            Size(width: Self.decimal(s.width), height: Self.decimal(s.height))
        }
        let size = r.bounds?.size ?? solved(boundsSize(box: box.size, transform: t, node: node))
        let center = Point(
            x: Self.decimal(box.minX + box.width / 2 - t.tx),
            y: Self.decimal(box.minY + box.height / 2 - t.ty))
        return ImportedPlacement(
            placement: .centerSize(center, size), transform: t, boundsOrigin: origin)
    }

    /// `x` rounded to nine decimals. A dump prints its numbers with a few decimals, and
    /// the arithmetic that makes a center or solves a size leaves binary noise in the last bits (49.999900000000004
    /// for a box at 0.0001 of width 99.9998), which every output of the scene would then
    /// carry. Nine decimals are far finer than a dump prints; an integer over 1e9 is the
    /// double nearest that decimal, so the scene writes it back as typed (49.9999).
    static func decimal(_ x: Double) -> Double {
        let scaled = (x * 1e9).rounded()
        guard abs(scaled) < 0x1p53 else { return x }
        return scaled / 1e9
    }

    /// Solves `|a|·bw + |c|·bh = w`, `|b|·bw + |d|·bh = h` for the bounds size of a
    /// transformed view whose printed frame (its bounding box) is `w x h` (`rule-import-transformed`);
    /// a warning for what it assumed is about the view of `node`.
    mutating func boundsSize(box: Size, transform t: AffineTransform, node: Int) -> Size {
        let line = nodes[node].record.line
        let (w, h) = (box.width, box.height)
        if t.determinant == 0 { return .zero }
        let (a, b, c, d) = (abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        let ad = a * d
        let bc = b * c
        var bw: Double
        var bh: Double
        if abs(ad - bc) <= 1e-9 * max(ad, bc) {
            bw = w / (a + c)
            bh = bw
            warn(
                line,
                "transform \(t) turns by an odd multiple of 45 degrees (or alike): the printed frame fixes "
                    + "only width + height of the bounds; assumed a square \(bw) x \(bw)",
                node: node)
        } else {
            let det = ad - bc
            bw = (w * d - c * h) / det
            bh = (a * h - b * w) / det
        }
        if !(bw.isFinite && bw >= 0 && bh.isFinite && bh >= 0) {
            warn(
                line,
                "the bounds size solved from frame \(w) x \(h) and transform \(t) is \(bw) x \(bh); "
                    + "negative or non-finite sides were clamped to 0", node: node)
            bw = bw.isFinite && bw >= 0 ? bw : 0
            bh = bh.isFinite && bh >= 0 ? bh : 0
        }
        return Size(width: bw, height: bh)
    }
}
