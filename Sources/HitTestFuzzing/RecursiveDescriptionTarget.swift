import HitTestImport
import HitTestScene

/// The `recursiveDescription` importer under arbitrary bytes.
public enum RecursiveDescriptionTarget {
    /// Any bytes either import or fail with an error naming a line (never a crash). An
    /// imported scene must be valid, and write and load back to an equal scene.
    public static func check(_ bytes: [UInt8]) -> FuzzReport {
        var report = FuzzReport()
        let result: ImportResult
        do {
            result = try RecursiveDescriptionImporter.importDump(utf8: bytes)
        } catch {
            report.check(!"\(error)".isEmpty, "an import error without a message")
            return report
        }
        let scene = result.scene
        report.check((try? scene.validate()) != nil, "the importer returned an invalid scene")
        do {
            let again = try Scene.load(json: Array(scene.json().utf8))
            report.check(again == scene, "the imported scene does not round-trip")
        } catch {
            report.fail("the imported scene's JSON does not load")
        }
        return report
    }
}
