import Foundation
import HitTestGeometry
import HitTestScene
import HitTestStore

/// A picture's file format.
public enum RenderFormat: String, Sendable, CaseIterable {
    case svg
    case png
    /// One self-contained interactive page: the SVG map, hover, click, the view tree.
    case html

    /// The format a file name's extension names (`.svg`, `.png`, any case), or nil.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else {
            return nil
        }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }
}

/// A size in output pixels.
public struct PixelSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `WxH`, for example `780x1688` (`X` accepted too); nil when it is not two whole
    /// numbers.
    public init?(argument: String) {
        let parts = argument.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "X" }
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        self.init(width: w, height: h)
    }
}

/// What to draw besides the map, and how.
public struct RenderOptions: Sendable {
    /// Every view's outline (dashed where the view is hit nowhere).
    public var outlines = true
    /// A dark line where the hit changes (on the pixels right of and below the change),
    /// so that areas of similar colours stay apart, and round or inset hit shapes show.
    public var boundaries = true
    /// View ids on the map, and each point's hit next to it.
    public var labels = true
    /// The legend panel to the right of the map: id -> colour, and each view's share.
    public var legend = true
    /// Threads for the batch queries; answers do not depend on it.
    public var threads = ProcessInfo.processInfo.activeProcessorCount
    /// Font pixels are this many output pixels; nil: 1 per 390 pixels of the map's
    /// shorter side, rounded, 1 to 4.
    public var fontScale: Int?
    /// SVG maps sample cells of 1 output pixel, grown (to k x k pixels) until there are at
    /// most this many cells, which bounds the file on huge sizes.
    public var maxSVGCells = 1_000_000
    /// Called now and then while a picture is made (from the calling thread), so that a
    /// long render can say how far it is.
    public var progress: (@Sendable (RenderProgress) -> Void)?

    public init() {}
}

/// How far a render is: a phase and the fraction of it done, in `[0, 1]`.
public struct RenderProgress: Sendable, Equatable {
    public enum Phase: String, Sendable {
        /// Hit-testing the map's cells.
        case sampling = "hit-testing the map"
        /// Laying out outlines, labels and the legend.
        case layout = "placing labels"
        /// Drawing and encoding the file.
        case writing = "writing the file"
    }

    public var phase: Phase
    public var fraction: Double

    public init(phase: Phase, fraction: Double) {
        self.phase = phase
        self.fraction = fraction
    }
}

/// Why a picture could not be made.
public struct RenderError: Error, CustomStringConvertible, Equatable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Pictures of where a touch reaches ("hit maps").
///
/// The map covers the scene's whole screen, stretched onto `size` pixels (default: 1
/// pixel per point, rounded). Every area is coloured by the view a touch there reaches
/// (`Palette.color(for:)`, stable per id, unless a neighbour has it: `MapColors`), areas that reach nothing are hatched grey;
/// every view's outline is drawn (a parallelogram in screen space, so transformed views
/// are shown as they are), with labels of the ids; each of `points` gets a ring and a
/// label with its hit. A legend panel to the right of the map lists the views that own
/// at least one cell of the map, with their colour and share, so the picture is wider
/// than `size` by the legend's width (and taller if the legend needs it); the map itself
/// is always at `(0, 0, size.width, size.height)`.
///
/// The PNG has one sample per pixel; the SVG one per cell (see
/// `RenderOptions.maxSVGCells`), merged into rectangles of equal hit.
public enum HitMapRenderer {
    /// The largest width or height, in pixels.
    public static let maxSide = 16_384
    /// Without a size, a screen whose longer side is more than this many points is scaled
    /// down to this many pixels on that side (the size guard: a 4,496 x 6,488-point
    /// screen at 1 pixel per point was a 29-megapixel picture few viewers open).
    public static let defaultMaxSide = 2_048
    /// The largest map, in pixels.
    public static let maxPixels = 50_000_000

    /// The picture of `scene` as the bytes of a file of `format`.
    public static func render(
        scene: Scene, size: PixelSize? = nil, points: [Point] = [], format: RenderFormat,
        options: RenderOptions = RenderOptions(), details: HTMLPageDetails = HTMLPageDetails()
    ) throws(RenderError) -> [UInt8] {
        var options = options
        // The page lists the views in its tree; its picture is the map alone.
        if format == .html { options.legend = false }
        let layout = try layout(
            scene: scene, size: size, points: points, format: format, options: options)
        options.progress?(RenderProgress(phase: .writing, fraction: 0))
        let bytes: [UInt8]
        switch format {
        case .html: bytes = HTMLWriter.write(layout, scene: scene, details: details)
        case .svg: bytes = SVGWriter.write(layout)
        case .png:
            bytes = PNGWriter.write(
                layout,
                progress: options.progress.map { report in
                    { report(RenderProgress(phase: .writing, fraction: $0)) }
                })
        }
        options.progress?(RenderProgress(phase: .writing, fraction: 1))
        return bytes
    }

    /// The scale (pixels per point) the default size uses for `scene`: 1, or less when the
    /// screen's longer side exceeds ``defaultMaxSide`` points (nil for an empty or
    /// non-finite screen).
    public static func defaultScale(scene: Scene) -> Double? {
        let screen = scene.screen
        guard screen.width > 0, screen.height > 0, screen.width.isFinite, screen.height.isFinite
        else { return nil }
        return min(1, Double(defaultMaxSide) / max(screen.width, screen.height))
    }

    /// The map size for `scene`: `size` checked, or the screen at 1 pixel per point,
    /// scaled down to at most ``defaultMaxSide`` pixels a side (``defaultScale(scene:)``).
    public static func mapSize(scene: Scene, size: PixelSize?) throws(RenderError) -> PixelSize {
        let screen = scene.screen
        guard screen.width > 0, screen.height > 0, screen.width.isFinite, screen.height.isFinite
        else {
            throw RenderError(
                "the scene's screen is \(screen.width) x \(screen.height) points: nothing to draw")
        }
        let result: PixelSize
        if let size {
            result = size
        } else {
            let scale = defaultScale(scene: scene) ?? 1
            result = PixelSize(
                width: max(1, min(defaultMaxSide, Int((screen.width * scale).rounded()))),
                height: max(1, min(defaultMaxSide, Int((screen.height * scale).rounded()))))
        }
        guard result.width >= 1, result.height >= 1 else {
            throw RenderError(
                "the size must be at least 1x1 pixels, got \(result.width)x\(result.height)")
        }
        guard result.width <= maxSide, result.height <= maxSide,
            result.width * result.height <= maxPixels
        else {
            throw RenderError(
                "the size \(result.width)x\(result.height) is too large: at most \(maxSide) pixels a "
                    + "side and \(maxPixels) pixels in all")
        }
        return result
    }

    /// The fill colour of every view that owns some of the map of `scene` at `size` (as
    /// `render` would draw it with the same format), by id: usually `Palette.color(for:)`,
    /// another where a neighbour has that colour (`MapColors`).
    public static func fills(
        scene: Scene, size: PixelSize? = nil, format: RenderFormat = .png,
        options: RenderOptions = RenderOptions()
    ) throws(RenderError) -> [String: RGB] {
        let layout = try layout(
            scene: scene, size: size, points: [], format: format, options: options)
        var out: [String: RGB] = [:]
        for (n, entry) in layout.catalog.entries.enumerated() where layout.map.ownedCells[n] > 0 {
            out[entry.id] = layout.colors.fills[n]
        }
        return out
    }

    static func layout(
        scene: Scene, size: PixelSize?, points: [Point], format: RenderFormat,
        options: RenderOptions
    ) throws(RenderError) -> RenderLayout {
        let size = try mapSize(scene: scene, size: size)
        var cellSize = 1
        if format != .png {
            let budget = max(1, options.maxSVGCells)
            while ((size.width + cellSize - 1) / cellSize)
                * ((size.height + cellSize - 1) / cellSize) > budget
            {
                cellSize += 1
            }
        }
        let store = ViewStore(scene: scene)
        let catalog = ViewCatalog(scene: scene)
        let threads = max(1, options.threads)
        let map = HitMap(
            scene: scene, catalog: catalog, store: store, width: size.width, height: size.height,
            cellSize: cellSize, threads: threads,
            progress: options.progress.map { report in
                { report(RenderProgress(phase: .sampling, fraction: $0)) }
            })
        options.progress?(RenderProgress(phase: .layout, fraction: 0))
        let hits = store.hitTest(points, useIndexes: true, threads: threads).map {
            $0.map { store.id(of: $0.view) }
        }
        return RenderLayout(
            catalog: catalog, map: map, points: points, hits: hits, options: options)
    }
}
