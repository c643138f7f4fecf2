import Foundation
import HitTestScene
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// `FileBytes.write(_:toPath:)`, which every file the library, the C API and the command
// line write goes through: the file is replaced whole or left as it was.

/// A new empty folder.
private func temporaryFolder() throws -> String {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("hittest-write-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

private func contents(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
}

/// Runs a program, returning its exit status and standard error.
private func run(_ program: String, _ arguments: [String]) throws -> (Int32, String) {
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

@Suite("Writing files whole or not at all")
struct FileWriteTests {
    @Test("a new file and a replaced one hold exactly the bytes, with no temporary file left")
    func writesAndReplaces() throws {
        let folder = try temporaryFolder()
        let path = folder + "/scene.json"
        let first = Array("first".utf8)
        try FileBytes.write(first, toPath: path).get()
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == first)
        let second = [UInt8](repeating: 0x41, count: 300_000)
        try FileBytes.write(second, toPath: path).get()
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == second)
        #expect(try contents(folder) == ["scene.json"])
    }

    @Test("a replaced file keeps its mode; a symbolic link is followed, not replaced")
    func modeAndLinks() throws {
        let folder = try temporaryFolder()
        let path = folder + "/private.json"
        try FileBytes.write(Array("old".utf8), toPath: path).get()
        #expect(chmod(path, 0o600) == 0)
        try FileBytes.write(Array("new".utf8), toPath: path).get()
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        let link = folder + "/link.json"
        #expect(symlink(path, link) == 0)
        try FileBytes.write(Array("through".utf8), toPath: link).get()
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == Array("through".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == path)
        #expect(try contents(folder) == ["link.json", "private.json"])
    }

    @Test("a folder that does not exist: an error naming the file, and nothing written")
    func missingFolder() throws {
        let folder = try temporaryFolder()
        let path = folder + "/no-such-folder/scene.json"
        guard case .failure(let error) = FileBytes.write(Array("x".utf8), toPath: path) else {
            Issue.record("a write into a missing folder succeeded")
            return
        }
        #expect(error.code == ENOENT)
        #expect(error.path.hasPrefix(folder + "/no-such-folder/.scene.json.tmp-"))
        #expect(try contents(folder).isEmpty)
    }

    @Test("a full file system: the write fails, the old file is byte for byte as it was")
    func fullFileSystem() throws {
        // A 64 KiB tmpfs, which only root may mount; elsewhere the test is skipped.
        let folder = try temporaryFolder()
        let (status, reason) = try run(
            "/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder])
        if status != 0 {
            let why = reason.trimmingCharacters(in: .whitespacesAndNewlines)
            try Test.cancel("cannot mount a small tmpfs to fill: \(why)")
        }
        defer { _ = try? run("/bin/umount", [folder]) }
        let path = folder + "/scene.json"
        let old = (0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try FileBytes.write(old, toPath: path).get()
        let new = [UInt8](repeating: 0x42, count: 40_000)
        guard case .failure(let error) = FileBytes.write(new, toPath: path) else {
            Issue.record("a write of 40,000 bytes beside 40,000 more fit in 64 KiB")
            return
        }
        #expect(error.code == ENOSPC, "\(error.message)")
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == old)
        #expect(try contents(folder) == ["scene.json"])
    }
}
