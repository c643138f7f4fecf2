import ArgumentParser
import Foundation
import HitTestKit

extension Point: ExpressibleByArgument {
    /// `X,Y` in screen points, for example `150,450` or `-10.5,3e2`, in any of the forms
    /// the tool and lldb print, so that either can be pasted: `[X, Y]` (`query --json`),
    /// `{X, Y}` (a `CGPoint` in a description), `(X, Y)` (a Swift tuple) and lldb's
    /// `(x = X, y = Y)`, also after its `(CGPoint) $R0 = `.
    public init?(argument: String) {
        var text = Substring(argument.trimmingCharacters(in: .whitespaces))
        // lldb's `p point`: `(CGPoint) $R0 = (x = 60, y = 140)`.
        if text.hasPrefix("("), let close = text.firstIndex(of: ")"),
            let equals = text[close...].firstIndex(of: "="),
            text[text.index(after: close)..<equals].trimmingCharacters(in: .whitespaces).hasPrefix(
                "$")
        {
            text = text[text.index(after: equals)...].drop { $0 == " " }
        }
        for (open, close) in [("[", "]"), ("{", "}"), ("(", ")")]
        where text.count >= 2 && text.hasPrefix(open) && text.hasSuffix(close) {
            text = text.dropFirst().dropLast()
            break
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let x = Point.coordinate(parts[0], label: "x"),
            let y = Point.coordinate(parts[1], label: "y")
        else { return nil }
        self.init(x: x, y: y)
    }

    /// A number, optionally labelled as lldb labels it (`x = 60`, also `x: 60`).
    private static func coordinate(_ part: Substring, label: String) -> Double? {
        var text = part.trimmingCharacters(in: .whitespaces)[...]
        if text.hasPrefix(label) {
            let rest = text.dropFirst(label.count).drop { $0 == " " }
            guard let mark = rest.first, mark == "=" || mark == ":" else { return nil }
            text = rest.dropFirst().drop { $0 == " " }
        }
        return Double(text)
    }

    public static var defaultCompletionKind: CompletionKind { .default }
}

/// Reads a JSON array of `[x, y]` points.
enum PointsFile {
    static func load(_ path: String) throws -> [Point] {
        let data = try SceneInput.read(path, what: "points file")
        let value: JSONValue
        do {
            value = try JSONReader.parse(data)
        } catch {
            throw CLIError("\(path) is not valid JSON: \(error)")
        }
        guard case .array(let items) = value else {
            throw CLIError("\(path): $ must be an array of [x, y] points, got \(value.typeName)")
        }
        var points: [Point] = []
        points.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard case .array(let xy) = item, xy.count == 2,
                case .number(let x) = xy[0], case .number(let y) = xy[1]
            else {
                throw CLIError("\(path): $[\(i)] must be an array of 2 numbers [x, y]")
            }
            points.append(Point(x: x, y: y))
        }
        return points
    }
}
