import HitTestJSON
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Deep nesting never overflows the stack")
struct DepthTests {
    @Test func hundredThousandDeepArraysAreRefused() throws {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(parseError(text))
        #expect(error.message == "nesting deeper than 10000 levels")
        #expect(error.line == 1)
        #expect(error.column == 10_001)
        #expect(error.path == "$" + String(repeating: "[0]", count: 10_000))
    }

    @Test func millionDeepUnclosedObjectsAreRefused() throws {
        let text = String(repeating: "{\"a\":", count: 1_000_000)
        let error = try #require(parseError(text))
        #expect(error.message == "nesting deeper than 10000 levels")
        #expect(error.column == 50_001)
        #expect(error.path == "$" + String(repeating: ".a", count: 10_000))
    }

    @Test func fiveThousandDeepIsAcceptedAndWrittenBack() throws {
        let text = String(repeating: "[", count: 5_000) + "1" + String(repeating: "]", count: 5_000)
        let value = try JSONReader.parse(text)
        #expect(nestingDepth(of: value) == 5_000)
        let writtenBack = JSONWriter.write(value) == text
        #expect(writtenBack)
        let equal = value == nestedArrays(depth: 5_000, innermost: 1)
        #expect(equal)
    }

    @Test func exactlyTheMaximumDepthIsAccepted() throws {
        let limit = JSONReader.Limits().maxDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(nestingDepth(of: try JSONReader.parse(deepest)) == limit)
        let tooDeep = "[" + deepest + "]"
        #expect(parseError(tooDeep)?.message == "nesting deeper than \(limit) levels")
    }

    /// 10,000 levels alternating `[...]` and `{"k": ...}`, as the reader would produce.
    static func deepMixedText(depth: Int) -> String {
        var open = ""
        var close = ""
        for level in 0..<depth {
            open += level.isMultiple(of: 2) ? "[" : "{\"k\":"
            close += level.isMultiple(of: 2) ? "]" : "}"
        }
        return open + "null" + String(close.reversed())
    }

    @Test func releasingTheDeepestAcceptedValueInTheTest() throws {
        // Parsed and released here, on the test's own thread.
        var value: JSONValue? = try JSONReader.parse(Self.deepMixedText(depth: 10_000))
        #expect(value.map(nestingDepth(of:)) == 10_000)
        value = nil
        #expect(value == nil)
    }

    #if canImport(Glibc)
        @Test func releasingTheDeepestAcceptedValueOnADefaultThread() {
            final class Outcome: @unchecked Sendable {
                var depth = -1
            }
            let outcome = Outcome()
            let text = Self.deepMixedText(depth: 10_000)
            runOnNewThread {
                // Parse, measure and release the value entirely on the new thread.
                let value = try? JSONReader.parse(text)
                outcome.depth = value.map(nestingDepth(of:)) ?? -1
            }
            #expect(outcome.depth == 10_000)
        }
    #endif

    @Test func writerAndEqualityHandleAMillionLevels() {
        let depth = 1_000_000
        let value = nestedArrays(depth: depth)
        let other = nestedArrays(depth: depth)
        let text = JSONWriter.write(value)
        // Compared as Bools: a failing comparison of the values would print megabytes.
        let expected =
            String(repeating: "[", count: depth) + "null" + String(repeating: "]", count: depth)
        let textIsExpected = text == expected
        #expect(textIsExpected)
        let equal = value == other
        #expect(equal)
        let shallower = nestedArrays(depth: depth - 1)
        let unequal = value != shallower
        #expect(unequal)
        // Released one level at a time: plain release of a million levels would need more
        // stack than a thread has.
        dismantle(consume value)
        dismantle(consume other)
        dismantle(consume shallower)
    }

    @Test func prettyWritingOfDeepValues() {
        let value = nestedArrays(depth: 1_000, innermost: ["a": 1])
        let lines = JSONWriter.write(value, pretty: true).split(separator: "\n")
        #expect(lines.count == 2 * 1_000 + 3)
        #expect(lines[1_000] == Substring(String(repeating: " ", count: 2_000) + "{"))
        #expect(lines[1_001] == Substring(String(repeating: " ", count: 2_002) + "\"a\": 1"))
    }
}

#if canImport(Glibc)
    /// Runs `body` on a new thread created with default attributes (so the default stack
    /// size) and waits for it to finish.
    func runOnNewThread(_ body: @escaping @Sendable () -> Void) {
        final class Context {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) {
                self.body = body
            }
        }
        let context = Unmanaged.passRetained(Context(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<Context>.fromOpaque(raw!).takeRetainedValue().body()
                return nil
            }, context)
        precondition(created == 0, "pthread_create failed: \(created)")
        pthread_join(thread, nil)
    }
#endif
