import Glibc

/// A value behind a pthread mutex, with `Mutex`'s `withLock` shape.
///
/// Used instead of the standard library's `Mutex` because ThreadSanitizer sees
/// pthread mutexes (it intercepts them) but not `Mutex`, whose futex-based code is
/// compiled without TSan instrumentation: under TSan every access it protects would be
/// reported as a race.
final class _Locked<Value: ~Copyable>: @unchecked Sendable {
    /// Reached only under the mutex (the rule `_Unchecked` states).
    private let storage: _Unchecked<Value>
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(_ value: consuming Value) {
        storage = _Unchecked(value)
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<R: ~Copyable, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&storage.value)
    }
}
