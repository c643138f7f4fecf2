import Foundation
import Testing

@Suite("hittest render")
struct RenderCommandTests {
    /// Runs `body` with a fresh temporary folder, removed afterwards.
    static func inFolder(_ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hittest-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try body(dir.path)
    }

    static func readBytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    static func uint32(_ b: [UInt8], _ at: Int) -> Int {
        Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
    }

    @Test("writes a PNG: the map at 1 pixel per point and the legend to its right")
    func png() throws {
        try Self.inFolder { dir in try Self.png(out: dir + "/windows.png") }
    }

    static func png(out: String) throws {
        let r = try CLI.run(["render", CLI.fixture("windows.json"), "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("wrote \(out) (PNG, "))
        let bytes = try #require(readBytes(out))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR")
        #expect(uint32(bytes, 16) > 390)  // width: the map and the legend
        #expect(uint32(bytes, 20) == 844)  // height
        #expect(String(decoding: bytes.suffix(8).prefix(4), as: UTF8.self) == "IEND")
    }

    @Test("the README's navigation bar as PNG, at the README's size, is under 50 KB")
    func navbarPNGSize() throws {
        let docs = WalkthroughTests.docs
        try Self.inFolder { dir in
            let out = dir + "/why-navbar.png"
            let r = try CLI.run([
                "render", docs.appendingPathComponent("navbar.json").path, "--out", out, "--points",
                docs.appendingPathComponent("points.json").path, "--size", "960x192",
            ])
            #expect(r.status == 0, "\(r.stderr)")
            let bytes = try #require(Self.readBytes(out))
            // 884 KB when the encoder wrote stored blocks.
            #expect(bytes.count < 50_000, "\(bytes.count) bytes")
            #expect(uint32ok(bytes))
        }
    }

    private func uint32ok(_ bytes: [UInt8]) -> Bool {
        bytes.count > 24 && Self.uint32(bytes, 16) > 960 && Self.uint32(bytes, 20) == 192
    }

    @Test(
        "a small screen is drawn at whole pixels per point, aspect kept; --scale and --size as a bound"
    )
    func legibleDefaultScale() throws {
        // The navigation bar's screen is 320 x 64 points: 3 pixels per point keep the longer
        // side within 1024, so the map is 960 x 192 pixels (the legend widens the picture).
        let navbar = WalkthroughTests.docs.appendingPathComponent("navbar.json").path
        try Self.inFolder { dir in
            let out = dir + "/bar.png"
            let r = try CLI.run(["render", navbar, "--out", out])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(
                r.stderr.contains(
                    "note: the screen is 320 x 64 points; the map is drawn at 3 pixels per point, 960x192 pixels"
                ),
                "\(r.stderr)")
            var bytes = try #require(Self.readBytes(out))
            #expect(Self.uint32(bytes, 16) > 960 && Self.uint32(bytes, 20) == 192)
            for (args, height) in [
                (["--scale", "2"], 128), (["--size", "960x400"], 192),
                (["--size", "640x640"], 128),
            ] {
                let sized = try CLI.run(["render", navbar, "--out", out] + args)
                #expect(sized.status == 0, "\(args): \(sized.stderr)")
                #expect(!sized.stderr.contains("note:"), "\(args): \(sized.stderr)")
                bytes = try #require(Self.readBytes(out))
                #expect(Self.uint32(bytes, 20) == height, "\(args)")
            }
            for args in [
                ["--scale", "0"], ["--scale", "-1"], ["--scale", "2", "--size", "10x10"],
            ] {
                let bad = try CLI.run(["render", navbar, "--out", dir + "/bad.png"] + args)
                #expect(bad.status == 2, "\(args)")
            }
        }
    }

    @Test("a big screen is scaled down and stderr says so; --size overrides; progress lines")
    func sizeGuardAndProgress() throws {
        let scene = """
            {"format": "hittest-scene/1", "screen": {"width": 4096, "height": 100}, "windows": [
              {"id": "w", "frame": [0, 0, 4096, 100], "subviews": [
                {"id": "a", "frame": [100, 10, 200, 50]}]}]}
            """
        let file = try CLI.temporaryFile(scene)
        try Self.inFolder { dir in
            let out = dir + "/big.png"
            let r = try CLI.run(
                ["render", file, "--out", out], environment: ["HITTEST_PROGRESS_AFTER": "0"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(
                r.stderr.contains(
                    "the screen is 4096 x 100 points; the map is scaled down to 2048x50 pixels"),
                "\(r.stderr)")
            #expect(r.stderr.contains("give --scale S or --size WxH"))
            #expect(r.stderr.hasPrefix("render: reading the scene 0% ("), "\(r.stderr)")
            #expect(r.stderr.contains("render: hit-testing the map"), "\(r.stderr)")
            #expect(r.stderr.contains("render: writing the file"))
            #expect(r.stderr.contains("render: done in"))
            let bytes = try #require(Self.readBytes(out))
            #expect(Self.uint32(bytes, 16) > 2048)  // the map and the legend
            #expect(Self.uint32(bytes, 16) < 3000)
            // With --size: the size asked for, no note.
            let sized = try CLI.run(["render", file, "--out", out, "--size", "4096x100"])
            #expect(sized.status == 0)
            #expect(!sized.stderr.contains("scaled down"), "\(sized.stderr)")
            #expect(try Self.uint32(#require(Self.readBytes(out)), 16) > 4096)
        }
    }

    @Test("render says what it is doing from its start, then how long it took")
    func progressFromTheStart() throws {
        try Self.inFolder { dir in
            // The first line comes without waiting for the second that later lines wait
            // (how many follow depends on the machine's load).
            let r = try CLI.run(
                ["render", CLI.fixture("spec-example.json"), "--out", dir + "/map.svg"],
                environment: ["HITTEST_PROGRESS_AFTER": "1"])
            #expect(r.status == 0, "\(r.stderr)")
            let lines = r.stderr.split(separator: "\n")
            #expect(lines.first == "render: reading the scene 0% (0.0 s)", "\(r.stderr)")
            #expect(lines.last?.hasPrefix("render: done in ") == true, "\(r.stderr)")
        }
    }

    @Test("--out map.html writes the interactive page with the reference's chains and explainer")
    func html() throws {
        try Self.inFolder { dir in
            let out = dir + "/map.html"
            let r = try CLI.run(["render", CLI.fixture("spec-example.json"), "--out", out])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.hasPrefix("wrote \(out) (HTML, "))
            let html = String(decoding: try #require(Self.readBytes(out)), as: UTF8.self)
            // ViewTwo -> ViewOne -> HitTestViewController -> main -> UIApplication -> AppDelegate,
            // as links: views by number (3 of them), the others after them.
            #expect(
                html.contains(
                    #""next":[4,5,1]},"others":[["AppDelegate",-1],["UIApplication",3],["HitTestViewController",0]]"#
                ))
            // The compact scene and the explainer that reads it, not explanations made ahead.
            #expect(
                html.contains(
                    #""scene":{"classes":["UIWindow","ViewOne","UIView"],"views":[["main",0,-1,0,0,390,844,195,422,2,1]"#
                ))
            #expect(html.contains("function makeExplainer(scene)"))
            #expect(!html.contains("hit `ViewTwo` in window `main`"))
        }
    }

    @Test("writes an SVG from standard input, with --points and --size")
    func svg() throws {
        try Self.inFolder { dir in try Self.svg(out: dir + "/map.svg") }
    }

    static func svg(out: String) throws {
        let points = try CLI.temporaryFile("[[50, 335], [200, 700], [25, 25]]", name: "points.json")
        let scene = try String(contentsOfFile: CLI.fixture("windows.json"), encoding: .utf8)
        let r = try CLI.run(
            ["render", "-", "--out", out, "--points", points, "--size", "195x422"], stdin: scene)
        #expect(r.status == 0, "\(r.stderr)")
        let text = String(decoding: try #require(readBytes(out)), as: UTF8.self)
        #expect(text.hasPrefix("<?xml"))
        #expect(text.hasSuffix("</svg>\n"))
        #expect(text.contains(#"height="422""#))
        #expect(text.contains(#"data-hit="alertButton""#))
        // The three points, each with its hit.
        for hit in ["alertButton", "content", "badge"] {
            #expect(text.contains(#"stroke-width="1.6" data-hit="\#(hit)""#))
        }
    }

    @Test(
        "rejects an output that is neither .svg nor .png, and bad sizes, writing nothing",
        arguments: [
            // A malformed option is a usage error; a size too large for this scene's map,
            // bad input.
            (["--out", "map.jpg"], Int32(2)),
            (["--out", "map"], Int32(2)),
            (["--out", "map.png", "--size", "0x10"], Int32(2)),
            (["--out", "map.png", "--size", "big"], Int32(2)),
            (["--out", "map.png", "--size", "100000x100000"], Int32(1)),
        ] as [([String], Int32)])
    func rejects(_ args: [String], status: Int32) throws {
        try Self.inFolder { dir in try Self.rejects(args, status: status, in: dir) }
    }

    static func rejects(_ args: [String], status: Int32, in dir: String) throws {
        let arguments = args.enumerated().map { i, a in
            i > 0 && args[i - 1] == "--out" ? dir + "/" + a : a
        }
        let r = try CLI.run(["render", CLI.fixture("windows.json")] + arguments)
        #expect(!r.crashed)
        #expect(r.status == status, "\(args)")
        #expect(r.stdout == "")
        #expect(!r.stderr.isEmpty)
        if args[1].hasSuffix(".jpg") { #expect(r.stderr.contains(".svg, .png or .html")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "\(args)")
    }
}

@Suite("Files the command line writes")
struct WriteFailureTests {
    @Test("a map whose write fails (a file size limit) leaves the old map byte for byte")
    func failedWriteKeepsTheOldFile() throws {
        try RenderCommandTests.inFolder { dir in
            let out = dir + "/map.svg"
            let old = Array("<svg>the map from before</svg>\n".utf8)
            #expect(FileManager.default.createFile(atPath: out, contents: Data(old)))
            // A 1 KiB limit on the size of a file this process writes: the map is larger,
            // so its write fails part way (EFBIG; the signal that would kill it is ignored).
            let bash = Process()
            bash.executableURL = URL(fileURLWithPath: "/bin/bash")
            bash.arguments = [
                "-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" render \"$1\" --out \"$2\"",
                CLI.binary.path, CLI.fixture("windows.json"), out,
            ]
            let err = Pipe()
            bash.standardError = err
            bash.standardOutput = FileHandle.nullDevice
            try bash.run()
            let stderr = String(
                decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            bash.waitUntilExit()
            #expect(bash.terminationStatus == 1, "\(stderr)")
            #expect(stderr.contains("cannot write \(out): File too large"), "\(stderr)")
            #expect(RenderCommandTests.readBytes(out) == old)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["map.svg"])
            // Without the limit the same command replaces it.
            let r = try CLI.run(["render", CLI.fixture("windows.json"), "--out", out])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(RenderCommandTests.readBytes(out).map { $0.count > 1_024 } == true)
        }
    }
}
