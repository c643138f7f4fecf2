import Foundation
import Testing

/// The root of the checkout.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// `docs/navbar-dump.txt`: fixture 03 of `Tests/Fixtures/recursive-description/`, kept
/// in the repository for the README's walkthrough. A navigation bar (not a window, so it
/// is wrapped) with a translation and `userInteractionEnabled = NO`.
private let navigationBarPath = repositoryRoot.appendingPathComponent("docs/navbar-dump.txt").path
private let navigationBarDump =
    (try? String(contentsOfFile: navigationBarPath, encoding: .utf8)) ?? ""

/// The real dumps the importer is tested on (`Tests/Fixtures/recursive-description/`).
private let dumpFixtures = repositoryRoot.appendingPathComponent(
    "Tests/Fixtures/recursive-description"
).path

@Suite("hittest import")
struct ImportCommandTests {
    @Test("import recursive-description FILE prints a scene that hittest validate - accepts")
    func importsAFile() throws {
        let r = try CLI.run([
            "import", "recursive-description",
            navigationBarPath,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        // The bar lists recognizers the scene does not have: the one warning.
        #expect(
            r.stderr.hasPrefix(
                "\(navigationBarPath):1: warning: CustomNavigationBar-0x1369bad0 has gesture "
                    + "recognizers (`<NSArray: 0x1369bff0>` does not say how many); the scene "
                    + "has none"),
            "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("{\n  \"format\": \"hittest-scene/1\""))
        #expect(r.stdout.contains("\"id\": \"wrapper-window-1\""))
        #expect(r.stdout.contains("\"id\": \"CustomNavigationBar-0x1369bad0\""))
        let v = try CLI.run(["validate", "-"], stdin: r.stdout)
        #expect(v.status == 0, "\(v.stderr)")
        #expect(
            v.stdout == """
                valid hittest-scene/1 scene
                views: 11 (windows: 1), depth: 4
                view controllers: 0, gestures: 0, controls: 0
                rules used: alpha<0.01 (1), userInteractionEnabled=false (8), transform (1)

                """)
        // The bar takes no touch: the wrapper window is the hit.
        let q = try CLI.run(["query", "-", "--at", "160,30", "--json"], stdin: r.stdout)
        #expect(q.status == 0)
        #expect(q.stdout.contains("wrapper-window-1"))
    }

    @Test("\"-\" reads the dump from standard input; --compact writes one line")
    func importsStandardInput() throws {
        let r = try CLI.run(
            ["import", "recursive-description", "-", "--compact"],
            stdin: "Nav bar " + navigationBarDump)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 1)
        let v = try CLI.run(["validate", "-"], stdin: r.stdout)
        #expect(v.status == 0, "\(v.stderr)")
    }

    @Test("a cut-off last record: imported without it and a warning; --strict exits 1")
    func cutOffAndStrict() throws {
        let cut =
            "<UIWindow: 0x1; frame = (0 0; 100 100); layer = <UIWindowLayer: 0x2>>\n"
            + "   | <UIView: 0x3; frame = (0 0; 10 10); layer = <CALayer: 0x4>>\n"
            + "   | <UIView: 0x5; frame = (0 0; 1"
        let path = try CLI.temporaryFile(cut, name: "cut.txt")
        let r = try CLI.run(["import", "recursive-description", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("\(path):3: warning: the last record (UIView 0x5) is cut off"))
        #expect(r.stdout.contains("UIView-0x3") && !r.stdout.contains("UIView-0x5"))
        let strict = try CLI.run(["import", "recursive-description", path, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("\(path):3: "), "\(strict.stderr)")
        #expect(strict.stdout == "")
    }

    @Test("a dump printed as a string literal (lldb po of a String) prints the plain dump's scene")
    func escapedDump() throws {
        let plain = try CLI.run(["import", "recursive-description", navigationBarPath])
        #expect(plain.status == 0)
        let literal = navigationBarDump.debugDescription
        for literal in [literal, "Optional(" + literal + ")"] {
            let path = try CLI.temporaryFile(
                "(lldb) po navBar.value(forKey: \"recursiveDescription\")\n" + literal + "\n",
                name: "literal.txt")
            let r = try CLI.run(["import", "recursive-description", path])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout == plain.stdout)
            // The same warning, on the literal's line.
            #expect(
                r.stderr.hasPrefix(
                    "\(path):2: warning: CustomNavigationBar-0x1369bad0 has gesture"),
                "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        }
    }

    @Test("a line that is not part of the dump: a warning naming it, --strict exits 1")
    func strayLine() throws {
        var lines = navigationBarDump.split(separator: "\n").map(String.init)
        lines.insert("   ; autoresize = W+H>", at: 2)
        let path = try CLI.temporaryFile(lines.joined(separator: "\n"), name: "stray.txt")
        let r = try CLI.run(["import", "recursive-description", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "\(path):3: warning: ignored: `; autoresize = W+H>` is not a view line"),
            "\(r.stderr)")
        let strict = try CLI.run(["import", "recursive-description", path, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stdout == "")
        #expect(
            strict.stderr.contains("\(path):3: ignored: `; autoresize = W+H>`"), "\(strict.stderr)")
    }

    @Test("a malformed dump exits 1 and names FILE:LINE")
    func malformed() throws {
        let bad = navigationBarDump.replacingOccurrences(
            of: "frame = (55 5; 224 58)", with: "frame = (55 5; 224)")
        let path = try CLI.temporaryFile(bad, name: "bad.txt")
        let r = try CLI.run(["import", "recursive-description", path])
        #expect(r.status == 1)
        #expect(!r.crashed)
        #expect(r.stdout == "")
        #expect(r.stderr.contains("\(path):6: frame must look like (x y; w h)"), "\(r.stderr)")
        let stdin = try CLI.run(
            ["import", "recursive-description", "-"], stdin: "\n\n<UIView: 0x1; frame = (0 0; 1 1)")
        #expect(stdin.status == 1)
        #expect(stdin.stderr.contains("<stdin>:3: "), "\(stdin.stderr)")
    }

    @Test("warnings go to standard error as FILE:LINE: warning:, and --quiet drops them")
    func warnings() throws {
        let dump =
            "<UIWindow: 0x1; frame = (0 0; 100 100)>\n   | <UIView: 0x2; frame = (nan 0; 10 10)>\n"
        let path = try CLI.temporaryFile(dump, name: "nan.txt")
        let r = try CLI.run(["import", "recursive-description", path])
        #expect(r.status == 0)
        #expect(r.stderr.hasPrefix("\(path):2: warning: frame has a non-finite x"), "\(r.stderr)")
        let quiet = try CLI.run(["import", "recursive-description", path, "--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.stderr == "")
        #expect(quiet.stdout == r.stdout)
    }

    @Test(
        "an unknown format or no file exit 2, a missing file 1",
        arguments: [
            (["import", "json", "dump.txt"], Int32(2)),
            (["import", "recursive-description", "/nonexistent/dump.txt"], Int32(1)),
            (["import", "recursive-description"], Int32(2)),
            (["import"], Int32(2)),
        ] as [([String], Int32)])
    func usageErrors(_ arguments: [String], status: Int32) throws {
        let r = try CLI.run(arguments)
        #expect(r.status == status)
        #expect(!r.crashed)
        #expect(r.stdout == "")
        #expect(!r.stderr.isEmpty)
    }

    @Test("every dump of Tests/Fixtures imports and validates")
    func fixtureDumpsImport() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: dumpFixtures).filter {
            $0.hasSuffix(".txt")
        }
        #expect(names.count == 10)
        for name in names.sorted() {
            let r = try CLI.run(["import", "recursive-description", dumpFixtures + "/" + name])
            #expect(r.status == 0, "\(name): \(r.stderr)")
            let v = try CLI.run(["validate", "-"], stdin: r.stdout)
            #expect(v.status == 0, "\(name): \(v.stderr)")
        }
    }
}
