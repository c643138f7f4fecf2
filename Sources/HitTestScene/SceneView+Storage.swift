/// The subviews of a `SceneView`, in a class of their own so that releasing a deep tree
/// does not recurse.
///
/// Nested arrays of values are released recursively by the runtime, one stack frame
/// chain per level: a chain of `SceneView`s 100,000 deep, made in code, overflowed a
/// thread's stack when released. This list's `deinit` takes the subviews' own lists over
/// while it is their only owner and releases them from a loop instead, so any depth is
/// released in constant stack. `SceneView.subviews` copies on write, so the value
/// semantics are unchanged (hence `@unchecked Sendable`: a shared list is never mutated).
@usableFromInline
final class _SubviewList: @unchecked Sendable {
    /// Read without the dynamic exclusivity check (two a view with subviews when a store
    /// is built from a scene: 85 instructions a view at ui 100k): the list is only
    /// written through `SceneView.subviews`' modify accessor while uniquely referenced,
    /// where the static check on the `SceneView` already rules out an overlapping access.
    @exclusivity(unchecked) @usableFromInline var items: [SceneView]

    @usableFromInline init(_ items: [SceneView]) {
        self.items = items
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
