/// The rules across views of view controllers and event settings, for a document the
/// streaming reader read: names used once (view controllers, gesture ids, the scroll
/// views' built-in recognizers), gesture references, `presentedBy` chains, and the views
/// `next` and `viewControllerNext` name. A view is a scroll view by its class alone too
/// (`SceneView.scrollView`), so views of those classes take part, plain or not.
extension _SceneStreamParser {
    /// True when those rules hold, checked by the validator itself on a scene of the
    /// views that have such fields alone: the other views have none, and the reader has
    /// checked their own rules. `next` and `viewControllerNext` name views of the whole
    /// document: they are looked up here, then point at the view itself in the smaller
    /// scene. Never true where `Scene.load` would refuse the document; it may be false
    /// where `Scene.load` takes it (a view count or window count at its limit, a name
    /// spelt otherwise than the view's id), and the full decoder then loads it.
    func controllerAndEventRulesHold() -> Bool {
        var windows: [SceneView] = []
        var others: [SceneView] = []
        var kept = Set<String>()
        let scrollClass = out.classNames.map { SceneScrollView.classes.contains($0) }
        var nextRich = 0
        for i in 0..<out.count {
            var v: SceneView
            if nextRich < out.richViews.count && Int(out.richViews[nextRich]) == i {
                v = out.rich[nextRich]
                nextRich += 1
                guard
                    v.viewController != nil || v.presentedBy != nil || !v.eventsAreDefault
                        || scrollClass[Int(out.classes[i])]
                else { continue }
            } else if scrollClass[Int(out.classes[i])] {
                v = SceneView(
                    id: out.id(i), className: out.classNames[Int(out.classes[i])],
                    placement: .frame(out.frames[i]))
            } else {
                continue
            }
            for target in [v.events.next, v.events.viewControllerNext] {
                guard var target else { continue }
                guard target.withUTF8({ ids.find($0, in: out) }) >= 0 else { return false }
            }
            if v.events.next != nil { v.events.next = v.id }
            if v.events.viewControllerNext != nil { v.events.viewControllerNext = v.id }
            // Already checked: it names a descendant, which this scene does not hold.
            v.redirectTo = nil
            kept.insert(v.id)
            // Rich windows, and only they, have a level.
            if v.level != nil { windows.append(v) } else { others.append(v) }
        }
        if !others.isEmpty {
            // A window to hold the other views, with an id none of them has.
            var id = "w"
            var n = 0
            while kept.contains(id) {
                n += 1
                id = "w\(n)"
            }
            var holder = SceneView(id: id, className: "UIWindow", placement: .frame(.zero))
            holder.level = 0
            holder.subviews = others
            windows.append(holder)
        }
        var scene = Scene(screen: out.screen, application: out.application)
        scene.windows = windows
        return scene.validationIssues(limits: limits).isEmpty
    }
}
