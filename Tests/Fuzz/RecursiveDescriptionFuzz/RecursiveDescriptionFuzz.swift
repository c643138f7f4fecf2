// libFuzzer target for RecursiveDescriptionTarget: see Tests/Fuzz/README.md.
// Built with -DFUZZING (Tests/Fuzz/run.sh) libFuzzer drives LLVMFuzzerTestOneInput;
// otherwise `RecursiveDescriptionFuzz FILE...` replays inputs through the same check.
import HitTestFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzReplay.fuzz(data, size, name: "RecursiveDescription") { RecursiveDescriptionTarget.check($0) }
}

#if !FUZZING
    @main struct Replay {
        static func main() { FuzzReplay.run(name: "RecursiveDescriptionFuzz", check: RecursiveDescriptionTarget.check) }
    }
#endif
