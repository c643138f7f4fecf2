import ArgumentParser
import Foundation
import HitTestExplain
import HitTestKit
import HitTestRender

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
            label with its hit.
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
            "The map's size in pixels; the screen is stretched onto it (default: 1 pixel per point, scaled down to at most 2048 a side).",
            valueName: "WxH"))
    var size: String?

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
    }

    /// The reference's responder chains and `explain` for the interactive page.
    static func pageDetails(_ scene: Scene) -> HTMLPageDetails {
        let screen = Screen(scene: scene)
        var chains: [String: [String]] = [:]
        scene.forEachView { v, _ in
            if chains[v.id] == nil, let view = screen.view(withID: v.id) {
                chains[v.id] = view.responderChain.map(\.name)
            }
        }
        nonisolated(unsafe) let explainer = Explainer(scene: scene)
        return HTMLPageDetails(
            chains: chains, explain: { explainer.explain($0)?.lines ?? [] },
            explainExpecting: { explainer.explain($0, expect: $1)?.lines ?? [] })
    }

    func run() throws {
        let format = RenderFormat(fileName: out)!
        let scene = try SceneInput.load(self.scene)
        let marks = try points.map(PointsFile.load) ?? []
        let pixels = size.flatMap(PixelSize.init(argument:))
        if pixels == nil, let scale = HitMapRenderer.defaultScale(scene: scene), scale < 1,
            let fitted = try? HitMapRenderer.mapSize(scene: scene, size: nil)
        {
            let screen = scene.screen
            FileHandle.standardError.write(
                Data(
                    ("note: the screen is \(QueryReport.format(screen.width)) x "
                        + "\(QueryReport.format(screen.height)) points; the map is scaled down to "
                        + "\(fitted.width)x\(fitted.height) pixels (at most "
                        + "\(HitMapRenderer.defaultMaxSide) a side without --size); give --size WxH "
                        + "for another size\n").utf8))
        }
        let reporter = ProgressReporter(label: "render")
        let bytes: [UInt8]
        do {
            bytes = try HitMapRenderer.render(
                scene: scene, size: pixels, points: marks, format: format,
                options: .reporting(to: reporter),
                details: format == .html ? Self.pageDetails(scene) : HTMLPageDetails())
        } catch {
            throw CLIError("cannot render \(self.scene): \(error)")
        }
        reporter.finish()
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: out), options: .atomic)
        } catch {
            throw CLIError("cannot write \(out): \(error.localizedDescription)")
        }
        Output.line("wrote \(out) (\(format.rawValue.uppercased()), \(bytes.count) bytes)")
    }
}
