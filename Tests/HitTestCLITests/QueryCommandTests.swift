import Foundation
import Testing

@Suite("hittest query")
struct QueryCommandTests {
    @Test("the spec's example scene answers with the object of rule-query-output")
    func specExampleJSON() throws {
        let r = try CLI.run(["query", CLI.fixture("spec-example.json"), "--at", "50,130", "--json"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(
            r.stdout == """
                {"point":[50,130],"hit":"ViewTwo","window":"main","local":[10,10],\
                "chain":["ViewTwo","ViewOne","HitTestViewController","main","UIApplication","AppDelegate"]}

                """)
    }

    @Test(
        "query FILE --at X,Y [--json], read without the argument parser, answers as the parser's reading does"
    )
    func directReadingMatchesParser() throws {
        // The first form of each pair takes the direct reading; the second, the same
        // request with its options in another order, goes through the parser.
        let file = CLI.fixture("spec-example.json")
        let pairs: [([String], [String])] = [
            (["query", file, "--at", "50,130"], ["query", "--at", "50,130", file]),
            (
                ["query", file, "--at", "50,130", "--json"],
                ["query", "--json", file, "--at", "50,130"]
            ),
            (
                ["query", file, "--at", "400,10", "--json"],
                ["query", "--at", "400,10", "--json", file]
            ),
            (["query", file, "--at", "nope"], ["query", "--at", "nope", file]),
            (["query", "missing.json", "--at", "1,2"], ["query", "--at", "1,2", "missing.json"]),
        ]
        for (direct, parsed) in pairs {
            let a = try CLI.run(direct)
            let b = try CLI.run(parsed)
            #expect(a.status == b.status, "\(direct)")
            #expect(a.stdout == b.stdout, "\(direct)")
            #expect(a.stderr == b.stderr, "\(direct)")
        }
    }

    @Test("--trace adds the reference algorithm's calls in order")
    func specExampleTraceJSON() throws {
        let r = try CLI.run([
            "query", CLI.fixture("spec-example.json"), "--at", "50,130", "--json", "--trace",
        ])
        #expect(r.status == 0)
        let expectedTrace = """
            "trace":[{"call":"hitTest","view":"main"},{"call":"pointInside","view":"main","result":true},\
            {"call":"hitTest","view":"ViewOne"},{"call":"pointInside","view":"ViewOne","result":true},\
            {"call":"hitTest","view":"ViewTwo"},{"call":"pointInside","view":"ViewTwo","result":true},\
            {"call":"return","view":"ViewTwo","result":"ViewTwo"},{"call":"return","view":"ViewOne","result":"ViewTwo"},\
            {"call":"return","view":"main","result":"ViewTwo"}]}
            """
        #expect(r.stdout.hasSuffix(expectedTrace + "\n"))
    }

    @Test("a point outside every window gives nulls; a point outside ViewOne gives the window")
    func misses() throws {
        let outside = try CLI.run([
            "query", CLI.fixture("spec-example.json"), "--at", "400,10", "--json",
        ])
        #expect(
            outside.stdout
                == #"{"point":[400,10],"hit":null,"window":null,"local":null,"chain":null}"# + "\n")
        let window = try CLI.run([
            "query", CLI.fixture("spec-example.json"), "--at=10,10", "--json",
        ])
        #expect(
            window.stdout
                == #"{"point":[10,10],"hit":"main","window":"main","local":[10,10],"chain":["main","UIApplication","AppDelegate"]}"#
                + "\n")
    }

    @Test("text output reads like the source articles' logs")
    func demoTraceText() throws {
        // The built-in demo: ViewOne > ViewTwo > ViewThree, tapped in ViewTwo outside ViewThree.
        let r = try CLI.run(["query", "--at", "60,140", "--trace"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        let tail = Array(lines.drop { !$0.contains("hitTest ViewOne") })
        #expect(
            Array(tail.prefix(9)) == [
                "          hitTest ViewOne",
                "            pointInside ViewOne -> true",
                "            hitTest ViewTwo",
                "              pointInside ViewTwo -> true",
                "              hitTest ViewThree",
                "                pointInside ViewThree -> false",
                "              return ViewThree -> nil",
                "            return ViewTwo -> ViewTwo",
                "          return ViewOne -> ViewTwo",
            ])
        #expect(r.stdout.contains("(60, 140): hit ViewTwo in window main, local point (20, 20)\n"))
        // The chain the article prints, class by class.
        #expect(
            r.stdout.hasSuffix(
                """
                responder chain:
                  ViewTwo
                  - ViewOne
                  -- rootView <UIView>
                  --- HitTestViewController
                  ---- UIViewControllerWrapperView
                  ----- UINavigationTransitionView
                  ------ UILayoutContainerView
                  ------- UINavigationController
                  -------- main <UIWindow>
                  --------- UIApplication
                  ---------- AppDelegate

                """))
    }

    @Test("alpha is compared as stored in a 32-bit float")
    func alpha() throws {
        let faint = try CLI.run(["query", CLI.fixture("alpha.json"), "--at", "50,50", "--json"])
        #expect(faint.stdout.hasPrefix(#"{"point":[50,50],"hit":"under","#))
        let visible = try CLI.run(["query", CLI.fixture("alpha.json"), "--at", "150,50", "--json"])
        #expect(visible.stdout.hasPrefix(#"{"point":[150,50],"hit":"justVisible","#))
    }

    @Test("windows by level, then last added; passthrough overlays; ellipses")
    func windows() throws {
        let cases: [(String, String)] = [
            (
                "50,340",
                #"{"point":[50,340],"hit":"alertButton","window":"alert","local":[30,20],"chain":["alertButton","alert","MyApplication"]}"#
            ),
            (
                "50,600",
                #"{"point":[50,600],"hit":"content","window":"main","local":[50,600],"chain":["content","main","MyApplication"]}"#
            ),
            (
                "25,25",
                #"{"point":[25,25],"hit":"badge","window":"overlay","local":[15,15],"chain":["badge","overlay","MyApplication"]}"#
            ),
            (
                "11,11",
                #"{"point":[11,11],"hit":"content","window":"main","local":[11,11],"chain":["content","main","MyApplication"]}"#
            ),
        ]
        for (at, expected) in cases {
            let r = try CLI.run(["query", CLI.fixture("windows.json"), "--at", at, "--json"])
            #expect(r.stdout == expected + "\n", "at \(at)")
        }
    }

    @Test("--points answers every point, in order, as single queries do")
    func points() throws {
        let pts = [[50, 130], [10, 10], [400, 10], [-5, 2.5], [219.999, 319.999], [220, 320]]
        let file = try CLI.temporaryFile(
            "[" + pts.map { "[\(Double($0[0])), \(Double($0[1]))]" }.joined(separator: ",") + "]",
            name: "points.json")
        let batch = try CLI.run([
            "query", CLI.fixture("spec-example.json"), "--points", file, "--json",
        ])
        #expect(batch.status == 0)
        var singles: [String] = []
        for p in pts {
            let r = try CLI.run([
                "query", CLI.fixture("spec-example.json"), "--at=\(p[0]),\(p[1])", "--json",
            ])
            singles.append(String(r.stdout.dropLast()))
        }
        #expect(batch.stdout == "[" + singles.joined(separator: ",") + "]\n")
        // ViewTwo spans [40, 240) x [120, 320) on screen: its max edges are outside.
        #expect(singles[4].contains(#""hit":"ViewTwo""#))
        #expect(singles[5].contains(#""hit":"ViewOne""#))
    }

    @Test("a scene can come from standard input")
    func standardInput() throws {
        let scene = try String(contentsOfFile: CLI.fixture("spec-example.json"), encoding: .utf8)
        let r = try CLI.run(["query", "-", "--at", "50,130", "--json"], stdin: scene)
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix(#"{"point":[50,130],"hit":"ViewTwo""#))
    }

    @Test("--engine reference is accepted; an unknown engine is a usage error")
    func engines() throws {
        let ok = try CLI.run([
            "query", CLI.fixture("spec-example.json"), "--at", "50,130", "--engine", "reference",
        ])
        #expect(ok.status == 0)
        let bad = try CLI.run([
            "query", CLI.fixture("spec-example.json"), "--at", "50,130", "--engine", "warp",
        ])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("warp"))
    }
}
