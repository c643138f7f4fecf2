import Foundation
import HitTestCLI
import HitTestJSON
import HitTestKit
import HitTestParity
import Testing

/// The command line's promises across commands: exit statuses with one meaning each,
/// JSON whatever happens under `--json`, `--at` in every form the tool and lldb print,
/// and the old names of renamed options still read.
@Suite("hittest command line")
struct CommandLineTests {
    static let scene = CLI.fixture("windows.json")

    @Test(
        "usage errors exit 2: an unknown command, option or help topic, a malformed value",
        arguments: [
            ["nosuch"],
            ["help", "nosuch"],
            ["query", scene, "--at", "1,1", "--nosuch"],
            ["query", scene, "--at", "one,two"],
            ["query", scene],
            ["stats", scene, "--queries", "0"],
        ])
    func usage(arguments: [String]) throws {
        let r = try CLI.run(arguments)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(!r.stderr.isEmpty)
    }

    @Test("help TOPIC of a real command still exits 0 with that command's help")
    func helpTopic() throws {
        let r = try CLI.run(["help", "query"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("--at"))
    }

    @Test("bad input exits 1: a missing file, an unknown id")
    func badInput() throws {
        #expect(try CLI.run(["validate", "/nonexistent/scene.json"]).status == 1)
        #expect(try CLI.run(["query", Self.scene, "--rect", "nobody"]).status == 1)
    }

    @Test("--help lists the exit statuses")
    func helpListsStatuses() throws {
        let r = try CLI.run(["--help"])
        for text in ["0 success", "1 bad input", "2 usage", "3 a mismatch found"] {
            #expect(r.stdout.contains(text), "\(text)")
        }
    }

    @Test(
        "with --json a failure is {\"error\": ...} on standard output",
        arguments: [
            (["validate", "/nonexistent/scene.json", "--json"], Int32(1)),
            (["query", "/nonexistent/scene.json", "--at", "1,1", "--json"], Int32(1)),
            (["query", scene, "--rect", "nobody", "--json"], Int32(1)),
            (["replay", scene, "/nonexistent/events.json", "--json"], Int32(1)),
            (["stats", scene, "--queries", "0", "--json"], Int32(2)),
        ] as [([String], Int32)])
    func jsonError(arguments: [String], status: Int32) throws {
        let r = try CLI.run(arguments)
        #expect(r.status == status, "\(r.stderr)")
        let object = try #require(
            try JSONReader.parse(Array(r.stdout.utf8)).asObject, "\(r.stdout)")
        let message = try #require(object["error"]?.asString)
        #expect(!message.isEmpty)
        #expect(r.stderr.contains(message))
    }

    @Test(
        "--at reads the forms the tool and lldb print",
        arguments: [
            "60,140", "[60,140]", "[60, 140]", "{60, 140}", "(60, 140)", "(x = 60, y = 140)",
            "(CGPoint) $R0 = (x = 60, y = 140)", "x: 60, y: 140",
        ])
    func atForms(text: String) throws {
        #expect(Point(argument: text) == Point(x: 60, y: 140), "\(text)")
    }

    @Test(
        "--at refuses what is not a point",
        arguments: ["60", "60,140,1", "(y = 140, x = 60)", "[60,]", "x = 60"])
    func atRefusals(text: String) {
        #expect(Point(argument: text) == nil, "\(text)")
    }

    @Test("query --at answers the same for a point as lldb prints it as for X,Y")
    func atLLDB() throws {
        let plain = try CLI.run(["query", Self.scene, "--at", "60,140", "--json"])
        let lldb = try CLI.run(["query", Self.scene, "--at", "(x = 60, y = 140)", "--json"])
        #expect(plain.status == 0 && lldb.status == 0, "\(lldb.stderr)")
        #expect(plain.stdout == lldb.stdout)
    }

    @Test("fuzz's reproduce line uses the options' current names, and the CLI reads it")
    func reproduceFlags() throws {
        var options = FuzzOptions()
        options.size = 10
        options.views = 20
        options.steps = 5
        options.uniformPoints = 5
        options.piles = 0.5
        let flags = options.flags.split(separator: " ").map(String.init)
        #expect(flags.contains("--complexity") && flags.contains("--queries"), "\(flags)")
        let r = try CLI.run(["fuzz", "--seed", "2", "--iterations", "1"] + flags)
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test("the old names of renamed options still work and say they are aliases")
    func aliases() throws {
        let old = try CLI.run([
            "fuzz", "--seed", "3", "--iterations", "1", "--points", "5", "--size", "10",
        ])
        let new = try CLI.run([
            "fuzz", "--seed", "3", "--iterations", "1", "--queries", "5", "--complexity", "10",
        ])
        #expect(old.status == 0 && new.status == 0, "\(old.stderr) \(new.stderr)")
        // The same run: the same counts (the timing at the end may differ).
        #expect(old.stdout.split(separator: "(").first == new.stdout.split(separator: "(").first)
        // Help wraps its lines; read it as one line.
        let help = try CLI.run(["fuzz", "--help"]).stdout.split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(help.contains("--points is its name before 0.6"))
        #expect(help.contains("--size is its name before 0.6"))

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hittest-alias-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let boxes = dir.appendingPathComponent("a.boxes").path
        let points = dir.appendingPathComponent("a.points").path
        let generated = try CLI.run(["gen", "--shape", "wide", "--views", "20"])
        let plain = try CLI.temporaryFile(generated.stdout)
        let export = try CLI.run([
            "export", plain, "--boxes", boxes, "--points", points, "--count", "10",
        ])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: boxes)
                && FileManager.default.fileExists(atPath: points))
    }
}
