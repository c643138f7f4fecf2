/// A scene file loaded for a caller that builds a store from it: the flat arrays of the
/// streaming reader when it took the document, else the scene the full decoder made.
/// Either way the document was read once and is valid; a rejection throws exactly what
/// `Scene.load(json:)` throws.
package enum LoadedScene: Sendable {
    case columns(SceneColumns)
    case scene(Scene)

    /// Loads `bytes` as `Scene.load(json:limits:)` does, keeping the flat arrays.
    package static func load(
        json bytes: UnsafeBufferPointer<UInt8>, limits: Scene.Limits = .default
    )
        throws(SceneError) -> LoadedScene
    {
        if let c = SceneStreamReader.read(bytes, limits: limits) { return .columns(c) }
        return .scene(try Scene.loadDecoding(json: bytes, limits: limits))
    }

    /// `load` on an array's bytes.
    package static func load(json bytes: [UInt8], limits: Scene.Limits = .default)
        throws(SceneError) -> LoadedScene
    {
        do {
            return try bytes.withUnsafeBufferPointer { b throws(SceneError) in
                try load(json: b, limits: limits)
            }
        }
    }

    /// The scene as a value (made from the arrays when the reader took the document).
    package var scene: Scene {
        switch self {
        case .columns(let c): return c.scene()
        case .scene(let s): return s
        }
    }
}
