import Foundation
import HitTestKit

/// Reads a scene from a path, from standard input ("-"), or the built-in demo (nil).
enum SceneInput {
    static func load(_ path: String?) throws -> Scene {
        guard let path else { return DemoScene.scene }
        let bytes = try read(path, what: "scene file")
        do {
            return try Scene.load(json: bytes)
        } catch {
            let name = path == "-" ? "standard input" : path
            throw CLIError(
                "\(name) is not a valid scene:\n"
                    + error.issues.map { "  " + $0.description }.joined(separator: "\n"))
        }
    }

    /// The bytes of the file at `path`, or of standard input for "-".
    static func read(_ path: String, what: String) throws -> [UInt8] {
        if path == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("cannot read the \(what) \(path)")
        }
        return Array(data)
    }
}
