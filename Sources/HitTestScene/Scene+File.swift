#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Scene files through the C library, not Foundation: the C API's library (libHitTestC)
// links no Foundation (and none of its ICU data). Files are written by
// `FileBytes.write(_:toPath:)`, whole or not at all.

extension Scene {
    /// Reads and loads a scene file. A file that cannot be read is reported like any
    /// other issue, with the path in the message.
    public static func load(contentsOfFile path: String, limits: Limits = .default)
        throws(SceneError) -> Scene
    {
        guard let contents = try? FileContents.load(path: path).get() else {
            throw SceneError(SceneIssue(path: "$", message: "cannot read the file \(path)"))
        }
        return try contents.withBytes { b throws(SceneError) in try load(json: b, limits: limits) }
    }

    /// The bytes of a file; nil when it cannot be opened or read (a folder included).
    package static func readFile(_ path: String) -> [UInt8]? {
        try? FileBytes.read(path: path).get()
    }
}
