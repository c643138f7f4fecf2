import HitTestScene
import HitTestStore

extension SceneLoaderTarget {
    /// The streaming reader against the full decoder on the same bytes: a document the
    /// reader takes must be one the decoder loads, to an equal scene and an equal store;
    /// `Scene.load` (the reader first) must give what the decoder alone gives, scene or
    /// issues, word for word.
    static func checkStreamingReader(_ bytes: [UInt8], _ report: inout FuzzReport) {
        let decoded: Result<Scene, SceneError>
        do {
            decoded = .success(try Scene.loadDecoding(json: bytes))
        } catch {
            decoded = .failure(error)
        }
        let loaded: Result<Scene, SceneError>
        do {
            loaded = .success(try Scene.load(json: bytes))
        } catch {
            loaded = .failure(error)
        }
        report.check(
            loaded == decoded, "Scene.load and the full decoder disagree: \(loaded) vs \(decoded)")
        guard let columns = SceneStreamReader.read(bytes) else { return }
        guard case .success(let scene) = decoded else {
            report.fail("the streaming reader took a document the decoder refuses: \(decoded)")
            return
        }
        report.check(columns.scene() == scene, "the streaming reader read a different scene")
        for threshold in [0, 4] {
            let fromColumns = ViewStore(columns: columns, indexThreshold: threshold)
            let violations = fromColumns.invariantViolations()
            report.check(
                violations.isEmpty, "store from columns, invariants: \(violations.prefix(3))")
            report.check(
                fromColumns.scene() == ViewStore(scene: scene, indexThreshold: threshold).scene(),
                "the store from columns exports a different scene")
        }
    }
}
