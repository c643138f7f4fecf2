import Foundation
import Testing

/// Every command the README shows, run as typed by the `hittest` this test build made: the
/// lines of its `sh` blocks and the inline `swift run ...` commands of its prose. A command
/// is run or listed in `notRun` with the reason, and a command added to the README that is
/// neither fails the test until it is one or the other.
///
/// Each runs through `/bin/sh` in a temporary folder holding a copy of `docs/`, so that the
/// README's redirections and output paths (`> docs/navbar.json`, `--out
/// docs/why-navbar.svg`) work without touching the checkout; `swift run hittest` and
/// `swift run -c release hittest` become that binary's path.
@Suite("README commands")
struct ReadmeCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Commands of the README not run here, and why.
    static let notRun: [String: String] = [
        "swift run -c release hittest bench":
            "times every engine at 100,000 views: minutes on 2 cores; .ci/run runs it as the "
            + "README's main command",
        "swift test --disable-xctest": "the test suite this test is part of",
        "swift build -c release --product hittest":
            "a release build of the package (minutes); the commands here run the test build's binary",
        "cp .build/release/hittest ~/.local/bin/": "installs into the home folder",
        "cmake -G Ninja -S . -B .build-cmake -DHITTEST_BUILD_TESTS=OFF":
            "the C library's CMake build (minutes), which CI's CMake step runs",
        "cmake --build .build-cmake": "the same",
        "cmake --install .build-cmake --prefix /opt/hittest": "installs into a system path",
        "cc app.c $(PKG_CONFIG_PATH=/opt/hittest/lib/pkgconfig pkg-config --cflags --libs hittest)":
            "needs the install in /opt/hittest and an app.c; CTests build the examples the same way",
        "cc app.c -I/opt/hittest/include -L/opt/hittest/lib -lHitTestC -Wl,-rpath,/opt/hittest/lib":
            "the same",
        "swift run hittest": "names how every example starts, not an example",
    ]

    /// The README's commands, in order: each line of a fenced `sh` block without its
    /// comment (lines that are only a comment dropped), and each inline code span that
    /// starts with `swift run`, its line breaks made spaces.
    static func commands(in readme: String) -> [String] {
        var out: [String] = []
        var prose = ""
        var inSh = false
        var inFence = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if inFence {
                    inFence = false
                    inSh = false
                } else {
                    inFence = true
                    inSh = line == "```sh"
                }
                continue
            }
            if inSh {
                let code = line.split(
                    separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let command = String(code[0]).trimmingCharacters(in: .whitespaces)
                if !command.isEmpty { out.append(command) }
            } else if !inFence {
                prose += line + "\n"
            }
        }
        let spans = prose.split(separator: "`", omittingEmptySubsequences: false)
        for (i, span) in spans.enumerated() where i % 2 == 1 {
            let command = span.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if command.hasPrefix("swift run") { out.append(command) }
        }
        return out
    }

    @Test("every command of the README is run here, or listed with the reason it is not")
    func everyCommand() throws {
        let readme = try String(
            contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let commands = Self.commands(in: readme)
        let toRun = commands.filter { Self.notRun[$0] == nil }
        // Guard the parsing itself: the walkthrough's import and explain are found.
        #expect(toRun.contains { $0.hasPrefix("swift run hittest import recursive-description") })
        #expect(toRun.count >= 5, "\(toRun)")
        for command in toRun {
            #expect(
                command.hasPrefix("swift run hittest ")
                    || command.hasPrefix("swift run -c release hittest "),
                "a README command that is neither run here nor listed in notRun: \(command)")
        }
        // The listed ones are still in the README (a stale entry hides nothing).
        for listed in Self.notRun.keys {
            #expect(commands.contains(listed), "notRun lists a command the README lost: \(listed)")
        }

        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("hittest-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("docs"), to: dir.appendingPathComponent("docs"))
        let binary = CLI.binary.path
        for command in toRun {
            let line = command.replacingOccurrences(
                of: "swift run -c release hittest", with: binary
            ).replacingOccurrences(of: "swift run hittest", with: binary)
            let r = try Self.shell(line, in: dir)
            #expect(r.status == 0, "\(command): \(r.stderr)")
            #expect(!r.stderr.contains("error"), "\(command): \(r.stderr)")
        }
        // What the walkthrough's import wrote is the committed scene.
        let written = try String(
            contentsOf: dir.appendingPathComponent("docs/navbar.json"), encoding: .utf8)
        let committed = try String(
            contentsOf: Self.root.appendingPathComponent("docs/navbar.json"), encoding: .utf8)
        #expect(written == committed)
    }

    /// Runs `line` with `/bin/sh -c` in `dir`.
    static func shell(_ line: String, in dir: URL) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        process.currentDirectoryURL = dir
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
