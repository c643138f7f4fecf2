/// The subviews of a `SceneView`, in a class of their own so that releasing a deep tree
/// does not recurse.
///
/// Nested arrays of values are released recursively by the runtime, one stack frame
/// chain per level: a chain of `SceneView`s 100,000 deep, made in code, overflowed a
/// thread's stack when released. This list's `deinit` takes the subviews' own lists over
/// while it is their only owner and releases them from a loop instead, so any depth is
/// released in constant stack. `SceneView.subviews` copies on write, so the value
/// semantics are unchanged (hence `SceneView` holds it `nonisolated(unsafe)`, although
/// `ManagedBuffer` is not `Sendable`: a shared list is never mutated).
///
/// The array is the header of a `ManagedBuffer`, reached through its address rather than
/// through a class `var`: a class `var` pays the run-time exclusivity check on every
/// access (two a view with subviews when a store is built from a scene), an address does
/// not. The list is only written through `SceneView.subviews`' modify accessor while
/// uniquely referenced, where the static check on the `SceneView` already rules out an
/// overlapping access.
@usableFromInline
final class _SubviewList: ManagedBuffer<[SceneView], Void> {
    @inlinable static func make(_ items: [SceneView]) -> _SubviewList {
        unsafeDowncast(create(minimumCapacity: 0) { _ in items }, to: _SubviewList.self)
    }

    /// The subviews. The address is valid while the list is alive, which the accessing
    /// caller's reference guarantees.
    @inlinable var items: [SceneView] {
        _read { yield withUnsafeMutablePointerToHeader { $0 }.pointee }
        _modify { yield &withUnsafeMutablePointerToHeader { $0 }.pointee }
    }

    deinit {
        guard !items.isEmpty else { return }
        var pending = items
        items = []
        while var v = pending.popLast() {
            if v._subviews != nil, isKnownUniquelyReferenced(&v._subviews) {
                let list = v._subviews.unsafelyUnwrapped
                pending.append(contentsOf: list.items)
                list.items = []
            }
        }
    }
}
