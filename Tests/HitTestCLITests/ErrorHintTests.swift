import Foundation
import Testing

/// The first mistakes people make get an answer or a message that says
/// what to do.
@Suite("errors that name the fix")
struct ErrorHintTests {
    static let spec = CLI.fixture("spec-example.json")

    @Test(
        "--at takes a negative point as typed, on every command with --at",
        arguments: [
            ["query", spec, "--at", "-10,20", "--json"],
            ["query", spec, "--at=-10,20", "--json"],
            ["explain", spec, "--at", "-10,20", "--json"],
        ])
    func negativePoint(_ arguments: [String]) throws {
        let r = try CLI.run(arguments)
        #expect(r.status == 0, "\(arguments): \(r.stderr)")
        #expect(r.stdout.contains(#""point":[-10,20]"#), "\(r.stdout.prefix(200))")
    }

    @Test("--at -10,-20 in text prints the point as given")
    func negativePointText() throws {
        let r = try CLI.run(["query", Self.spec, "--at", "-10,-20"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "(-10, -20): no view takes the touch\n")
    }

    @Test("a misspelled id in chain gets \"did you mean\"")
    func chainDidYouMean() throws {
        let r = try CLI.run(["chain", Self.spec, "viewtwo"])
        #expect(r.status == 1)
        #expect(r.stderr.contains(#"no view has the id "viewtwo""#))
        #expect(r.stderr.contains(#"did you mean "ViewTwo""#), "\(r.stderr)")
        let typo = try CLI.run(["chain", Self.spec, "VeiwOne"])
        #expect(typo.stderr.contains(#"did you mean "ViewOne""#), "\(typo.stderr)")
        let far = try CLI.run(["chain", Self.spec, "somethingElse"])
        #expect(far.status == 1)
        #expect(!far.stderr.contains("did you mean"))
        #expect(far.stderr.contains("nothing close"))
    }

    @Test("explain --expect with an imported id's class alone suggests the full id")
    func explainDidYouMean() throws {
        let scene = try CLI.run([
            "import", "recursive-description",
            WalkthroughTests.docs.appendingPathComponent(
                "navbar-dump.txt"
            ).path, "--quiet",
        ])
        let file = try CLI.temporaryFile(scene.stdout)
        let r = try CLI.run(["explain", file, "--at", "27,40", "--expect", "UINavigationButton"])
        #expect(r.status == 1)
        #expect(r.stderr.contains(#"did you mean "UINavigationButton-0x1369e3b0""#), "\(r.stderr)")
    }

    @Test(
        "a recursiveDescription dump given as a scene says to run hittest import",
        arguments: [["query", "--at", "1,1"], ["validate"], ["validate", "--json"]])
    func dumpGivenAsScene(_ command: [String]) throws {
        let dump = WalkthroughTests.docs.appendingPathComponent("navbar-dump.txt").path
        let r = try CLI.run([command[0], dump] + command.dropFirst())
        #expect(r.status == 1)
        let text = r.stderr + r.stdout
        #expect(text.contains("-[UIView recursiveDescription] dump"), "\(text)")
        #expect(text.contains("hittest import recursive-description \(dump)"), "\(text)")
    }

    @Test("a broken scene file that quotes a dump gets the scene's errors, not an import")
    func brokenSceneQuotingADump() throws {
        let text = #"{"screen": {"width": 10}, "note": "<UIView: 0x1; frame = (0 0; 1 1)>""#
        let file = try CLI.temporaryFile(text)
        let r = try CLI.run(["explain", file, "--at", "1,1"])
        #expect(r.status == 1)
        #expect(!r.stderr.contains("recursiveDescription"), "\(r.stderr)")
        #expect(!r.stderr.contains("warning:"), "\(r.stderr)")
    }

    @Test("/dev/stdin and process substitution are read to the end")
    func streams() throws {
        let scene = try String(contentsOfFile: Self.spec, encoding: .utf8)
        let stdin = try CLI.run(["query", "/dev/stdin", "--at", "50,130", "--json"], stdin: scene)
        #expect(stdin.status == 0, "\(stdin.stderr)")
        #expect(stdin.stdout.contains(#""hit":"ViewTwo""#))
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        let out = Pipe()
        bash.standardOutput = out
        bash.arguments = [
            "-c",
            #""$0" query <(cat "$1") --at 50,130 --json && "$0" query "$1" --points <(echo '[[50,130]]') --json"#,
            CLI.binary.path, Self.spec,
        ]
        try bash.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        bash.waitUntilExit()
        #expect(bash.terminationStatus == 0)
        #expect(text.components(separatedBy: #""hit":"ViewTwo""#).count == 3, "\(text)")
    }

    @Test("NaN and infinite points print as such, in text and JSON")
    func nonFinitePoints() throws {
        let text = try CLI.run(["query", Self.spec, "--at", "nan,inf"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == "(NaN, Infinity): no view takes the touch\n")
        let json = try CLI.run(["query", Self.spec, "--at", "-inf,1", "--json"])
        #expect(json.stdout.hasPrefix(#"{"point":["-Infinity",1],"hit":null"#), "\(json.stdout)")
        let explain = try CLI.run(["explain", Self.spec, "--at", "nan,1"])
        #expect(explain.status == 0, "\(explain.stderr)")
        #expect(explain.stdout.hasPrefix("(NaN, 1)"), "\(explain.stdout)")
        let explainJSON = try CLI.run(["explain", Self.spec, "--at", "1,-infinity", "--json"])
        #expect(explainJSON.stdout.contains(#"[1,"-Infinity"]"#), "\(explainJSON.stdout)")
    }
}
