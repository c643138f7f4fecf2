import CHitTestShim
import Testing

@testable import HitTestCAPI

/// The error a C call returns when the host's allocator refuses the memory it reserves
/// before changing anything. The refusals themselves are made by a C host,
/// CTests/c/test_out_of_memory.c, which refuses every allocation of a scripted host in
/// turn: an allocator set here would be the whole test process's, where other suites
/// count their memory through the hooks in parallel.
@Suite("C API: an allocator that refuses is an error")
struct OutOfMemoryTests {
    @Test("HT_ERROR_OUT_OF_MEMORY is named as the header spells it")
    func name() {
        #expect(HT_ERROR_OUT_OF_MEMORY == 11)
        #expect(String(cString: htResultName(HT_ERROR_OUT_OF_MEMORY)) == "HT_ERROR_OUT_OF_MEMORY")
    }

    @Test("the message names the call, without Swift's labels, and the bytes refused")
    func message() {
        let error = _outOfMemory(4096, _CFunction("htWorld_AddViewArrays(_:_:_:_:)"))
        #expect(error.code == HT_ERROR_OUT_OF_MEMORY)
        #expect(htGetLastError() == HT_ERROR_OUT_OF_MEMORY)
        #expect(
            String(cString: htGetLastErrorMessage())
                == "htWorld_AddViewArrays: the allocator returned NULL for 4096 bytes; nothing was changed"
        )
    }

    @Test("a call that reserves and is not refused clears the error")
    func clearedBySuccess() {
        _ = _outOfMemory(64, _CFunction("htCreateWorld(_:)"))
        var wd = HitTestCAPI.htDefaultWorldDef()
        let world = HitTestCAPI.htCreateWorld(&wd)
        #expect(world.index1 != 0)
        #expect(htGetLastError() == HT_OK)
        #expect(String(cString: htGetLastErrorMessage()) == "")
        var violations: Int32 = -1
        #expect(HitTestCAPI.htTesting_ValidateWorld(world, &violations, nil, 0) == HT_OK)
        #expect(violations == 0)
        #expect(HitTestCAPI.htDestroyWorld(world) == HT_OK)
    }
}
