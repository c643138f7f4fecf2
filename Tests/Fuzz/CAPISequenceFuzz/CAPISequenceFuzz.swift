// libFuzzer target for CAPISequenceTarget: see Tests/Fuzz/README.md.
// Built with -DFUZZING (Tests/Fuzz/run.sh) libFuzzer drives LLVMFuzzerTestOneInput;
// otherwise `CAPISequenceFuzz FILE...` replays inputs through the same check.
import HitTestFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let report = CAPISequenceTarget.check(bytes)
    if !report.isClean { fatalError("CAPISequence: " + report.problems.joined(separator: "; ")) }
    return 0
}

#if !FUZZING
    @main struct Replay {
        static func main() { FuzzReplay.run(name: "CAPISequenceFuzz", check: { CAPISequenceTarget.check($0) }) }
    }
#endif
