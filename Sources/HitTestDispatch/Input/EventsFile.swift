import HitTestGeometry
import HitTestJSON

/// A `hittest-events/1` document (`rule-events-file`): frames in time order and the time to
/// flush timers to.
///
/// `load(json:)` refuses, with the JSON path and field, anything `Dispatcher.feed` would
/// refuse, so a loaded file always replays.
public struct EventsFile: Hashable, Sendable {
    /// The value of the `format` field.
    public static let formatName = "hittest-events/1"

    /// The frames, in non-decreasing order of time, fed one by one.
    public var frames: [InputFrame]
    /// Timers due at or before this time fire after the last frame; nil fires them all.
    public var until: Double?

    /// An events document; `Dispatcher.feed` checks each frame when it is replayed.
    public init(frames: [InputFrame], until: Double? = nil) {
        self.frames = frames
        self.until = until
    }

    /// Parses and checks an events file.
    ///
    /// - Throws: `EventsFileError` naming the JSON path and field of the first problem:
    ///   invalid JSON, a wrong or missing `format`, an unknown field, a wrong type (a
    ///   `pointer` that is neither `[x, y]` nor `"gone"` included), a
    ///   non-integral touch id, an unknown phase, frames out of time order, a touch that
    ///   does not begin first, begins twice, or is listed twice in one frame.
    public static func load(json bytes: some Collection<UInt8>, limits: Limits = .default)
        throws(EventsFileError) -> EventsFile
    {
        guard bytes.count <= limits.maxJSONBytes else {
            throw EventsFileError(
                path: "$", field: nil,
                message: "the file has \(bytes.count) bytes, more than the limit of "
                    + "\(limits.maxJSONBytes)")
        }
        let root: JSONValue
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            throw EventsFileError(path: error.path, field: nil, message: error.description)
        }
        return try decode(root, limits: limits)
    }

    /// The largest events file `load` accepts; beyond them it throws, naming the limit.
    /// Memory use is then bounded by the file's size.
    public struct Limits: Hashable, Sendable {
        /// Bytes of JSON.
        public var maxJSONBytes = 1 << 30
        /// Frames in the file.
        public var maxFrames = 10_000_000
        /// Touches listed in one frame.
        public var maxTouchesPerFrame = 1_024

        /// The default limits.
        public init() {}

        /// The limits `load` uses unless given others.
        public static let `default` = Limits()
    }

    /// Parses and checks an events file held in a string.
    public static func load(json text: String) throws(EventsFileError) -> EventsFile {
        try load(json: Array(text.utf8))
    }

    private static func decode(_ root: JSONValue, limits: Limits) throws(EventsFileError)
        -> EventsFile
    {
        let r = try _ObjectReader(root, path: "$", known: ["format", "frames", "until"])
        guard let format = root["format"] else {
            throw r.error("format", "missing; write \"format\": \"\(formatName)\"")
        }
        guard format == .string(formatName) else {
            throw r.error("format", "must be \"\(formatName)\", got \(format)")
        }
        guard let framesValue = root["frames"] else { throw r.error("frames", "missing") }
        guard case .array(let items) = framesValue else {
            throw r.error("frames", "must be an array, got \(framesValue.typeName)")
        }
        guard items.count <= limits.maxFrames else {
            throw r.error(
                "frames", "has \(items.count) frames, more than the limit of \(limits.maxFrames)")
        }
        var validator = _FrameValidator()
        var frames: [InputFrame] = []
        for (i, item) in items.enumerated() {
            let path = "$.frames[\(i)]"
            let frame = try decodeFrame(item, path: path, limits: limits)
            if let p = validator.problem(in: frame) {
                let location = p.touchIndex.map { "\(path).touches[\($0)]" } ?? path
                throw EventsFileError(path: location, field: p.field, message: p.message)
            }
            validator.accept(frame)
            frames.append(frame)
        }
        var until: Double?
        if let u = root["until"] {
            guard let x = u.asNumber else {
                throw r.error("until", "must be a number, got \(u.typeName)")
            }
            guard x >= validator.lastTime else {
                throw r.error(
                    "until", "is \(x), before the last frame's time \(validator.lastTime)")
            }
            until = x
        }
        return EventsFile(frames: frames, until: until)
    }

    private static func decodeFrame(_ v: JSONValue, path: String, limits: Limits)
        throws(EventsFileError) -> InputFrame
    {
        let r = try _ObjectReader(v, path: path, known: ["t", "touches", "pointer"])
        let t = try r.number("t")
        guard let touchesValue = v["touches"] else { throw r.error("touches", "missing") }
        guard case .array(let items) = touchesValue else {
            throw r.error("touches", "must be an array, got \(touchesValue.typeName)")
        }
        guard items.count <= limits.maxTouchesPerFrame else {
            throw r.error(
                "touches",
                "lists \(items.count) touches, more than the limit of \(limits.maxTouchesPerFrame)")
        }
        var touches: [TouchInput] = []
        for (j, item) in items.enumerated() {
            let tr = try _ObjectReader(
                item, path: path + ".touches[\(j)]", known: ["id", "phase", "at"])
            let idValue = try tr.number("id")
            guard let id = Int(exactly: idValue), abs(id) < 1 << 53 else {
                throw tr.error("id", "must be an integer, got \(idValue)")
            }
            guard case .string(let phaseName)? = item["phase"] else {
                throw tr.error("phase", item["phase"] == nil ? "missing" : "must be a string")
            }
            guard let phase = TouchPhase(rawValue: phaseName) else {
                throw tr.error(
                    "phase",
                    "unknown value \"\(phaseName)\": expected one of "
                        + TouchPhase.allCases.map(\.rawValue).joined(separator: ", "))
            }
            guard case .array(let at)? = item["at"], at.count == 2,
                let x = at[0].asNumber, let y = at[1].asNumber
            else {
                throw tr.error("at", item["at"] == nil ? "missing" : "must be [x, y], two numbers")
            }
            touches.append(TouchInput(id: id, phase: phase, location: Point(x: x, y: y)))
        }
        return InputFrame(time: t, touches: touches, pointer: try decodePointer(v, r))
    }

    /// A frame's `pointer` (`rule-recognizer-hover`): `[x, y]` where the pointer is, or
    /// `"gone"` when it left; absent when it did not change.
    private static func decodePointer(_ v: JSONValue, _ r: _ObjectReader) throws(EventsFileError)
        -> PointerInput?
    {
        guard let value = v["pointer"] else { return nil }
        if value == .string("gone") { return .gone }
        guard case .array(let at) = value, at.count == 2, let x = at[0].asNumber,
            let y = at[1].asNumber
        else {
            throw r.error("pointer", "must be [x, y], two numbers, or \"gone\"")
        }
        return .at(Point(x: x, y: y))
    }
}

/// A problem in an events file: where (`$.frames[2].touches[0]`), which field, what.
public struct EventsFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the object at fault, for example `$.frames[2].touches[0]`.
    public var path: String
    /// The field at fault, or nil when the object as a whole is wrong.
    public var field: String?
    /// What is wrong, in words that say what to write instead.
    public var message: String

    /// An error at `path` about `field` saying `message`.
    public init(path: String, field: String?, message: String) {
        self.path = path
        self.field = field
        self.message = message
    }

    public var description: String {
        if let field { return "\(path), field \"\(field)\": \(message)" }
        return "\(path): \(message)"
    }
}

/// Checks that a value is an object with only known fields, and reads numbers from it.
private struct _ObjectReader {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, path: String, known: Set<String>) throws(EventsFileError) {
        guard case .object(let o) = value else {
            throw EventsFileError(
                path: path, field: nil, message: "must be a JSON object, got \(value.typeName)")
        }
        for key in o.keys where !known.contains(key) {
            throw EventsFileError(
                path: path, field: key,
                message: "unknown field; expected one of " + known.sorted().joined(separator: ", "))
        }
        self.value = value
        self.path = path
    }

    func error(_ field: String, _ message: String) -> EventsFileError {
        EventsFileError(path: path, field: field, message: message)
    }

    func number(_ field: String) throws(EventsFileError) -> Double {
        guard let v = value[field] else { throw error(field, "missing") }
        guard let x = v.asNumber else { throw error(field, "must be a number, got \(v.typeName)") }
        return x
    }
}
