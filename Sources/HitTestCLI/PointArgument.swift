import ArgumentParser
import Foundation
import HitTestKit

extension Point: ExpressibleByArgument {
    /// `X,Y` in screen points, for example `150,450` or `-10.5,3e2`; also `{X, Y}` and
    /// `(X, Y)`, as lldb prints a `CGPoint` and Swift a tuple, so either can be pasted.
    public init?(argument: String) {
        var text = argument.trimmingCharacters(in: .whitespaces)
        if let first = text.first, let last = text.last, text.count >= 2,
            (first == "{" && last == "}") || (first == "(" && last == ")")
        {
            text = String(text.dropFirst().dropLast())
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let x = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let y = Double(parts[1].trimmingCharacters(in: .whitespaces))
        else { return nil }
        self.init(x: x, y: y)
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
