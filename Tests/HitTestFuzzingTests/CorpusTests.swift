import Foundation
import HitTestFuzzing
import Testing

/// Every committed seed input and every input that once made a fuzz target fail, run
/// through the same checks as the fuzzers (`Tests/Fuzz/*-corpus/`, and
/// `Tests/Fuzz/regressions/<Target>/`).
@Suite("Fuzz corpora and regressions")
struct CorpusTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz")

    static func files(_ folder: String) -> [URL] {
        let dir = fuzzFolder.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.map { dir.appendingPathComponent($0) }
    }

    static let targets: [(name: String, check: @Sendable ([UInt8]) -> FuzzReport)] = [
        ("SceneLoader", SceneLoaderTarget.check),
        ("RecursiveDescription", RecursiveDescriptionTarget.check),
        ("EventsLoader", EventsLoaderTarget.check),
        // Other tests build stores meanwhile: the library-wide byte count is not ours.
        ("CAPISequence", { CAPISequenceTarget.check($0, countBytes: false) }),
    ]

    @Test(arguments: ["SceneLoader", "RecursiveDescription", "EventsLoader", "CAPISequence"])
    func corpusAndRegressionsPass(target: String) throws {
        let check = try #require(Self.targets.first { $0.name == target }?.check)
        let corpus = Self.files("\(target)-corpus")
        #expect(corpus.count >= 5, "the \(target) seed corpus is missing")
        for url in corpus + Self.files("regressions/\(target)") {
            let bytes = try #require(FuzzReplay.readFile(url.path))
            let report = check(bytes)
            #expect(report.isClean, "\(url.lastPathComponent): \(report.problems)")
        }
    }

    static let tokens = Array("{}[],:\"0-9.eE|<>;=".utf8)

    @Test(
        "seeded mutations of the corpus never crash and keep every property",
        arguments: ["SceneLoader", "RecursiveDescription", "EventsLoader", "CAPISequence"])
    func mutations(target: String) throws {
        let check = try #require(Self.targets.first { $0.name == target }?.check)
        let seeds = Self.files("\(target)-corpus").compactMap { FuzzReplay.readFile($0.path) }
        let seed = UInt64.random(in: 0...UInt64.max)
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        for i in 0..<300 {
            var bytes = seeds[next() % seeds.count]
            for _ in 0..<(1 + next() % 4) {
                guard !bytes.isEmpty else { break }
                let at = next() % bytes.count
                switch next() % 4 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: next())
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(Self.tokens[next() % Self.tokens.count], at: at)
                default: bytes = Array(bytes[..<at])
                }
            }
            let report = check(bytes)
            #expect(
                report.isClean,
                "seed \(seed), input \(i): \(report.problems)\n\(String(decoding: bytes, as: UTF8.self))")
        }
    }
}
