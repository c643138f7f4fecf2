import Foundation

extension Scene {
    /// Reads and loads a scene file. A file that cannot be read is reported like any
    /// other issue, with the path in the message.
    public static func load(contentsOfFile path: String, limits: Limits = .default)
        throws(SceneError) -> Scene
    {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneError(SceneIssue(path: "$", message: "cannot read the file \(path)"))
        }
        return try load(json: data, limits: limits)
    }
}
