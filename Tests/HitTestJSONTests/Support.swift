import HitTestJSON
import Testing

/// SplitMix64: a small, fast, seedable generator, so random tests can be replayed from the
/// seed they print on failure.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The error parsing `bytes` throws, or nil if it parses.
func parseError(_ bytes: [UInt8], limits: JSONReader.Limits = .init()) -> JSONParseError? {
    do {
        _ = try JSONReader.parse(bytes, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// The error parsing `text` throws, or nil if it parses.
func parseError(_ text: String, limits: JSONReader.Limits = .init()) -> JSONParseError? {
    parseError(Array(text.utf8), limits: limits)
}

/// `depth` arrays nested in each other around `innermost`, built without recursion.
func nestedArrays(depth: Int, innermost: JSONValue = .null) -> JSONValue {
    var value = innermost
    for _ in 0..<depth {
        value = .array([value])
    }
    return value
}

/// How many containers are nested at the deepest point of `value` (without recursion).
func nestingDepth(of value: JSONValue) -> Int {
    var deepest = 0
    var pending: [(JSONValue, Int)] = [(value, 0)]
    while let (node, depth) = pending.popLast() {
        switch node {
        case .array(let elements):
            deepest = max(deepest, depth + 1)
            pending.append(contentsOf: elements.map { ($0, depth + 1) })
        case .object(let object):
            deepest = max(deepest, depth + 1)
            pending.append(contentsOf: object.members.map { ($0.value, depth + 1) })
        default:
            break
        }
    }
    return deepest
}

/// Releases a value of any depth one level at a time, so the release cannot recurse
/// deeply. (Plain release costs stack in proportion to the depth.)
func dismantle(_ value: consuming JSONValue) {
    var pending: [JSONValue] = [consume value]
    while var node = pending.popLast() {
        switch node {
        case .array(let elements):
            node = .null
            pending.append(contentsOf: elements)
        case .object(let object):
            node = .null
            pending.append(contentsOf: object.members.map(\.value))
        default:
            break
        }
        _ = node
    }
}
