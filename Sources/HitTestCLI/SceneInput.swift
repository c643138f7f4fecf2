import Foundation
import HitTestKit

/// Reads a scene from a path, from standard input ("-"), or the built-in demo (nil).
enum SceneInput {
    static func load(_ path: String?) throws -> Scene {
        guard let path else { return DemoScene.scene }
        let file = try contents(path, what: "scene file")
        do {
            return try file.withBytes { b throws(SceneError) in try Scene.load(json: b) }
        } catch {
            throw rejection(error, file.array, path)
        }
    }

    /// Why the file at `path` is not a scene, as the commands report it.
    static func rejection(_ error: SceneError, _ bytes: [UInt8], _ path: String) -> CLIError {
        let name = displayName(path)
        if let hint = DumpDetector.hint(bytes, path: path) {
            return CLIError("\(name) is not a scene: \(hint)")
        }
        return CLIError(
            "\(name) is not a valid scene:\n"
                + error.issues.map { "  " + $0.description }.joined(separator: "\n"))
    }

    static func displayName(_ path: String) -> String {
        path == "-" ? "standard input" : path
    }

    /// The bytes of the file at `path`, or of standard input for "-" (`FileBytes.read`:
    /// `/dev/stdin`, pipes and process substitution, a `/dev/fd/N` path, are read like
    /// any file).
    static func read(_ path: String, what: String) throws -> [UInt8] {
        let read = path == "-" ? FileBytes.read(STDIN_FILENO) : FileBytes.read(path: path)
        switch read {
        case .success(let bytes): return bytes
        case .failure(let error): throw CLIError("cannot read the \(what) \(path): \(error.message)")
        }
    }

    /// The file at `path` (mapped when it is a regular file: `FileContents`), or standard
    /// input for "-", for a command that reads it once.
    static func contents(_ path: String, what: String) throws -> FileContents {
        if path == "-" { return FileContents(try read(path, what: what)) }
        switch FileContents.load(path: path) {
        case .success(let file): return file
        case .failure(let error): throw CLIError("cannot read the \(what) \(path): \(error.message)")
        }
    }
}
