import ArgumentParser
import Foundation
import HitTestExplain
import HitTestKit
import HitTestRender
import HitTestScene

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw where a touch reaches: a hit map of the screen as SVG or PNG.",
        discussion: """
            Every area is coloured by the view a touch there reaches (the same view has \
            the same colour in every picture, except where a neighbour on the map has it: no two \
            neighbours share a colour); areas that reach nothing are hatched grey. \
            Outlines of every view are drawn (dashed when the view is hit nowhere), with \
            the ids. A legend to the right of the map lists the views that own some of \
            it, with their colour and share. With --points, each point gets a ring and a \
            label with its hit. An .html page shows the map with the view tree instead of \
            the legend; hovering shows the view a touch reaches, and a click explains the \
            exact point clicked as `explain --at X,Y` does.
            """)

    @Argument(help: "The scene file (hittest-scene/1 JSON); \"-\" reads standard input.")
    var scene: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The picture to write; the extension picks the format: .svg, .png or .html (an interactive page).",
            valueName: "FILE"
        ))
    var out: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A JSON file holding an array of [x, y] points to mark.", valueName: "FILE"))
    var points: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The largest map in pixels: the screen is drawn as large as fits, keeping its aspect ratio (default: whole pixels per point, as many as keep the longer side within 1024 pixels; a screen longer than 2048 points is scaled down to 2048).",
            valueName: "WxH"))
    var size: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Pixels per point (keeps the aspect ratio), instead of --size.", valueName: "S"))
    var scale: Double?

    /// Without --size or --scale the longer side is drawn at whole pixels per point, as
    /// many as keep it within this many pixels: a phone screen at 1, a navigation bar at 3.
    static let defaultTargetSide = 1_024.0

    func validate() throws {
        if RenderFormat(fileName: out) == nil {
            throw ValidationError("--out must name a .svg, .png or .html file, got \"\(out)\"")
        }
        if let size {
            guard let s = PixelSize(argument: size) else {
                throw ValidationError(
                    "--size must be WIDTHxHEIGHT in whole pixels, as 780x1688; got \"\(size)\"")
            }
            if s.width < 1 || s.height < 1 {
                throw ValidationError("--size must be at least 1x1, got \"\(size)\"")
            }
        }
        if let scale, !(scale > 0 && scale.isFinite) {
            throw ValidationError("--scale must be a positive number of pixels per point, got \(scale)")
        }
        if scale != nil && size != nil {
            throw ValidationError("--scale and --size both set the size: give one")
        }
    }

    /// The map's size for a screen of `width` x `height` points, with the aspect ratio kept:
    /// at `scale` pixels per point; as large as fits in `bound`; or, with neither, at whole
    /// pixels per point up to ``defaultTargetSide`` (scaled down below 1 when the longer
    /// side exceeds `HitMapRenderer.defaultMaxSide` points). Also the scale used.
    static func mapSize(width: Double, height: Double, bound: PixelSize?, scale: Double?)
        -> (size: PixelSize, scale: Double)?
    {
        guard width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
        let longer = max(width, height)
        let s: Double
        if let scale {
            s = scale
        } else if let bound {
            s = min(Double(bound.width) / width, Double(bound.height) / height)
        } else if longer > Double(HitMapRenderer.defaultMaxSide) {
            s = Double(HitMapRenderer.defaultMaxSide) / longer
        } else {
            s = max(1, (defaultTargetSide / longer).rounded(.down))
        }
        var w = max(1, Int((width * s).rounded()))
        var h = max(1, Int((height * s).rounded()))
        if let bound {
            w = min(w, bound.width)
            h = min(h, bound.height)
        }
        return (PixelSize(width: w, height: h), s)
    }

    /// The reference's responder chains, the compact scene and the explainer's script
    /// for the interactive page, which explains the point clicked itself.
    static func pageDetails(_ scene: Scene) -> HTMLPageDetails {
        let explainer = Explainer(scene: scene)
        var chains: [String: [String]] = [:]
        scene.forEachView { v, _ in
            if chains[v.id] == nil, let view = explainer.view(v.id) {
                chains[v.id] = view.responderChain.map(\.name)
            }
        }
        return HTMLPageDetails(
            chains: chains, explainScene: explainer.pageScene(),
            explainScript: Explainer.pageScript)
    }

    func run() throws {
        let format = RenderFormat(fileName: out)!
        // From the start: reading a scene of many views and preparing the page take time too.
        let reporter = ProgressReporter(label: "render")
        reporter.report("reading the scene", 0)
        let scene = try SceneInput.load(self.scene)
        let marks = try points.map(PointsFile.load) ?? []
        let screen = scene.screen
        let fitted = Self.mapSize(
            width: screen.width, height: screen.height, bound: size.flatMap(PixelSize.init(argument:)),
            scale: scale)
        let pixels = fitted?.size
        if size == nil, scale == nil, let fitted, fitted.scale != 1 {
            let points =
                "the screen is \(QueryReport.format(screen.width)) x \(QueryReport.format(screen.height)) points"
            let what =
                fitted.scale < 1
                ? "the map is scaled down to \(fitted.size.width)x\(fitted.size.height) pixels (at most "
                    + "\(HitMapRenderer.defaultMaxSide) a side by default)"
                : "the map is drawn at \(QueryReport.format(fitted.scale)) pixels per point, "
                    + "\(fitted.size.width)x\(fitted.size.height) pixels"
            FileHandle.standardError.write(
                Data("note: \(points); \(what); give --scale S or --size WxH for another size\n".utf8))
        }
        let bytes: [UInt8]
        do {
            var details = HTMLPageDetails()
            if format == .html {
                reporter.report("preparing the page's explainer", 0)
                details = Self.pageDetails(scene)
            }
            bytes = try HitMapRenderer.render(
                scene: scene, size: pixels, points: marks, format: format,
                options: .reporting(to: reporter), details: details)
        } catch {
            throw CLIError("cannot render \(self.scene): \(error)")
        }
        reporter.finish()
        if case .failure(let error) = FileBytes.write(bytes, toPath: out) {
            throw CLIError("cannot write \(out): \(error.message)")
        }
        Output.line("wrote \(out) (\(format.rawValue.uppercased()), \(bytes.count) bytes)")
    }
}
