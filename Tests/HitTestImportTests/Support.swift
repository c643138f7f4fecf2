import HitTestGeometry
import HitTestImport
import HitTestReference
import HitTestScene
import Testing

/// Imports a dump, recording an issue (and returning nil) when it throws.
func imported(
    _ text: String, options: ImportOptions = .default,
    sourceLocation: SourceLocation = #_sourceLocation
) -> ImportResult? {
    do {
        return try RecursiveDescriptionImporter.importDump(from: text, options: options)
    } catch {
        Issue.record("import failed: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The error an import throws, recording an issue when it does not throw.
func importError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> ImportError?
{
    do {
        let r = try RecursiveDescriptionImporter.importDump(from: text)
        Issue.record(
            "expected an error, got a scene of \(r.viewCount) views", sourceLocation: sourceLocation
        )
        return nil
    } catch {
        return error
    }
}

/// Checks that importing `text` fails on `line` with a message containing `fragment`.
func expectError(
    _ text: String, line: Int, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let e = importError(text, sourceLocation: sourceLocation) else { return }
    #expect(e.line == line, "\(e)", sourceLocation: sourceLocation)
    #expect(e.message.contains(fragment), "\(e)", sourceLocation: sourceLocation)
}

extension Scene {
    /// The view (or window) with this id, found without recursion.
    func view(_ id: String) -> SceneView? {
        var found: SceneView?
        forEachView { v, _ in
            if found == nil && v.id == id { found = v }
        }
        return found
    }

    /// The ids of every view in pre-order, windows included.
    var ids: [String] {
        var out: [String] = []
        forEachView { v, _ in out.append(v.id) }
        return out
    }
}

/// The id of the view the reference hit-test finds at a screen point, or nil.
func hitID(_ scene: Scene, _ x: Double, _ y: Double) -> String? {
    Screen(scene: scene).hitTest(Point(x: x, y: y))?.view.id
}

/// `r` with a tolerance, for values the 6-digit `%g` frames only approximate.
func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-3) -> Bool {
    abs(a - b) <= tolerance
}
