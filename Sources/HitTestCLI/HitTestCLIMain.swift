import ArgumentParser
import CHitTestShim
import Foundation
import HitTestJSON

/// The `hittest` command line. `run()` parses the arguments, runs the command and exits
/// with one of ``CLIExit``'s statuses; with `--json` among the arguments a failure is also
/// `{"error": MESSAGE}` on standard output, so that a JSON reader always gets JSON.
public enum HitTestCLIMain {
    public static func run(arguments: [String]? = nil) -> Never {
        let arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
        do {
            try Hittest.checkHelpTopic(arguments)
            var command: ParsableCommand =
                try QueryCommand.direct(arguments) ?? Hittest.parseAsRoot(arguments)
            try command.run()
            Output.flush()
            exit(CLIExit.success)
        } catch let code as ExitCode {
            // A command that printed its own answer (`validate --json` of an invalid scene).
            Output.flush()
            exit(code.rawValue)
        } catch {
            Output.flush()
            let code = Hittest.exitCode(for: error)
            let message = Hittest.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                exit(CLIExit.success)
            }
            let status: Int32 =
                switch error {
                case is MismatchFound: CLIExit.mismatch
                case is CLIError: CLIExit.badInput
                default: code == .validationFailure ? CLIExit.usage : CLIExit.badInput
                }
            if CLIExit.wantsJSON(arguments) {
                let short = Hittest.message(for: error)
                let object = JSONValue.object(
                    JSONObject([JSONMember(key: "error", value: .string(short))]))
                Output.line(JSONWriter.write(object, pretty: false))
                Output.flush()
            }
            FileHandle.standardError.write(Data((message + "\n").utf8))
            exit(status)
        }
    }
}

/// The exit statuses of every command, as `hittest --help` and the README list them.
enum CLIExit {
    /// The command did what was asked (help and `--version` included).
    static let success: Int32 = 0
    /// The input was wrong (``CLIError``): a missing or invalid file, an id that is not
    /// in the scene, an invalid scene for `validate`, a scene that cannot be done as asked.
    static let badInput: Int32 = 1
    /// The command line was wrong (the parser's errors and `ValidationError`): an unknown
    /// command, option or help topic, a missing option value or one that is malformed or
    /// out of its range, options that do not go together.
    static let usage: Int32 = 2
    /// A comparison found a mismatch: `fuzz`, `bench` (engines that disagree).
    static let mismatch: Int32 = 3

    /// The help text's paragraph on them.
    static let summary =
        "Exit status: 0 success; 1 bad input (a file, a scene, an id); 2 usage (an unknown command, "
        + "option or help topic, an option value malformed or out of range); 3 a mismatch found "
        + "(fuzz, bench). With --json, "
        + "a failure also prints {\"error\": MESSAGE} on standard output."

    /// True when `--json` is among the options (before any `--`), so that a failure is
    /// reported as JSON too.
    static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }
}

/// A comparison that found answers that disagree; its text is the whole message.
struct MismatchFound: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A failure the user can act on; its text is the whole message.
struct CLIError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Buffered standard output (results can be large).
enum Output {
    nonisolated(unsafe) private static var buffer: [UInt8] = []

    static func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count > 1 << 20 { flush() }
    }

    static func line(_ text: String = "") {
        write(text)
        write("\n")
    }

    static func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}

struct Hittest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hittest",
        abstract:
            "Which view is under this finger: UIKit's hit-testing, answered from scene files.",
        discussion: """
            SCENE is a hittest-scene/1 JSON file ("-" reads standard input). Points are in \
            screen coordinates; negative ones work as typed: --at -10,20.

            \(CLIExit.summary)
            """,
        version: hittestVersion,
        subcommands: [
            QueryCommand.self, ChainCommand.self, ValidateCommand.self, StatsCommand.self,
            GenCommand.self,
            FuzzCommand.self, ExplainCommand.self, ImportCommand.self, RenderCommand.self,
            ReplayCommand.self, BenchCommand.self, ExportCommand.self,
            DispatchBenchCommand.self, LoadBenchCommand.self, AllocationBenchCommand.self,
        ])
}

extension Hittest {
    /// Refuses `help TOPIC` when TOPIC names no command (the parser would print the
    /// general help and succeed, hiding a typo).
    static func checkHelpTopic(_ arguments: [String]) throws {
        guard arguments.first == "help", arguments.count > 1 else { return }
        let names = Set(configuration.subcommands.map { $0._commandName })
        for topic in arguments.dropFirst() where !topic.hasPrefix("-") && !names.contains(topic) {
            throw ValidationError(
                "no command named \"\(topic)\"; the commands: \(names.sorted().joined(separator: ", "))"
            )
        }
    }
}

/// The version of the package: the HT_VERSION_* macros of include/hittest/base.h, where
/// it is defined once (the C library's htGetVersion and CMake's project() read the same).
public let hittestVersion = "\(HT_VERSION_MAJOR).\(HT_VERSION_MINOR).\(HT_VERSION_REVISION)"
