import Foundation
import HitTestKit

/// Reads a scene from a path, from standard input ("-"), or the built-in demo (nil).
enum SceneInput {
    static func load(_ path: String?) throws -> Scene {
        guard let path else { return DemoScene.scene }
        let bytes: [UInt8]
        if path == "-" {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CLIError("cannot read the scene file \(path)")
            }
            bytes = Array(data)
        }
        do {
            return try Scene.load(json: bytes)
        } catch {
            let name = path == "-" ? "standard input" : path
            throw CLIError(
                "\(name) is not a valid scene:\n"
                    + error.issues.map { "  " + $0.description }.joined(separator: "\n"))
        }
    }
}
