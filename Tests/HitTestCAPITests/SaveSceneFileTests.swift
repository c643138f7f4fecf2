import CHitTestShim
import Foundation
import HitTestCAPI
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `htWorld_SaveSceneFile` replaces a file whole or not at all.
@Suite("Saving a scene file through the C API")
struct SaveSceneFileTests {
    /// Runs a program, returning its exit status and standard error.
    static func run(_ program: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("a save onto a full file system fails with HT_ERROR_FILE and keeps the old file")
    func fullFileSystem() throws {
        // A 64 KiB tmpfs, which only root may mount; elsewhere the test is skipped.
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("hittest-save-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (status, reason) = try Self.run(
            "/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder])
        if status != 0 {
            let why = reason.trimmingCharacters(in: .whitespacesAndNewlines)
            try Test.cancel("cannot mount a small tmpfs to fill: \(why)")
        }
        defer { _ = try? Self.run("/bin/umount", [folder]) }

        var wdef = HitTestCAPI.htDefaultWorldDef()
        let world = HitTestCAPI.htCreateWorld(&wdef)
        defer { _ = HitTestCAPI.htDestroyWorld(world) }
        let json = Array(
            #"{"format": "hittest-scene/1", "windows": [{"id": "main", "frame": [0, 0, 390, 844]}]}"#
                .utf8CString)
        #expect(HitTestCAPI.htWorld_LoadSceneBuffer(world, json, UInt(json.count - 1)) == HT_OK)
        let path = folder + "/scene.json"
        #expect(HitTestCAPI.htWorld_SaveSceneFile(world, path) == HT_OK)
        let old = try #require(FileManager.default.contents(atPath: path))
        #expect(old.count > 20)

        // Fill what is left of the file system.
        let filler = open(folder + "/filler", O_WRONLY | O_CREAT, 0o644)
        #expect(filler >= 0)
        let chunk = [UInt8](repeating: 0, count: 4_096)
        while chunk.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
        close(filler)

        #expect(HitTestCAPI.htWorld_SaveSceneFile(world, path) == HT_ERROR_FILE)
        let message = String(cString: htGetLastErrorMessage())
        #expect(
            message.contains("cannot write the file \(path): No space left on device"), "\(message)"
        )
        #expect(FileManager.default.contents(atPath: path) == old)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                == ["filler", "scene.json"])
    }
}
