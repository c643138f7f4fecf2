#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Every file the library, the C API and the command line write goes through here, so that
// a failed write (a full disk, a quota, a killed process) never leaves a file half
// written: the bytes go to a new file beside the target, which replaces the target only
// once all of it is on disk.

extension FileBytes {
    /// Writes `bytes` to the file at `path`, whole or not at all.
    ///
    /// The bytes go to a temporary file in the same folder (`.NAME.tmp-PID-N`, created
    /// exclusively), which is flushed to disk (`fsync`) and then renamed over `path`; on any
    /// failure the temporary file is removed and the file at `path`, if there was one, is
    /// left as it was. A new file gets the mode a plain create would give it; a replaced
    /// one keeps its mode. A symbolic link is followed: the file it points to is replaced.
    /// A target that exists and is not a regular file (a device, a pipe) is written in
    /// place, since there is nothing to keep.
    package static func write(_ bytes: [UInt8], toPath path: String) -> Result<Void, WriteError> {
        guard !path.isEmpty else { return .failure(WriteError(code: ENOENT, path: path)) }
        var target = path
        var info = stat()
        var exists = false
        if lstat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) {
                target = String(cString: resolved)
                free(resolved)
            }
            exists = stat(target, &info) == 0
        }
        if exists && info.st_mode & S_IFMT != S_IFREG {
            return writeInPlace(bytes, target)
        }

        let slash = target.utf8.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var temporary = ""
        var descriptor: Int32 = -1
        // `O_EXCL` makes each name unique among writers of this process and of others.
        for n in 0..<10_000 {
            temporary = "\(folder).\(name).tmp-\(getpid())-\(n)"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { return .failure(WriteError(code: errno, path: temporary)) }

        var failure: WriteError?
        if exists && fchmod(descriptor, info.st_mode & 0o7777) != 0 {
            failure = WriteError(code: errno, path: temporary)
        }
        if failure == nil, let code = writeAll(bytes, to: descriptor) {
            failure = WriteError(code: code, path: temporary)
        }
        if failure == nil && fsync(descriptor) != 0 {
            failure = WriteError(code: errno, path: temporary)
        }
        if close(descriptor) != 0 && failure == nil {
            failure = WriteError(code: errno, path: temporary)
        }
        if failure == nil && rename(temporary, target) != 0 {
            failure = WriteError(code: errno, path: target)
        }
        if let failure {
            unlink(temporary)
            return .failure(failure)
        }
        // The rename itself on disk: best effort, the file is whole either way.
        let directory = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
        return .success(())
    }

    /// Writes to an existing file that is not a regular file (`/dev/stdout`, a pipe).
    private static func writeInPlace(_ bytes: [UInt8], _ path: String) -> Result<Void, WriteError> {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(WriteError(code: errno, path: path)) }
        let code = writeAll(bytes, to: descriptor)
        let closed = close(descriptor) == 0 ? 0 : errno
        if let code { return .failure(WriteError(code: code, path: path)) }
        if closed != 0 { return .failure(WriteError(code: closed, path: path)) }
        return .success(())
    }

    /// Writes every byte, again after a partial write or an interruption; the `errno` of
    /// the write that failed, or nil.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let n = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return n < 0 ? errno : EIO
                }
            }
            return nil
        }
    }

    /// Why a file could not be written: an `errno` value and the file it was about (the
    /// target, or the temporary file beside it).
    package struct WriteError: Error {
        package var code: Int32
        package var path: String
        /// The system's words for it (`strerror`).
        package var message: String { String(cString: strerror(code)) }
    }
}

/// `write(2)` (inside `FileBytes`, `write` names its own functions).
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
