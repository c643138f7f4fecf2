import ArgumentParser
import Foundation
import HitTestBench
import HitTestJSON

/// `hittest bench-allocations`: the heap allocations of each benchmark workload, against
/// the committed thresholds.
struct AllocationBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-allocations",
        abstract: "Count the heap allocations of the benchmark workloads, against committed thresholds.",
        discussion: """
            Runs the workloads of the benchmarks package (queries, builds, changes to 1 % of \
            the views, batches, dispatch frames, on the wide, ui and deep shapes at 10k and \
            100k views) and counts the allocations of each iteration with this binary's malloc \
            counter. Prints, for each, the 90th percentile an iteration and, with \
            --thresholds, the committed threshold and tolerance (the thresholds are \
            <DIR>/HitTestBenchmarks.<name>.p90.json, {"mallocCountTotal": N}, the files the \
            benchmarks package checks too). Exits 3 when a count is above its threshold plus \
            its tolerance; a count below its threshold is reported, with --update to write \
            the counts as the new thresholds. Needs the counter: a release or debug build of \
            hittest, not a sanitizer build. Build with -c release: the thresholds are release \
            counts.
            """)

    @Option(
        name: .long,
        help: ArgumentHelp("The folder of committed thresholds.", valueName: "DIR"))
    var thresholds: String?

    @Option(name: .long, help: "Only the workloads whose names contain this text.")
    var filter: String?

    @Option(name: .long, help: "Longest counting time of a workload, in seconds (at least one iteration).")
    var seconds = 0.1

    @Flag(name: .long, help: "Write every count to --thresholds as its new threshold.")
    var update = false

    func validate() throws {
        if update && thresholds == nil { throw ValidationError("--update needs --thresholds DIR") }
        if !(seconds > 0) { throw ValidationError("--seconds must be above 0") }
    }

    func run() throws {
        guard let counter = AllocationCounter.installed else {
            throw CLIError("this build of hittest has no allocation counter (a sanitizer build?)")
        }
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let scenarios = AllocationScenario.all(cores: cores).filter {
            filter.map($0.name.contains) ?? true
        }
        if scenarios.isEmpty { throw ValidationError("no workload's name contains \(filter ?? "")") }
        var failed: [String] = []
        var lower: [String] = []
        Output.line("workload                              p90    max  iterations       s  threshold")
        let clock = ContinuousClock()
        for scenario in scenarios {
            let began = clock.now
            let count = scenario.countAllocations(with: counter, seconds: seconds)
            let took = (clock.now - began) / .milliseconds(100)
            let committed = try thresholds.flatMap { try Self.threshold(of: scenario.name, in: $0) }
            let verdict = AllocationVerdict(
                count: count.p90, threshold: committed, tolerance: scenario.tolerance)
            let said: String
            switch verdict {
            case .noThreshold: said = thresholds == nil ? "" : "none committed"
            case .within(let t, let tolerance): said = "\(t) (+\(tolerance)): ok"
            case .below(let t):
                said = "\(t): below, tighten it"
                lower.append(scenario.name)
            case .above(let t, let tolerance):
                said = "\(t) (+\(tolerance)): ABOVE"
                failed.append(scenario.name)
            }
            Output.line(
                scenario.name.padding(toLength: 34, withPad: " ", startingAt: 0)
                    + pad(count.p90, 7) + pad(count.max, 7) + pad(count.iterations, 12)
                    + pad(Int(took.rounded()) / 10, 6) + "." + String(Int(took.rounded()) % 10) + "  " + said)
            Output.flush()
            if update, let dir = thresholds {
                try Self.write(count.p90, of: scenario.name, in: dir)
            }
        }
        if update {
            Output.line("wrote \(scenarios.count) thresholds to \(thresholds!)")
        } else if !lower.isEmpty {
            Output.line("fewer allocations than committed for \(lower.count); rewrite them with --update")
        }
        Output.flush()
        if !failed.isEmpty && !update {
            FileHandle.standardError.write(
                Data("above their thresholds: \(failed.joined(separator: ", "))\n".utf8))
            throw ExitCode(CLIExit.mismatch)
        }
    }

    private func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: " ", count: max(0, width - s.count)) + s
    }

    static func path(of name: String, in dir: String) -> String {
        (dir as NSString).appendingPathComponent("HitTestBenchmarks.\(name).p90.json")
    }

    /// The committed threshold of a workload; nil when it has no file.
    static func threshold(of name: String, in dir: String) throws -> Int? {
        let file = path(of: name, in: dir)
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        let value: JSONValue
        do {
            value = try JSONReader.parse(Array(data))
        } catch {
            throw CLIError("\(file): \(error.message) at \(error.path)")
        }
        guard case .object(let object) = value, case .number(let n)? = object["mallocCountTotal"],
            n >= 0, n == n.rounded(), n < 1e15
        else {
            throw CLIError("\(file): $.mallocCountTotal must be a whole number of allocations")
        }
        return Int(n)
    }

    static func write(_ count: Int, of name: String, in dir: String) throws {
        let text = "{\n  \"mallocCountTotal\" : \(count)\n}"
        do {
            try text.write(toFile: path(of: name, in: dir), atomically: true, encoding: .utf8)
        } catch {
            throw CLIError("cannot write \(path(of: name, in: dir)): \(error.localizedDescription)")
        }
    }
}
