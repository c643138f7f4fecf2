#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole files read into one array with `read(2)`, straight into the array's storage.
package enum FileBytes {
    /// Every byte readable from `descriptor` until end of file, or the `errno` of the read
    /// that failed.
    ///
    /// Reads until end of file, never by the size `fstat` gives or by seeking: standard
    /// input, pipes, `/dev/fd/N` paths and files that grow while read report a size that is
    /// not theirs; the size is only where the first read goes.
    package static func read(_ descriptor: Int32) -> Result<[UInt8], ReadError> {
        var info = stat()
        let size = fstat(descriptor, &info) == 0 && info.st_size > 0 ? Int(info.st_size) : 0
        var failure: Int32 = 0
        var atEnd = false
        // The size and one byte more, so that a file of the size `fstat` gave is known to
        // end with no second buffer.
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            while count < buffer.count {
                let n = systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if n > 0 {
                    count += n
                } else if n == 0 {
                    atEnd = true
                    return
                } else if errno != EINTR {
                    failure = errno
                    return
                }
            }
        }
        if failure != 0 { return .failure(ReadError(code: failure)) }
        if atEnd { return .success(bytes) }
        // Longer than `fstat` said (a pipe, a growing file): the rest in chunks.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if n == 0 { return .success(bytes) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(ReadError(code: errno))
            }
            bytes.append(contentsOf: chunk[..<n])
        }
    }

    /// The bytes of the file at `path`, or the `errno` of the open or read that failed.
    package static func read(path: String) -> Result<[UInt8], ReadError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(ReadError(code: errno)) }
        defer { close(descriptor) }
        return read(descriptor)
    }

    /// Why a file could not be read: an `errno` value.
    package struct ReadError: Error {
        package var code: Int32
        /// The system's words for it (`strerror`).
        package var message: String { String(cString: strerror(code)) }
    }
}

/// `read(2)` (inside `FileBytes`, `read` names its own functions).
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// A file's bytes for one pass over them: the file mapped into memory when it is a regular
/// file, else read into an array (`FileBytes.read`).
///
/// A mapped file costs no copy and no fresh memory: its pages are the system's cache of the
/// file, mapped at once (`MAP_POPULATE`), where a read writes every byte again into pages
/// the kernel must first zero. A file truncated by another process while it is mapped
/// makes the reads past its new end fault (`SIGBUS`), as with every program that maps files.
package final class FileContents {
    private let mapped: UnsafeBufferPointer<UInt8>?
    private let read: [UInt8]

    private init(mapped: UnsafeBufferPointer<UInt8>) {
        self.mapped = mapped
        self.read = []
    }

    package init(_ bytes: [UInt8]) {
        self.mapped = nil
        self.read = bytes
    }

    deinit {
        if let mapped { munmap(UnsafeMutableRawPointer(mutating: mapped.baseAddress), mapped.count) }
    }

    /// The file at `path`, or the `errno` of the open, map or read that failed.
    package static func load(path: String) -> Result<FileContents, FileBytes.ReadError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(FileBytes.ReadError(code: errno)) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_size > 0 {
            let count = Int(info.st_size)
            #if os(Linux)
                let flags = MAP_PRIVATE | MAP_POPULATE
            #else
                let flags = MAP_PRIVATE
            #endif
            let p = mmap(nil, count, PROT_READ, flags, descriptor, 0)
            if let p, p != MAP_FAILED {
                return .success(
                    FileContents(mapped: UnsafeBufferPointer(start: p.assumingMemoryBound(to: UInt8.self), count: count)))
            }
        }
        return FileBytes.read(descriptor).map(FileContents.init)
    }

    /// Calls `body` with the bytes (valid only inside it).
    package func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        if let mapped { return try body(mapped) }
        return try read.withUnsafeBufferPointer(body)
    }

    /// The bytes as an array (a copy when the file is mapped): for the rare paths that
    /// need one, such as reporting why a file is not a scene.
    package var array: [UInt8] {
        if let mapped { return Array(mapped) }
        return read
    }
}
