import Foundation
import HitTestJSON
import Testing

/// `--json` on the commands a script drives: one JSON object on standard output that
/// parses, with the figures the text output prints.
@Suite("hittest --json on validate, stats and fuzz")
struct JSONOutputTests {
    @Test("validate --json of a valid scene: the summary as numbers, exit 0")
    func validateValid() throws {
        let r = try CLI.run(["validate", CLI.fixture("windows.json"), "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try JSONReader.parse(Array(r.stdout.utf8)).asObject)
        #expect(o["valid"] == .bool(true))
        #expect(o["format"]?.asString == "hittest-scene/1")
        #expect(o["views"]?.asNumber == 6)
        #expect(o["windows"]?.asNumber == 3)
        #expect(o["depth"]?.asNumber == 2)
        let rules = try #require(o["rules"]?.asObject)
        #expect(rules["hitShape=ellipse"]?.asNumber == 1)
        #expect(rules["hitTestRule=passthrough"]?.asNumber == 1)
        #expect(rules.keys.count == 2)
    }

    @Test("validate --json of an invalid scene: every error with path, view, field; exit 1")
    func validateInvalid() throws {
        let scene = """
            {"format": "hittest-scene/1", "windows": [
              {"id": "main", "frame": [0, 0, 390, 844], "subviews": [
                {"id": "card", "frame": [0, 0, 10, 10], "hitShape": "circle"},
                {"id": "other", "frame": [0, 0, 10, 10], "pointInside": "never"}
              ]}
            ]}
            """
        let r = try CLI.run(["validate", try CLI.temporaryFile(scene), "--json"])
        #expect(r.status == 1)
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        let o = try #require(try JSONReader.parse(Array(r.stdout.utf8)).asObject)
        #expect(o["valid"] == .bool(false))
        let errors = try #require(o["errors"]?.asArray).compactMap(\.asObject)
        #expect(errors.count == 2)
        #expect(errors.first?["path"]?.asString == "$.windows[0].subviews[0]")
        #expect(errors.first?["viewID"]?.asString == "card")
        #expect(errors.first?["field"]?.asString == "hitShape")
        #expect(errors.first?["message"]?.asString?.contains("circle") == true)
        #expect(errors.last?["viewID"]?.asString == "other")
        // An unreadable file is still an error on standard error.
        let missing = try CLI.run(["validate", "/nonexistent/scene.json", "--json"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot read"))
    }

    @Test("stats --json: the store's figures and the work per query of both engines")
    func stats() throws {
        let r = try CLI.run(["stats", CLI.fixture("windows.json"), "--queries", "300", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try JSONReader.parse(Array(r.stdout.utf8)).asObject)
        #expect(o["views"]?.asNumber == 6)
        #expect(o["windows"]?.asNumber == 3)
        #expect(o["preferredEngine"]?.asString == "flat")
        #expect((o["storeBytes"]?.asNumber ?? 0) > 0)
        #expect((o["bytesPerView"]?.asNumber ?? 0) > 0)
        // No view has a child index here: every index byte is the screen index's.
        #expect(o["indexedViews"]?.asNumber == 0)
        #expect(o["screenIndexBytes"]?.asNumber == o["indexBytes"]?.asNumber)
        #expect((o["screenIndexBytes"]?.asNumber ?? 0) > 0)
        for engine in ["flat", "bvh"] {
            let e = try #require(o[engine]?.asObject, "\(engine)")
            #expect(e["queries"]?.asNumber == 300)
            #expect((e["viewsVisited"]?.asNumber ?? 0) > 0)
        }
        #expect(o["nsPerQuery"] == nil)
    }

    @Test("fuzz --json: seeds and counts, no mismatch, exit 0")
    func fuzz() throws {
        let r = try CLI.run(["fuzz", "--seed", "5", "--iterations", "2", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try JSONReader.parse(Array(r.stdout.utf8)).asObject)
        #expect(o["mismatch"] == .bool(false))
        #expect(o["firstSeed"]?.asNumber == 5)
        #expect(o["lastSeed"]?.asNumber == 6)
        #expect(o["iterations"]?.asNumber == 2)
        #expect((o["points"]?.asNumber ?? 0) > 0)
        #expect(o["seed"] == nil)
    }
}
