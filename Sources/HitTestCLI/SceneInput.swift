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
            throw rejection(error, bytes, path)
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

    /// The bytes of the file at `path`, or of standard input for "-".
    ///
    /// Read with plain `read(2)` calls until end of file, never by the size `stat` gives or
    /// by seeking: `/dev/stdin`, pipes and process substitution (`<(...)`, a `/dev/fd/N`
    /// path) report a size of 0 and cannot seek, and are read like any file.
    static func read(_ path: String, what: String) throws -> [UInt8] {
        let fd: Int32
        if path == "-" {
            fd = STDIN_FILENO
        } else {
            fd = open(path, O_RDONLY)
            guard fd >= 0 else {
                throw CLIError(
                    "cannot read the \(what) \(path): \(String(cString: strerror(errno)))")
            }
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var bytes: [UInt8] = []
        // The size `fstat` gives is a capacity hint only (0 for pipes): one allocation
        // for a whole file instead of a copy at each doubling.
        var info = stat()
        if fstat(fd, &info) == 0 && info.st_size > 0 { bytes.reserveCapacity(Int(info.st_size) + 1) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw CLIError(
                    "cannot read the \(what) \(path): \(String(cString: strerror(errno)))")
            }
            bytes.append(contentsOf: chunk[..<n])
        }
        return bytes
    }
}
