import Foundation
import HitTestImport
import HitTestKit

extension SceneInput {
    /// A scene file, or a `-[UIView recursiveDescription]` dump (`DumpDetector`) imported
    /// exactly as `hittest import recursive-description` imports it (default options,
    /// not strict), its warnings written to standard error as that command writes them.
    /// `imported` is the import's result for a dump, nil for a scene file or the demo (nil
    /// path). Anything else is rejected as `load(_:)` rejects it.
    static func loadSceneOrDump(_ path: String?) throws -> (scene: Scene, imported: ImportResult?) {
        guard let path else { return (DemoScene.scene, nil) }
        let file = try contents(path, what: "scene file")
        let sceneError: SceneError
        do {
            return (try file.withBytes { b throws(SceneError) in try Scene.load(json: b) }, nil)
        } catch {
            sceneError = error
        }
        let bytes = file.array
        guard DumpDetector.looksLikeDump(bytes) else { throw rejection(sceneError, bytes, path) }
        let result = try importDump(bytes, path: path, options: ImportOptions())
        ImportCommand.reportWarnings(result, name: dumpName(path))
        return (result.scene, result)
    }

    /// How a dump's path reads in `FILE:LINE:` messages: `<stdin>` for "-".
    static func dumpName(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// The dump's scene, or the import's error as `FILE:LINE: message`.
    static func importDump(_ bytes: [UInt8], path: String, options: ImportOptions) throws
        -> ImportResult
    {
        do {
            return try RecursiveDescriptionImporter.importDump(utf8: bytes, options: options)
        } catch {
            throw CLIError("\(dumpName(path)):\(error.line): \(error.message)")
        }
    }
}
