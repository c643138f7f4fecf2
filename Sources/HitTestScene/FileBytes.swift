import CHitTestShim

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole files read into one array, and big arrays made ready to be filled.
///
/// A scene file of a million views is about 65 MB, and the arrays its reader fills hold
/// about as much again. Each is read or written once, front to back, so what it costs
/// beyond the reading is the kernel mapping its pages: 4 KiB pages take one fault each,
/// 16,000 for the file alone. Big buffers therefore ask for transparent huge pages
/// (`htShim_AdviseHugePages`; Linux's admin guide, "Transparent Hugepage Support":
/// `madvise(MADV_HUGEPAGE)` is how a program asks where the system leaves huge pages to
/// each program), and the file is read with `read(2)` straight into its array.
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
            htShim_AdviseHugePages(buffer.baseAddress, buffer.count)
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

extension Array {
    /// Reserves room for at least `count` elements and, when the room is big, asks for
    /// huge pages to back it (`htShim_AdviseHugePages`; a hint that changes no element).
    /// For arrays about to be filled front to back with a whole document's views.
    package mutating func reserveBigCapacity(_ count: Int) {
        reserveCapacity(count)
        let capacity = self.capacity
        withUnsafeMutableBufferPointer { buffer in
            htShim_AdviseHugePages(
                UnsafeMutableRawPointer(buffer.baseAddress), capacity * MemoryLayout<Element>.stride)
        }
    }
}
