import ArgumentParser
import Foundation
import HitTestGenerators
import HitTestKit
import HitTestScene

/// `hittest bench-load`: how long loading a scene file takes and how much memory it
/// peaks at, beside Python's `json.load` of the same file in the same run.
struct LoadBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-load",
        abstract: "Time loading scene files into a store, beside python3's json.load.",
        discussion: """
            For each shape and size, writes the generated scene (seed 1) to a file in --dir, \
            then runs, --runs times each, one child process per load: this binary loading the \
            file into a store with the streaming reader (what `query` does), the same through \
            the JSON tree and the full decoder (Scene.load's path for documents the reader \
            leaves to it, then ViewStore(scene:)), and `python3 -c 'json.load(...)'`. Each \
            child times its own load (file read included, process start excluded) and reports \
            its peak resident memory (its VmHWM: wait4's ru_maxrss is not reset by exec). The \
            table gives median ms, the largest peak in MB, the file's size and the ratio of \
            Python's time to each loader's; `read` is the streaming reader alone (no store). \
            Pin it to one core with taskset -c 1 to compare with the targets. Build with -c \
            release for figures worth reading.
            """)

    @Option(
        name: [.customLong("shape"), .customLong("shapes")],
        help:
            "Comma-separated shapes, as `gen --shape` names them. (--shapes is its name before 0.6, kept until 0.7.)"
    )
    var shapes: String = "ui,wide"

    @Option(name: .long, help: "Comma-separated sizes in views.")
    var views: String = "100000,1000000"

    @Option(name: .long, help: "Runs of each loader; medians of the times, largest peak memory.")
    var runs = 3

    @Option(
        name: .long,
        help:
            "Comma-separated loaders: stream, decoder, python, and read (the streaming reader alone, no store)."
    )
    var loaders: String = "stream,decoder,python"

    @Option(name: .long, help: "Where the generated scene files are written (kept for reuse).")
    var dir: String = NSTemporaryDirectory()

    @Flag(name: .long, help: "Print the results as JSON instead of a table.")
    var json = false

    /// Internal: load FILE in this process with one loader and print the ms it took.
    @Option(name: .long, help: .hidden)
    var child: String?

    @Argument(help: .hidden)
    var file: String?

    func validate() throws {
        if runs < 1 || runs > 100 { throw ValidationError("--runs must be in 1...100") }
    }

    func run() throws {
        if let child, let file { return try Self.runChild(child, file) }
        var rows: [JSONValue] = []
        var table = [
            "| scene | file MB | loader | median ms | peak MB | peak / file | python ms / this |",
            "|---|---|---|---|---|---|---|",
        ]
        for shapeName in shapes.split(separator: ",").map(String.init) {
            guard let shape = SceneShape(rawValue: shapeName) else {
                throw ValidationError("--shape: unknown shape \"\(shapeName)\"")
            }
            for item in views.split(separator: ",") {
                guard let n = Int(item.replacingOccurrences(of: "_", with: "")), n >= 2 else {
                    throw ValidationError("--views: unknown value \"\(item)\"")
                }
                let path = (dir as NSString).appendingPathComponent(
                    "hittest-\(shapeName)-\(n).json")
                if !FileManager.default.fileExists(atPath: path) {
                    progress("writing \(path)")
                    let json = Array(shape.scene(views: n, seed: 1).json(pretty: false).utf8)
                    if case .failure(let error) = FileBytes.write(json, toPath: path) {
                        throw CLIError("cannot write \(path): \(error.message)")
                    }
                }
                let size = Double(
                    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
                var results: [(String, Double, Double)] = []
                for loader in loaders.split(separator: ",").map(String.init) {
                    var times: [Double] = []
                    var peak = 0.0
                    for r in 0..<runs {
                        progress("\(shapeName) \(n): \(loader), run \(r + 1) of \(runs)")
                        let (ms, rss) = try Self.measure(loader, path)
                        times.append(ms)
                        peak = max(peak, rss)
                    }
                    times.sort()
                    results.append((loader, times[times.count / 2], peak))
                }
                let python = results.first { $0.0 == "python" }?.1
                for (loader, ms, peak) in results {
                    let ratio = python.map { String(format: "%.1f", $0 / ms) } ?? "-"
                    table.append(
                        "| \(shapeName) \(n) | \(String(format: "%.1f", size / 1e6)) | \(loader) | "
                            + "\(String(format: "%.1f", ms)) | \(String(format: "%.0f", peak / 1e6)) | "
                            + "\(String(format: "%.2f", peak / size)) | \(ratio) |")
                    var o = JSONObject()
                    o.append("shape", .string(shapeName))
                    o.append("views", .number(Double(n)))
                    o.append("fileBytes", .number(size))
                    o.append("loader", .string(loader))
                    o.append("medianMs", .number(ms))
                    o.append("peakBytes", .number(peak))
                    rows.append(.object(o))
                }
            }
        }
        if json {
            Output.line(JSONWriter.write(.array(rows), pretty: false))
        } else {
            for line in table { Output.line(line) }
        }
    }

    private func progress(_ line: String) {
        FileHandle.standardError.write(Data("bench-load: \(line)\n".utf8))
    }

    /// One load in a child process: the ms it reports and its peak resident bytes.
    static func measure(_ loader: String, _ path: String) throws -> (ms: Double, peakBytes: Double)
    {
        let args: [String]
        switch loader {
        case "stream", "decoder", "read":
            args = [CommandLine.arguments[0], "bench-load", "--child", loader, path]
        case "python":
            args = [
                "python3", "-c",
                "import json,sys,time\nt=time.perf_counter()\njson.load(open(sys.argv[1]))\n"
                    + "ms=(time.perf_counter()-t)*1000\n"
                    + "kb=[l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM:')]\n"
                    + "print(ms, int(kb[0])*1024 if kb else 0)",
                path,
            ]
        default:
            throw ValidationError("--loaders: unknown loader \"\(loader)\"")
        }
        let (output, maxrss) = try spawn(args)
        let words = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard words.count == 2 else { throw CLIError("\(loader) on \(path) printed \"\(output)\"") }
        // The child's own high-water mark (`VmHWM`): `ru_maxrss` is not reset by exec, so
        // a child spawned by a big parent reports the parent's size.
        return (words[0], words[1] > 0 ? words[1] : maxrss)
    }

    /// This process's peak resident bytes (`VmHWM` of /proc/self/status), 0 if unknown.
    static func peakResidentBytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
            return 0
        }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kb = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap {
                Double($0)
            }
            return (kb ?? 0) * 1024
        }
        return 0
    }

    /// Runs `args` (the first found on PATH) and returns its standard output and peak
    /// resident bytes (`wait4`'s `ru_maxrss`).
    static func spawn(_ args: [String]) throws -> (String, Double) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw CLIError("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        var cargs = args.map { strdup($0) } + [nil]
        defer { for p in cargs { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, args[0], &actions, nil, &cargs, environ)
        close(fds[1])
        guard rc == 0 else {
            close(fds[0])
            throw CLIError("cannot run \(args[0]): \(String(cString: strerror(rc)))")
        }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n <= 0 { break }
            out.append(contentsOf: chunk[..<n])
        }
        close(fds[0])
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        guard status == 0 else {
            throw CLIError("\(args.joined(separator: " ")) failed (\(status))")
        }
        return (String(decoding: out, as: UTF8.self), Double(usage.ru_maxrss) * 1024)
    }

    /// In the child: read and load the file with one loader, print the ms it took.
    static func runChild(_ loader: String, _ path: String) throws {
        let start = ContinuousClock.now
        let store: ViewStore
        switch loader {
        case "stream":
            store = ViewStore(loaded: try SceneInput.loadOnce(path))
        case "decoder":
            let bytes = try SceneInput.read(path, what: "scene file")
            store = ViewStore(scene: try Scene.loadDecoding(json: bytes))
        case "read":
            // The streaming reader alone (file read included, no store): the parser's
            // share, for comparison with other parsers.
            let file = try SceneInput.contents(path, what: "scene file")
            guard let columns = file.withBytes({ SceneStreamReader.read($0) }) else {
                throw CLIError("\(path): the streaming reader leaves this file to the decoder")
            }
            let t = start.duration(to: .now)
            let ms = Double(t.components.seconds) * 1e3 + Double(t.components.attoseconds) / 1e15
            return withExtendedLifetime(columns) { Output.line("\(ms) \(peakResidentBytes())") }
        default:
            throw ValidationError("--child: unknown loader \"\(loader)\"")
        }
        let t = start.duration(to: .now)
        let ms = Double(t.components.seconds) * 1e3 + Double(t.components.attoseconds) / 1e15
        withExtendedLifetime(store) { Output.line("\(ms) \(peakResidentBytes())") }
    }
}
