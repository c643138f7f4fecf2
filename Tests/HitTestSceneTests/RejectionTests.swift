import Foundation
import HitTestGeometry
import HitTestJSON
import HitTestScene
import Testing

/// Subview 0 (`a`) of the window `main` of `sceneJSON(subviews:)`.
private let a = subviewPath(0)

@Suite("Rejections: the document")
struct DocumentRejectionTests {
    @Test("an unknown format")
    func unknownFormat() throws {
        try expectRejected(
            #"{"format": "hittest-scene/2", "windows": []}"#, path: "$", viewID: nil,
            field: "format",
            mentions: ["unknown format", "hittest-scene/2", "hittest-scene/1"])
    }

    @Test("a format that is not a string")
    func formatNotString() throws {
        try expectRejected(
            #"{"format": 1, "windows": []}"#, path: "$", viewID: nil, field: "format",
            mentions: ["must be a string", "number"])
    }

    @Test("a missing format")
    func missingFormat() throws {
        try expectRejected(
            #"{"windows": []}"#, path: "$", viewID: nil, field: "format",
            mentions: ["missing", "hittest-scene/1"])
    }

    @Test("missing windows")
    func missingWindows() throws {
        try expectRejected(
            #"{"format": "hittest-scene/1"}"#, path: "$", viewID: nil, field: "windows",
            mentions: ["missing", "windows"])
    }

    @Test("windows that are not an array")
    func windowsNotArray() throws {
        try expectRejected(
            #"{"format": "hittest-scene/1", "windows": {}}"#, path: "$", viewID: nil,
            field: "windows",
            mentions: ["must be an array", "object"])
    }

    @Test(
        "a top level that is not an object",
        arguments: [("[]", "array"), (#""scene""#, "string"), ("null", "null"), ("42", "number")])
    func topLevelNotObject(json: String, typeName: String) throws {
        try expectRejected(
            json, path: "$", viewID: nil, field: nil,
            mentions: ["must be a JSON object", "got \(typeName)"])
    }

    @Test("a view that is not an object")
    func viewNotObject() throws {
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1]}, 42"#), path: subviewPath(1),
            viewID: nil, field: nil, mentions: ["view must be a JSON object", "got number"])
        try expectRejected(
            sceneJSON(windows: #"["main"]"#), path: "$.windows[0]", viewID: nil, field: nil,
            mentions: ["view must be a JSON object", "got array"])
    }

    @Test("screen and application fields are checked too")
    func screenAndApplication() throws {
        try expectRejected(
            #"{"format": "hittest-scene/1", "screen": {"width": "wide", "height": 1}, "windows": []}"#,
            path: "$.screen", viewID: nil, field: "width", mentions: ["must be a number"])
        try expectRejected(
            #"{"format": "hittest-scene/1", "screen": {"widht": 1, "height": 1}, "windows": []}"#,
            path: "$.screen", viewID: nil, field: "widht", mentions: ["unknown field", #""width""#])
        try expectRejected(
            #"{"format": "hittest-scene/1", "application": {"delegate": 3}, "windows": []}"#,
            path: "$.application", viewID: nil, field: "delegate", mentions: ["must be a string"])
        try expectRejected(
            #"{"format": "hittest-scene/1", "application": [], "windows": []}"#,
            path: "$", viewID: nil, field: "application", mentions: ["must be an object"])
        try expectRejected(
            #"{"format": "hittest-scene/1", "screen": {"width": -1, "height": 1}, "windows": []}"#,
            path: "$.screen", viewID: nil, field: "width", mentions: [">= 0"])
        try expectRejected(
            #"{"format": "hittest-scene/1", "application": {"class": ""}, "windows": []}"#,
            path: "$.application", viewID: nil, field: "class", mentions: ["must not be empty"])
    }

    @Test("an unknown top-level field, with a suggestion")
    func unknownTopLevelField() throws {
        try expectRejected(
            #"{"format": "hittest-scene/1", "windows": [], "window": []}"#, path: "$", viewID: nil,
            field: "window", mentions: ["unknown field", #"did you mean "windows"?"#])
    }

    @Test("a trailing comma is invalid JSON, reported with its line and column")
    func trailingComma() throws {
        let json = """
            {
              "format": "hittest-scene/1",
              "windows": [],
            }
            """
        try expectRejected(
            json, path: "$", viewID: nil, field: nil,
            mentions: ["invalid JSON", "line 3, column 16", "trailing comma"])
    }

    @Test("an unterminated string is invalid JSON, reported with its line and column")
    func unterminatedString() throws {
        let json = """
            {"format": "hittest-scene/1",
             "windows": [{"id": "main
            """
        let found = try issue(of: json)
        #expect(found.path == "$.windows[0].id")
        #expect(found.viewID == nil)
        #expect(found.field == nil)
        #expect(found.message.contains("invalid JSON"))
        #expect(found.message.contains("line 2"))
        #expect(found.message.contains("column 21"))
        #expect(
            found.message.lowercased().contains("unterminated")
                || found.message.contains("end of input"))
    }

    @Test("a duplicate key is invalid JSON")
    func duplicateKey() throws {
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "id": "b", "frame": [0, 0, 1, 1]}"#), path: a,
            viewID: nil,
            field: nil, mentions: ["invalid JSON", "duplicate key", #""id""#])
    }

    @Test("empty input")
    func emptyInput() throws {
        try expectRejected(
            "", path: "$", viewID: nil, field: nil, mentions: ["invalid JSON", "line 1, column 1"])
    }
}

@Suite("Rejections: ids and placement")
struct PlacementRejectionTests {
    @Test("a missing id")
    func missingID() throws {
        try expectRejected(
            sceneJSON(subviews: #"{"frame": [0, 0, 1, 1]}"#), path: a, viewID: nil, field: "id",
            mentions: ["missing", "id"])
        try expectRejected(
            sceneJSON(windows: #"{"frame": [0, 0, 1, 1]}"#), path: "$.windows[0]", viewID: nil,
            field: "id",
            mentions: ["missing"])
    }

    @Test("an id that is not a string, or empty")
    func badID() throws {
        try expectRejected(
            sceneJSON(subviews: #"{"id": 7, "frame": [0, 0, 1, 1]}"#), path: a, viewID: nil,
            field: "id",
            mentions: ["must be a string", "number"])
        try expectRejected(
            sceneJSON(subviews: #"{"id": "", "frame": [0, 0, 1, 1]}"#), path: a, viewID: nil,
            field: "id",
            mentions: ["must not be empty"])
    }

    @Test("a duplicate id names the first place it is used")
    func duplicateID() throws {
        try expectRejected(
            sceneJSON(
                subviews: #"{"id": "a", "frame": [0, 0, 1, 1]}, {"id": "a", "frame": [0, 0, 2, 2]}"#
            ),
            path: subviewPath(1), viewID: "a", field: "id",
            mentions: ["duplicate id", #""a""#, "already used at \(subviewPath(0))"])
    }

    @Test("a view may not reuse a window's id, in another window")
    func duplicateAcrossWindows() throws {
        try expectRejected(
            sceneJSON(
                windows: """
                    {"id": "w", "frame": [0, 0, 1, 1]},
                    {"id": "x", "frame": [0, 0, 1, 1], "subviews": [{"id": "w", "frame": [0, 0, 1, 1]}]}
                    """),
            path: "$.windows[1].subviews[0]", viewID: "w", field: "id",
            mentions: ["duplicate id", "already used at $.windows[0]"])
    }

    @Test("a missing placement")
    func missingPlacement() throws {
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a"}"#), path: a, viewID: "a", field: "frame",
            mentions: ["missing", "frame", "center", "size"])
    }

    @Test("both frame and center/size")
    func doubledPlacement() throws {
        try expectRejected(
            sceneJSON(
                subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "center": [0, 0], "size": [1, 1]}"#),
            path: a, viewID: "a", field: "frame", mentions: ["not both"])
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "center": [0, 0]}"#),
            path: a, viewID: "a", field: "frame", mentions: ["not both"])
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "size": [1, 1]}"#),
            path: a, viewID: "a", field: "frame", mentions: ["not both"])
    }

    @Test("center without size, and size without center")
    func halfPlacement() throws {
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "center": [5, 5]}"#), path: a, viewID: "a",
            field: "size",
            mentions: ["missing", "go together"])
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "size": [5, 5]}"#), path: a, viewID: "a",
            field: "center",
            mentions: ["missing", "go together"])
    }

    @Test("negative sizes, in a frame and in a size")
    func negativeSizes() throws {
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, -1, 5]}"#), path: a, viewID: "a",
            field: "frame",
            mentions: ["must not be negative", "-1"])
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 5, -0.001]}"#), path: a, viewID: "a",
            field: "frame", mentions: ["must not be negative"])
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "center": [0, 0], "size": [-0.5, 1]}"#), path: a,
            viewID: "a",
            field: "size", mentions: ["must not be negative", "-0.5"])
        try expectRejected(
            sceneJSON(windows: #"{"id": "w", "frame": [0, 0, 390, -844]}"#), path: "$.windows[0]",
            viewID: "w", field: "frame", mentions: ["must not be negative"])
    }

    @Test("finite frame numbers whose center overflows")
    func centerOverflow() throws {
        try expectRejected(
            sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [1.7976931348623157e308, 0, 1.7976931348623157e308, 1]}"#
            ),
            path: a, viewID: "a", field: "frame", mentions: ["center", "overflows to (inf, 0.5)"])
        try expectRejected(
            sceneJSON(
                subviews: #"{"id": "a", "frame": [0, -1e308, 1, 1e308], "anchorPoint": [0, -1]}"#),
            path: a, viewID: "a", field: "frame", mentions: ["center", "overflows to (0.0, -inf)"])
        // The same numbers with an anchor point that keeps the center finite load.
        let scene = try Scene.load(
            json: sceneJSON(
                subviews: #"{"id": "a", "frame": [0, -1e308, 1, 1e308], "anchorPoint": [0, 1]}"#))
        #expect(try view("a", in: scene).geometry.center == Point(x: 0, y: 0))
    }

    @Test("negative positions are fine")
    func negativePositions() throws {
        _ = try Scene.load(json: sceneJSON(subviews: #"{"id": "a", "frame": [-10, -20, 5, 5]}"#))
        _ = try Scene.load(
            json: sceneJSON(subviews: #"{"id": "a", "center": [-10, -20], "size": [5, 5]}"#))
    }

    @Test("alpha outside [0, 1]", arguments: ["-0.1", "1.5", "1.0000000000000002", "-1e-300"])
    func alphaOutOfRange(_ alpha: String) throws {
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "alpha": \#(alpha)}"#),
            path: a, viewID: "a",
            field: "alpha", mentions: ["must be a number in [0, 1]"])
    }

    @Test("level on a view that is not a window")
    func levelOnView() throws {
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "level": 1}"#), path: a,
            viewID: "a",
            field: "level", mentions: ["only windows have a level"])
    }
}

/// A case of a value the JSON reader refuses: the issue's path points at the value.
struct NonFiniteCase: CustomTestStringConvertible, Sendable {
    var json: String
    var path: String
    var mentions: String
    var testDescription: String { "\(path): \(mentions)" }
}

@Suite("Rejections: numbers, arrays, types and enum values")
struct ValueRejectionTests {
    static let nonFinite: [NonFiniteCase] = [
        NonFiniteCase(
            json: sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "alpha": NaN}"#),
            path: a + ".alpha",
            mentions: "NaN is not valid JSON"),
        NonFiniteCase(
            json: sceneJSON(subviews: #"{"id": "a", "frame": [0, NaN, 1, 1]}"#),
            path: a + ".frame[1]",
            mentions: "NaN is not valid JSON"),
        NonFiniteCase(
            json: sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1, 1], "transform": [1, 0, 0, 1, Infinity, 0]}"#),
            path: a + ".transform[4]", mentions: "Infinity is not valid JSON"),
        NonFiniteCase(
            json: sceneJSON(subviews: #"{"id": "a", "center": [-Infinity, 0], "size": [1, 1]}"#),
            path: a + ".center[0]", mentions: "-Infinity is not valid JSON"),
        NonFiniteCase(
            json: sceneJSON(
                subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "hitInsets": [1e400, 0, 0, 0]}"#),
            path: a + ".hitInsets[0]", mentions: "number 1e400 overflows to infinity"),
        NonFiniteCase(
            json: sceneJSON(
                subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "anchorPoint": [0.5, -1e400]}"#),
            path: a + ".anchorPoint[1]", mentions: "overflows to -infinity"),
        NonFiniteCase(
            json: sceneJSON(windows: #"{"id": "w", "frame": [0, 0, 1, 1], "level": -Infinity}"#),
            path: "$.windows[0].level", mentions: "-Infinity is not valid JSON"),
        NonFiniteCase(
            json:
                #"{"format": "hittest-scene/1", "screen": {"width": 1e400, "height": 1}, "windows": []}"#,
            path: "$.screen.width", mentions: "overflows to infinity"),
        NonFiniteCase(
            json: sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1, 1], "gestures": [{"id": "g", "kind": "pan", "hysteresis": NaN}]}"#
            ),
            path: a + ".gestures[0].hysteresis", mentions: "NaN is not valid JSON"),
        NonFiniteCase(
            json: sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1, 1], "control": {"trackingSlop": Infinity}}"#),
            path: a + ".control.trackingSlop", mentions: "Infinity is not valid JSON"),
        NonFiniteCase(
            json: sceneJSON(
                subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "boundsOrigin": [0, 2e308]}"#),
            path: a + ".boundsOrigin[1]", mentions: "overflows to infinity"),
    ]

    @Test(
        "NaN, Infinity, -Infinity and overflowing numbers, wherever they are", arguments: nonFinite)
    func nonFiniteNumbers(_ c: NonFiniteCase) throws {
        try expectRejected(
            c.json, path: c.path, viewID: nil, field: nil,
            mentions: ["invalid JSON", "line 1", c.mentions])
    }

    @Test(
        "arrays of the wrong length",
        arguments: [
            ("frame", "[0, 0, 1]", "4 numbers [x, y, w, h]"),
            ("transform", "[1, 0, 0, 1, 0]", "6 numbers [a, b, c, d, tx, ty]"),
            ("hitInsets", "[1, 2]", "4 numbers [top, left, bottom, right]"),
            ("anchorPoint", "[0.5]", "2 numbers [x, y]"),
            ("boundsOrigin", "[]", "2 numbers [x, y]"),
            ("transform", "[1, 0, 0, 1, 0, 0, 0]", "6 numbers"),
        ])
    func wrongLength(field: String, value: String, expected: String) throws {
        let placement = field == "frame" ? "" : #""frame": [0, 0, 1, 1], "#
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", \#(placement)"\#(field)": \#(value)}"#), path: a,
            viewID: "a",
            field: field,
            mentions: [
                "must be an array of \(expected)",
                "got \(value.replacingOccurrences(of: " ", with: ""))",
            ])
    }

    @Test("center and size of the wrong length")
    func wrongLengthCenterSize() throws {
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "center": [1, 2, 3], "size": [1, 1]}"#), path: a,
            viewID: "a",
            field: "center", mentions: ["2 numbers [x, y]"])
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "center": [1, 2], "size": [1]}"#), path: a,
            viewID: "a",
            field: "size", mentions: ["2 numbers [w, h]"])
    }

    @Test("an array element that is not a number")
    func elementNotNumber() throws {
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": [0, "0", 1, 1]}"#), path: a, viewID: "a",
            field: "frame",
            mentions: ["element 1", "must be a number", "string"])
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": 5}"#), path: a, viewID: "a", field: "frame",
            mentions: ["must be an array of 4 numbers"])
    }

    @Test(
        "fields of the wrong type",
        arguments: [
            ("alpha", #""0.5""#, "must be a number, got string"),
            ("hidden", "1", "must be true or false, got number"),
            ("clipsToBounds", "null", "must be true or false, got null"),
            ("userInteractionEnabled", #""yes""#, "must be true or false, got string"),
            ("class", "true", "must be a string, got boolean"),
            ("redirectTo", "[]", "must be a string, got array"),
            ("viewController", "{}", "must be a string, got object"),
            ("subviews", "{}", "must be an array, got object"),
            ("gestures", #""tap""#, "must be an array, got string"),
            ("control", "[]", "must be an object, got array"),
            ("multipleTouchEnabled", "0", "must be true or false, got number"),
            ("hitShape", "1", "must be a string, got number"),
        ])
    func wrongType(field: String, value: String, expected: String) throws {
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "\#(field)": \#(value)}"#),
            path: a,
            viewID: "a", field: field, mentions: [expected])
    }

    @Test(
        "unknown enum values list the allowed ones",
        arguments: [
            ("hitShape", "circle", "rect, ellipse"),
            ("pointInside", "children", "bounds, subviews, boundsOrSubviews"),
            ("hitTestRule", "none", "default, passthrough, boxOnly"),
            ("touches", "swallow", "forward, handle, handleAndForward"),
            ("hitShape", "Ellipse", "rect, ellipse"),
        ])
    func unknownEnumValue(field: String, value: String, allowed: String) throws {
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "\#(field)": "\#(value)"}"#),
            path: a,
            viewID: "a", field: field,
            mentions: [#"unknown value "\#(value)""#, "expected one of \(allowed)"])
    }

    @Test("an unknown viewControllerTouches value")
    func unknownViewControllerTouches() throws {
        try expectRejected(
            sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1, 1], "viewController": "V", "viewControllerTouches": "eat"}"#
            ), path: a, viewID: "a", field: "viewControllerTouches",
            mentions: [#"unknown value "eat""#])
    }

    @Test("an unknown field: a typo gets a suggestion")
    func typo() throws {
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "hitInset": [1, 1, 1, 1]}"#),
            path: a,
            viewID: "a", field: "hitInset",
            mentions: ["unknown field", #"did you mean "hitInsets"?"#])
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "Hidden": true}"#), path: a,
            viewID: "a",
            field: "Hidden", mentions: ["unknown field", #"did you mean "hidden"?"#])
        // A misspelt placement is also a missing one.
        let found = try issues(of: sceneJSON(subviews: #"{"id": "a", "fram": [0, 0, 1, 1]}"#))
        try #require(found.count == 2, "\(SceneError(issues: found))")
        expectIssue(found[0], path: a, viewID: "a", field: "frame", mentions: ["missing"])
        expectIssue(
            found[1], path: a, viewID: "a", field: "fram",
            mentions: ["unknown field", #"did you mean "frame"?"#])
    }

    @Test("a tie between two near names always suggests the same one")
    func suggestionTie() throws {
        // "ind" is one edit from both "id" and "kind"; the suggestion must not depend on
        // the order of a hash set, which changes from run to run.
        let json = sceneJSON(
            subviews:
                #"{"id": "a", "frame": [0, 0, 1, 1], "gestures": [{"id": "g", "kind": "tap", "ind": 1}]}"#
        )
        for _ in 0..<20 {
            let found = try issue(of: json)
            expectIssue(found, path: a + ".gestures[0]", viewID: "a", field: "ind")
            #expect(found.message == #"unknown field; did you mean "id"?"#)
        }
    }

    @Test("a field given twice in a JSON value built in code")
    func duplicateMemberInValue() throws {
        let window = JSONValue.object(
            JSONObject([
                JSONMember(key: "id", value: .string("w")),
                JSONMember(key: "frame", value: .array([0, 0, 1, 1].map { .number($0) })),
                JSONMember(key: "alpha", value: .number(1)),
                JSONMember(key: "alpha", value: .number(0.5)),
            ]))
        let value = JSONValue.object(
            JSONObject([
                JSONMember(key: "format", value: .string("hittest-scene/1")),
                JSONMember(key: "windows", value: .array([window])),
            ]))
        do {
            let scene = try Scene.load(jsonValue: value)
            Issue.record("loaded, with alpha \(scene.windows.first?.alpha ?? .nan)")
        } catch {
            try #require(error.issues.count == 1, "\(error)")
            expectIssue(
                error.issues[0], path: "$.windows[0]", viewID: "w", field: "alpha",
                mentions: ["more than once"])
        }
    }

    @Test("an unknown field with no near name")
    func unknownField() throws {
        let found = try issue(
            of: sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "opacity": 1}"#))
        expectIssue(found, path: a, viewID: "a", field: "opacity", mentions: ["unknown field"])
        #expect(!found.message.contains("did you mean"))
    }
}

@Suite("Rejections: references")
struct ReferenceRejectionTests {
    @Test("redirectTo a sibling")
    func redirectToSibling() throws {
        try expectRejected(
            sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1, 1], "redirectTo": "b"}, {"id": "b", "frame": [0, 0, 1, 1]}"#
            ),
            path: a, viewID: "a", field: "redirectTo",
            mentions: [#"names "b""#, #"not a descendant of "a""#])
    }

    @Test("redirectTo an ancestor")
    func redirectToAncestor() throws {
        try expectRejected(
            sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1, 1], "subviews": [{"id": "c", "frame": [0, 0, 1, 1], "redirectTo": "a"}]}"#
            ), path: a + ".subviews[0]", viewID: "c", field: "redirectTo",
            mentions: ["not a descendant"])
        try expectRejected(
            sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1, 1], "subviews": [{"id": "c", "frame": [0, 0, 1, 1], "redirectTo": "main"}]}"#
            ), path: a + ".subviews[0]", viewID: "c", field: "redirectTo",
            mentions: ["not a descendant"])
    }

    @Test("redirectTo itself")
    func redirectToItself() throws {
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "redirectTo": "a"}"#), path: a,
            viewID: "a",
            field: "redirectTo", mentions: ["not a descendant"])
    }

    @Test("redirectTo a view in another window")
    func redirectToOtherWindow() throws {
        try expectRejected(
            sceneJSON(
                windows: """
                    {"id": "w1", "frame": [0, 0, 1, 1], "redirectTo": "x"},
                    {"id": "w2", "frame": [0, 0, 1, 1], "subviews": [{"id": "x", "frame": [0, 0, 1, 1]}]}
                    """), path: "$.windows[0]", viewID: "w1", field: "redirectTo",
            mentions: ["not a descendant"])
    }

    @Test("redirectTo a missing id")
    func redirectToMissing() throws {
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "redirectTo": "ghost"}"#),
            path: a,
            viewID: "a", field: "redirectTo", mentions: [#"names "ghost""#, "no view of the scene"])
    }

    @Test("a view controller name used twice")
    func duplicateViewController() throws {
        try expectRejected(
            sceneJSON(
                subviews: """
                    {"id": "a", "frame": [0, 0, 1, 1], "viewController": "VC"},
                    {"id": "b", "frame": [0, 0, 1, 1], "viewController": "VC"}
                    """), path: subviewPath(1), viewID: "b", field: "viewController",
            mentions: [#""VC" is already used by view "a" at \#(subviewPath(0))"#])
    }

    @Test("an empty view controller name")
    func emptyViewController() throws {
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "viewController": ""}"#),
            path: a,
            viewID: "a", field: "viewController", mentions: ["must not be empty"])
    }

    @Test("presentedBy naming no view controller")
    func presentedByNothing() throws {
        try expectRejected(
            sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1, 1], "viewController": "VC", "presentedBy": "Nope"}"#
            ),
            path: a, viewID: "a", field: "presentedBy",
            mentions: [#"names "Nope""#, "no view controller"])
    }

    @Test("presentedBy naming a view id rather than a view controller")
    func presentedByViewID() throws {
        try expectRejected(
            sceneJSON(
                subviews: """
                    {"id": "a", "frame": [0, 0, 1, 1], "viewController": "A"},
                    {"id": "b", "frame": [0, 0, 1, 1], "viewController": "B", "presentedBy": "a"}
                    """), path: subviewPath(1), viewID: "b", field: "presentedBy",
            mentions: ["no view controller"])
    }

    @Test("presentedBy forming a cycle of two: both are reported")
    func presentedByCycle() throws {
        let found = try issues(
            of: sceneJSON(
                subviews: """
                    {"id": "a", "frame": [0, 0, 1, 1], "viewController": "A", "presentedBy": "B"},
                    {"id": "b", "frame": [0, 0, 1, 1], "viewController": "B", "presentedBy": "A"}
                    """))
        try #require(found.count == 2, "\(SceneError(issues: found))")
        expectIssue(
            found[0], path: subviewPath(0), viewID: "a", field: "presentedBy",
            mentions: ["cycle", #""A""#])
        expectIssue(
            found[1], path: subviewPath(1), viewID: "b", field: "presentedBy",
            mentions: ["cycle", #""B""#])
    }

    @Test("presentedBy forming a longer cycle, reached from outside it")
    func presentedByLongCycle() throws {
        let found = try issues(
            of: sceneJSON(
                subviews: """
                    {"id": "a", "frame": [0, 0, 1, 1], "viewController": "A", "presentedBy": "B"},
                    {"id": "b", "frame": [0, 0, 1, 1], "viewController": "B", "presentedBy": "C"},
                    {"id": "c", "frame": [0, 0, 1, 1], "viewController": "C", "presentedBy": "D"},
                    {"id": "d", "frame": [0, 0, 1, 1], "viewController": "D", "presentedBy": "B"}
                    """))
        // A leads into the cycle B -> C -> D -> B but is not on it.
        #expect(found.map(\.viewID) == ["b", "c", "d"])
        #expect(found.allSatisfy { $0.field == "presentedBy" && $0.message.contains("cycle") })
    }

    @Test("a view controller presented by itself")
    func presentedBySelf() throws {
        try expectRejected(
            sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1, 1], "viewController": "A", "presentedBy": "A"}"#
            ),
            path: a, viewID: "a", field: "presentedBy", mentions: ["cycle", #""A""#])
    }

    @Test("presentedBy without viewController")
    func presentedByWithoutViewController() throws {
        try expectRejected(
            sceneJSON(
                subviews: """
                    {"id": "a", "frame": [0, 0, 1, 1], "viewController": "A"},
                    {"id": "b", "frame": [0, 0, 1, 1], "presentedBy": "A"}
                    """), path: subviewPath(1), viewID: "b", field: "presentedBy",
            mentions: [#"needs "viewController""#])
    }

    @Test("viewControllerTouches without viewController")
    func viewControllerTouchesWithoutViewController() throws {
        try expectRejected(
            sceneJSON(
                subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "viewControllerTouches": "handle"}"#),
            path: a,
            viewID: "a", field: "viewControllerTouches", mentions: [#"needs "viewController""#])
    }
}

@Suite("Rejections: gestures and controls")
struct GestureRejectionTests {
    /// A scene whose view `a` has these gestures (the text between the brackets).
    private func withGestures(_ gestures: String) -> String {
        sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "gestures": [\#(gestures)]}"#)
    }

    private let g0 = a + ".gestures[0]"

    @Test("an unknown kind")
    func unknownKind() throws {
        try expectRejected(
            withGestures(#"{"id": "g", "kind": "wave"}"#), path: g0, viewID: "a", field: "kind",
            mentions: [#"unknown value "wave""#, "tap, longPress, pan, pinch"])
    }

    @Test("a missing kind")
    func missingKind() throws {
        try expectRejected(
            withGestures(#"{"id": "g"}"#), path: g0, viewID: "a", field: "kind",
            mentions: ["missing", "kind"])
    }

    @Test("a missing gesture id")
    func missingID() throws {
        try expectRejected(
            withGestures(#"{"kind": "tap"}"#), path: g0, viewID: "a", field: "id",
            mentions: ["missing"])
    }

    @Test("a gesture that is not an object")
    func notObject() throws {
        try expectRejected(
            withGestures(#""tap""#), path: g0, viewID: "a", field: nil,
            mentions: ["gesture must be a JSON object"])
    }

    @Test(
        "a setting of another kind",
        arguments: [
            ("tap", "hysteresis"), ("tap", "minimumPressDuration"), ("longPress", "taps"),
            ("pan", "touches"), ("pinch", "taps"), ("pan", "allowableMovement"),
        ])
    func settingOfAnotherKind(kind: String, setting: String) throws {
        try expectRejected(
            withGestures(#"{"id": "g", "kind": "\#(kind)", "\#(setting)": 2}"#), path: g0,
            viewID: "a",
            field: setting, mentions: ["unknown field"])
    }

    @Test("taps 0, touches 0, minimumTouches 0")
    func countsBelowOne() throws {
        try expectRejected(
            withGestures(#"{"id": "g", "kind": "tap", "taps": 0}"#), path: g0, viewID: "a",
            field: "taps",
            mentions: ["at least 1", "got 0"])
        try expectRejected(
            withGestures(#"{"id": "g", "kind": "longPress", "touches": 0}"#), path: g0, viewID: "a",
            field: "touches", mentions: ["at least 1"])
        try expectRejected(
            withGestures(#"{"id": "g", "kind": "pan", "minimumTouches": -2}"#), path: g0,
            viewID: "a",
            field: "minimumTouches", mentions: ["at least 1", "got -2"])
    }

    @Test("counts that are not whole numbers")
    func fractionalCounts() throws {
        try expectRejected(
            withGestures(#"{"id": "g", "kind": "tap", "touches": 1.5}"#), path: g0, viewID: "a",
            field: "touches",
            mentions: ["whole number", "1.5"])
        try expectRejected(
            withGestures(#"{"id": "g", "kind": "tap", "taps": 1e300}"#), path: g0, viewID: "a",
            field: "taps",
            mentions: ["whole number"])
        try expectRejected(
            withGestures(#"{"id": "g", "kind": "pan", "maximumTouches": "3"}"#), path: g0,
            viewID: "a",
            field: "maximumTouches", mentions: ["must be a number"])
    }

    @Test("negative durations and distances")
    func negativeSettings() throws {
        try expectRejected(
            withGestures(#"{"id": "g", "kind": "longPress", "minimumPressDuration": -0.1}"#),
            path: g0,
            viewID: "a", field: "minimumPressDuration", mentions: [">= 0"])
        try expectRejected(
            withGestures(#"{"id": "g", "kind": "longPress", "allowableMovement": -1}"#), path: g0,
            viewID: "a",
            field: "allowableMovement", mentions: [">= 0"])
        try expectRejected(
            withGestures(#"{"id": "g", "kind": "pan", "hysteresis": -5}"#), path: g0, viewID: "a",
            field: "hysteresis", mentions: [">= 0"])
    }

    @Test("maximumTouches below minimumTouches")
    func maximumBelowMinimum() throws {
        try expectRejected(
            withGestures(#"{"id": "g", "kind": "pan", "minimumTouches": 3, "maximumTouches": 2}"#),
            path: g0,
            viewID: "a", field: "maximumTouches",
            mentions: ["at least minimumTouches (3)", "got 2"])
    }

    @Test("a duplicate gesture id, on another view")
    func duplicateGestureID() throws {
        try expectRejected(
            sceneJSON(
                subviews: """
                    {"id": "a", "frame": [0, 0, 1, 1], "gestures": [{"id": "g", "kind": "tap"}]},
                    {"id": "b", "frame": [0, 0, 1, 1], "gestures": [{"id": "h", "kind": "pan"}, {"id": "g", "kind": "pinch"}]}
                    """), path: subviewPath(1) + ".gestures[1]", viewID: "b", field: "id",
            mentions: [#"duplicate gesture id: "g""#, "already used at \(g0)"])
    }

    @Test("requireToFail naming a missing gesture")
    func requireToFailMissing() throws {
        try expectRejected(
            withGestures(#"{"id": "g", "kind": "tap", "requireToFail": ["ghost"]}"#), path: g0,
            viewID: "a",
            field: "requireToFail", mentions: [#"names "ghost""#, "no gesture"])
    }

    @Test("requireToFail and simultaneousWith naming the gesture itself")
    func namesItself() throws {
        try expectRejected(
            withGestures(#"{"id": "g", "kind": "tap", "requireToFail": ["g"]}"#), path: g0,
            viewID: "a",
            field: "requireToFail", mentions: [#"gesture "g" names itself"#])
        try expectRejected(
            withGestures(
                #"{"id": "g", "kind": "tap"}, {"id": "h", "kind": "pan", "simultaneousWith": ["g", "h"]}"#
            ),
            path: a + ".gestures[1]", viewID: "a", field: "simultaneousWith",
            mentions: [#""h" names itself"#])
    }

    @Test("a reference list that holds a non-string")
    func referenceNotString() throws {
        try expectRejected(
            withGestures(#"{"id": "g", "kind": "tap", "requireToFail": [1]}"#), path: g0,
            viewID: "a",
            field: "requireToFail", mentions: ["element 0 must be a string"])
    }

    @Test("a view naming a view id where a gesture id is needed")
    func requireToFailNamesAView() throws {
        try expectRejected(
            withGestures(#"{"id": "g", "kind": "tap", "requireToFail": ["a"]}"#), path: g0,
            viewID: "a",
            field: "requireToFail", mentions: ["no gesture"])
    }

    @Test("an unknown control event name, with a suggestion")
    func unknownControlEvent() throws {
        try expectRejected(
            sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1, 1], "control": {"actions": {"touchUpInsid": "buy"}}}"#
            ),
            path: a + ".control.actions", viewID: "a", field: "touchUpInsid",
            mentions: ["unknown field", #"did you mean "touchUpInside"?"#])
        try expectRejected(
            sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1, 1], "control": {"actions": {"valueChange": "x"}}}"#
            ),
            path: a + ".control.actions", viewID: "a", field: "valueChange",
            mentions: ["unknown field"])
    }

    @Test("an action that is not a string, or empty")
    func badActionName() throws {
        try expectRejected(
            sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1, 1], "control": {"actions": {"touchDown": 1}}}"#
            ),
            path: a + ".control.actions", viewID: "a", field: "touchDown",
            mentions: ["must be a string"])
        try expectRejected(
            sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1, 1], "control": {"actions": {"touchDown": ""}}}"#
            ),
            path: a + ".control.actions", viewID: "a", field: "touchDown",
            mentions: ["must not be empty"])
    }

    @Test("a negative trackingSlop")
    func negativeTrackingSlop() throws {
        try expectRejected(
            sceneJSON(
                subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "control": {"trackingSlop": -1}}"#),
            path: a + ".control", viewID: "a", field: "trackingSlop", mentions: [">= 0", "-1"])
    }

    @Test("an unknown control field")
    func unknownControlField() throws {
        try expectRejected(
            sceneJSON(
                subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "control": {"enabeld": false}}"#),
            path: a + ".control", viewID: "a", field: "enabeld",
            mentions: ["unknown field", #""enabled""#])
    }
}

@Suite("Rejections: nothing half-loads, every problem is listed")
struct WholeDocumentTests {
    /// A chain of 12 views inside the window; the deepest has `deepest` as extra fields.
    private func chain(deepest fields: String) -> String {
        var text = ""
        for i in 0..<12 {
            text += #"{"id": "c\#(i)", "frame": [0, 0, 10, 10], "subviews": ["#
        }
        text += #"{"id": "bottom", "frame": [0, 0, 1, 1]\#(fields)}"#
        text += String(repeating: "]}", count: 12)
        return sceneJSON(subviews: text)
    }

    private let bottomPath = subviewPath(0) + String(repeating: ".subviews[0]", count: 12)

    @Test("a chain with a good bottom view loads whole")
    func goodChain() throws {
        let scene = try Scene.load(json: chain(deepest: ""))
        #expect(scene.viewCount == 14)
        #expect(scene.depth == 14)
    }

    @Test(
        "one bad view deep inside rejects the whole scene",
        arguments: [
            #", "hitShape": "circle""#, #", "alpha": 2"#, #", "redirectTo": "c0""#,
            #", "bogus": 1"#,
            #", "id": 5"#, #", "subviews": [7]"#,
        ])
    func badViewDeepInside(_ fields: String) throws {
        // Patch the bottom view's fields; a duplicate "id" key is replaced rather than added.
        let json =
            fields.contains(#""id""#)
            ? chain(deepest: "").replacingOccurrences(of: #""id": "bottom""#, with: #""id": 5"#)
            : chain(deepest: fields)
        let error = try #require(loadError(json), "a scene with a bad view deep inside loaded")
        #expect(!error.issues.isEmpty)
        #expect(error.issues.allSatisfy { $0.path.hasPrefix(bottomPath) }, "\(error)")
    }

    @Test("a deep view without an id is not silently dropped")
    func missingIDDeepInside() throws {
        let json = chain(deepest: "").replacingOccurrences(of: #""id": "bottom", "#, with: "")
        try expectRejected(json, path: bottomPath, viewID: nil, field: "id", mentions: ["missing"])
    }

    @Test("two type errors in different views are both listed, in document order")
    func twoDecodingErrors() throws {
        let found = try issues(
            of: sceneJSON(
                subviews: """
                    {"id": "a", "frame": [0, 0, 1, 1], "alpha": "x"},
                    {"id": "b", "frame": [0, 0, 1, 1], "hitShape": "circle"}
                    """))
        #expect(found.count == 2)
        #expect(found.map(\.viewID) == ["a", "b"])
        #expect(found.map(\.field) == ["alpha", "hitShape"])
    }

    @Test("two rule violations in different views are both listed")
    func twoValidationErrors() throws {
        let found = try issues(
            of: sceneJSON(
                subviews: """
                    {"id": "a", "frame": [0, 0, 1, 1], "alpha": 1.5},
                    {"id": "b", "center": [0, 0], "size": [-1, 1]},
                    {"id": "a", "frame": [0, 0, 1, 1]}
                    """))
        #expect(found.count == 3)
        #expect(found.map(\.field) == ["alpha", "size", "id"])
    }

    @Test("several problems of one view are all listed")
    func severalInOneView() throws {
        let found = try issues(
            of: sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1], "hidden": 3, "hitTestRule": "x", "extra": 1}"#
            ))
        #expect(Set(found.compactMap(\.field)) == ["frame", "hidden", "hitTestRule", "extra"])
        #expect(found.allSatisfy { $0.viewID == "a" && $0.path == a })
    }

    @Test("a type error and a rule violation in one file are both listed")
    func decodingAndValidationErrors() throws {
        let found = try issues(
            of: sceneJSON(
                subviews: """
                    {"id": "a", "frame": [0, 0, 1, 1], "hitShape": "circle"},
                    {"id": "b", "frame": [0, 0, 1, 1], "alpha": 1.5}
                    """))
        #expect(found.map(\.field) == ["hitShape", "alpha"])
        #expect(found.map(\.viewID) == ["a", "b"])
    }

    @Test("the issue list stops at Limits.maxIssues")
    func maxIssues() throws {
        let bad = (0..<300).map { #"{"id": "v\#($0)", "frame": [0, 0, 1, 1], "hidden": 1}"# }
        let json = sceneJSON(subviews: bad.joined(separator: ", "))
        #expect(try issues(of: json).count == 100)
        var limits = Scene.Limits()
        limits.maxIssues = 3
        let three = try issues(of: json, limits: limits)
        #expect(three.map(\.viewID) == ["v0", "v1", "v2"])
    }

    @Test("the error's description names the view, the path and the field")
    func description() throws {
        let error = try #require(
            loadError(sceneJSON(subviews: #"{"id": "buy", "frame": [0, 0, 1, 1], "alpha": 2}"#)))
        #expect(
            error.description
                == #"view "buy" at $.windows[0].subviews[0], field "alpha": must be a number in [0, 1], got 2.0"#
        )
    }
}
