#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import HitTestGeometry

/// A store shared between threads: any number of readers query it while one writer at a
/// time changes it.
///
/// The concurrency model of HitTestKit:
/// - A `ViewStore` itself is not synchronized. Any number of threads may query a store
///   that nobody changes (each with its own `QueryScratch`); a change needs the store to
///   itself. Batch queries (`hitTest(_:useIndexes:threads:)`) rely on the first rule.
/// - `SharedStore` adds a readers-writer lock around one store: `read` runs its body with
///   shared access (queries, reads of fields and chains, exports), `write` with exclusive
///   access (every change), and a waiting writer goes before new readers (glibc's
///   writer-preferring lock), so a steady stream of queries cannot starve changes. Each
///   `read` sees the store as it was after some whole number of `write`s, never half a
///   change: `version` counts the writes, and a reader can record which state it saw.
/// - Custom code (closures, subclasses of reference views, in a store built from a
///   reference tree) runs on whichever reader thread queries: it must be safe to call
///   from several threads at once, or the store must be read from one thread.
///
/// The lock is not reentrant: do not call `write` inside `read` or `write` on the same
/// store.
public final class SharedStore: @unchecked Sendable {
    private let store: ViewStore
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>
    /// Writes so far; read under the lock.
    private var writes: UInt64 = 0

    /// Shares `store`, which must not be used directly from now on.
    public init(_ store: ViewStore) {
        self.store = store
        lock = .allocate(capacity: 1)
        var attributes = pthread_rwlockattr_t()
        pthread_rwlockattr_init(&attributes)
        #if canImport(Glibc)
            pthread_rwlockattr_setkind_np(
                &attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
        #endif
        let status = pthread_rwlock_init(lock, &attributes)
        pthread_rwlockattr_destroy(&attributes)
        precondition(status == 0, "SharedStore: pthread_rwlock_init failed (\(status))")
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    /// Runs `body` with shared access to the store and the number of writes it reflects.
    /// Any number of `read`s run at once; none runs during a `write`.
    public func read<R>(_ body: (ViewStore, _ version: UInt64) throws -> R) rethrows -> R {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(store, writes)
    }

    /// Runs `body` with the store to itself, then counts one more write.
    public func write<R>(_ body: (ViewStore) throws -> R) rethrows -> R {
        pthread_rwlock_wrlock(lock)
        defer {
            writes &+= 1
            pthread_rwlock_unlock(lock)
        }
        return try body(store)
    }

    /// The number of `write`s so far.
    public var version: UInt64 { read { _, v in v } }

    /// One query under shared access: the hit and the version it was answered on.
    public func hitTest(_ p: Point, useIndexes: Bool = true, scratch: QueryScratch)
        -> (hit: StoreHit?, version: UInt64)
    {
        read { store, version in (store.hitTest(p, useIndexes: useIndexes, scratch: scratch), version) }
    }
}
