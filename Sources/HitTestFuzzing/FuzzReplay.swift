import HitTestScene

#if canImport(Glibc)
    import Glibc
#endif

/// The fuzz executables' own `main` when they are built without libFuzzer: replays the
/// files named on the command line through the same check, so that a crash file can be
/// reproduced with a plain build (`swift run SceneLoaderFuzz crash-...`).
public enum FuzzReplay {
    public static func run(name: String, check: ([UInt8]) -> FuzzReport) -> Never {
        let paths = Array(CommandLine.arguments.dropFirst())
        if paths.isEmpty {
            print("usage: \(name) FILE...  (replays inputs; built with -DFUZZING it fuzzes)")
            exit(2)
        }
        var failed = 0
        for path in paths {
            guard let bytes = readFile(path) else {
                print("\(path): cannot read")
                failed += 1
                continue
            }
            let report = check(bytes)
            if report.isClean {
                print("\(path): ok")
            } else {
                failed += 1
                print("\(path): " + report.problems.joined(separator: "\n  "))
            }
        }
        exit(failed == 0 ? 0 : 1)
    }

    /// The body of a target's `LLVMFuzzerTestOneInput`: runs `check` on the input and
    /// traps on any problem, so that libFuzzer keeps the input as a crash.
    public static func fuzz(
        _ data: UnsafePointer<UInt8>?, _ size: Int, name: String, check: ([UInt8]) -> FuzzReport
    ) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        let report = check(bytes)
        if !report.isClean { fatalError("\(name): " + report.problems.joined(separator: "; ")) }
        return 0
    }

    /// The bytes of a file, or nil.
    public static func readFile(_ path: String) -> [UInt8]? {
        Scene.readFile(path)
    }
}
