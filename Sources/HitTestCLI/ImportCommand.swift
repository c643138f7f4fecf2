import ArgumentParser
import Foundation
import HitTestImport
import HitTestKit

/// The text formats `hittest import` reads.
enum ImportFormat: String, CaseIterable, ExpressibleByArgument {
    /// What `-[UIView recursiveDescription]` prints (`rule-import-records`).
    case recursiveDescription = "recursive-description"
}

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn a debugger dump into a hittest-scene/1 scene (JSON on standard output).",
        discussion: """
            hittest import recursive-description FILE reads what `po [view recursiveDescription]` \
            printed (lldb, Cycript, Frida, Chisel pviews, NSLog or a source comment; the text the tool \
            adds around the dump is ignored). Each root becomes a window; a root that is not a window is \
            wrapped in one. Warnings about what had to be assumed go to standard error as FILE:LINE: \
            warning: ...; an input that cannot be imported exits 1 with FILE:LINE: message. The dump \
            cannot show hitTest/pointInside overrides: the scene assumes UIKit's default \
            behaviour. A view that lists gesture recognizers gets a warning: the scene has none, \
            so gestures replayed on it are not recognized; a UISwitch whose dump lists \
            recognizers (on itself or inside it) gets its built-in tap instead, so a replayed \
            tap toggles it. A comment prefix on every line (// or \
            #) is ignored; a dump printed as a string literal (lldb's po of a String: one quoted \
            line with \\n escapes, or Optional(...)) is read unescaped; a line hard-wrapped \
            inside a description is joined to it with a warning. Text that cannot be placed (a \
            last record cut off before its >, a line after the first view that is not part of a \
            record, a skipped record with views under it) is left out with a warning naming it \
            (--strict: an error).
            """)

    @Argument(help: "The format of the dump.")
    var format: ImportFormat

    @Argument(help: "The dump file; \"-\" reads standard input.")
    var file: String

    @Flag(name: .long, help: "Do not print warnings.")
    var quiet = false

    @Flag(
        name: .long,
        help: """
            Refuse a dump with text that cannot be placed (exit 1 naming FILE:LINE): a last \
            record cut off, a line that is not part of a record, a skipped record with views \
            under it. Without it such text is left out with a warning.
            """)
    var strict = false

    @Flag(name: .long, help: "Write the JSON on one line instead of indented.")
    var compact = false

    func run() throws {
        let bytes = try SceneInput.read(file, what: "dump file")
        let result: ImportResult
        switch format {
        case .recursiveDescription:
            result = try SceneInput.importDump(
                bytes, path: file, options: ImportOptions(strict: strict))
        }
        if !quiet { Self.reportWarnings(result, name: SceneInput.dumpName(file)) }
        Output.line(result.scene.json(pretty: !compact))
    }

    /// The import's warnings on standard error, one `NAME:LINE: warning: ...` each, and how
    /// many more were only counted.
    static func reportWarnings(_ result: ImportResult, name: String) {
        var lines = result.warnings.map { "\(name):\($0.line): warning: \($0.message)" }
        if result.omittedWarnings > 0 {
            lines.append("\(name): \(result.omittedWarnings) more warnings")
        }
        if !lines.isEmpty {
            FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        }
    }
}
