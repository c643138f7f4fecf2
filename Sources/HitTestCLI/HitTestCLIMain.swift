import ArgumentParser
import CHitTestShim
import Foundation

/// The `hittest` command line. `run()` parses the arguments, runs the command and exits:
/// 0 on success (help included), 1 on bad input or usage with the message on stderr.
public enum HitTestCLIMain {
    public static func run(arguments: [String]? = nil) -> Never {
        do {
            var command: ParsableCommand =
                try QueryCommand.direct(arguments ?? Array(CommandLine.arguments.dropFirst()))
                ?? Hittest.parseAsRoot(arguments)
            try command.run()
            Output.flush()
            exit(0)
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
                exit(0)
            }
            FileHandle.standardError.write(Data((message + "\n").utf8))
            exit(1)
        }
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
        abstract: "Which view is under this finger: UIKit's hit-testing, answered from scene files.",
        discussion: """
            SCENE is a hittest-scene/1 JSON file ("-" reads standard input). Points are in \
            screen coordinates; negative ones work as typed: --at -10,20.
            """,
        version: hittestVersion,
        subcommands: [
            QueryCommand.self, ChainCommand.self, ValidateCommand.self, StatsCommand.self, GenCommand.self,
            FuzzCommand.self, ExplainCommand.self, ImportCommand.self, RenderCommand.self,
            ReplayCommand.self, BenchCommand.self, ExportCommand.self,
            DispatchBenchCommand.self, LoadBenchCommand.self,
        ])
}

/// The version of the package: the HT_VERSION_* macros of include/hittest/base.h, where
/// it is defined once (the C library's htGetVersion and CMake's project() read the same).
public let hittestVersion = "\(HT_VERSION_MAJOR).\(HT_VERSION_MINOR).\(HT_VERSION_REVISION)"
