import Testing

@Suite("hittest chain and validate")
struct OtherCommandTests {
    @Test("chain prints the responder chain of a view")
    func chain() throws {
        let r = try CLI.run(["chain", CLI.fixture("spec-example.json"), "ViewTwo"])
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                ViewTwo <UIView>
                - ViewOne
                -- HitTestViewController
                --- main <UIWindow>
                ---- UIApplication
                ----- AppDelegate

                """)
        let json = try CLI.run(["chain", CLI.fixture("spec-example.json"), "ViewOne", "--json"])
        #expect(
            json.stdout
                == #"["ViewOne","HitTestViewController","main","UIApplication","AppDelegate"]"#
                + "\n")
    }

    @Test("chain of an unknown id exits 1 and names it")
    func chainUnknown() throws {
        let r = try CLI.run(["chain", CLI.fixture("spec-example.json"), "ViewNine"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\"ViewNine\""))
        #expect(r.stdout == "")
    }

    @Test("validate prints a summary of a valid scene")
    func validateSummary() throws {
        let r = try CLI.run(["validate", CLI.fixture("windows.json")])
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                valid hittest-scene/1 scene
                views: 6 (windows: 3), depth: 2
                view controllers: 0, gestures: 0, controls: 0
                rules used: hitShape=ellipse (1), hitTestRule=passthrough (1)

                """)
    }

    @Test("validate lists every error of an invalid scene, naming view and field")
    func validateErrors() throws {
        let scene = """
            {"format": "hittest-scene/1", "windows": [
              {"id": "main", "frame": [0, 0, 390, 844], "subviews": [
                {"id": "buyButton", "frame": [0, 0, 10, 10], "alpha": 2},
                {"id": "card", "frame": [0, 0, -1, 10], "hitShape": "circle"}
              ]}
            ]}
            """
        let r = try CLI.run(["validate", try CLI.temporaryFile(scene)])
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(
            r.stderr.contains(
                #"view "card" at $.windows[0].subviews[1], field "hitShape": unknown value "circle""#
            ))
        // Rule errors come in the same run as type and enum errors, in document order.
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(r.stderr)")
        // (A view's type errors come before its rule errors.)
        let fields = lines.dropFirst().map { $0.split(separator: ":")[0] }
        #expect(
            fields == [
                #"  view "buyButton" at $.windows[0].subviews[0], field "alpha""#,
                #"  view "card" at $.windows[0].subviews[1], field "hitShape""#,
                #"  view "card" at $.windows[0].subviews[1], field "frame""#,
            ], "\(r.stderr)")
        let ranges = try CLI.run([
            "validate",
            try CLI.temporaryFile(
                scene.replacingOccurrences(of: #", "hitShape": "circle""#, with: "")),
        ])
        #expect(ranges.status == 1)
        #expect(
            ranges.stderr.contains(
                #"view "buyButton" at $.windows[0].subviews[0], field "alpha": must be a number in [0, 1]"#
            ))
        #expect(ranges.stderr.contains(#"view "card" at $.windows[0].subviews[1], field "frame""#))
    }
}
