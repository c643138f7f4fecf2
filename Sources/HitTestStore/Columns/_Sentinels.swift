/// The store's one "none" and its one encoding below it: every link, record index, tree
/// lane and map entry that may hold nothing uses these names, never a literal.

/// Slot numbers: 32-bit indexes into the columns (and, by the same convention, into the
/// side records, child indexes and name tables).
@usableFromInline
enum _Slot {
    /// No slot, record or index: a window's parent, a missing child or sibling, a view
    /// without a child index or side values, an empty tree's root, a free slot's links.
    @inlinable @inline(__always) static var none: Int32 { -1 }
}

/// The one encoding of a number `x >= 0` in an `Int32` whose -1 is `_Slot.none` and whose
/// other non-negative values mean something else: `-2 - x`, at most -2, its own inverse.
/// Three fields use it:
/// - the top subview's `nextSibling` holds the first subview's slot, closing the list
///   (`_Columns.firstChild(of:)`, `_Slot.closingLink(first:)`);
/// - a child index leaf lane holds a child's slot (`ChildIndex.lane(ofView:)`), where
///   values >= 0 are nodes;
/// - a screen index leaf lane holds an entry's priority (`ScreenIndex.Leaf.entry(priority:)`).
@usableFromInline
enum _BelowNone {
    @inlinable @inline(__always) static func encode(_ x: Int32) -> Int32 { -2 &- x }
    @inlinable @inline(__always) static func decode(_ v: Int32) -> Int32 { -2 &- v }
}

extension _Slot {
    /// The value the top subview's `nextSibling` holds: the first subview, below none.
    @inlinable @inline(__always) static func closingLink(first: Int32) -> Int32 {
        _BelowNone.encode(first)
    }
    /// The first subview named by a closing link (`closingLink(first:)`).
    @inlinable @inline(__always) static func first(closingLink v: Int32) -> Int32 {
        _BelowNone.decode(v)
    }
}

/// A tree lane that holds nothing (`_PackedNode.child`, `ScreenIndex.Leaf.entry`), with
/// the empty box.
@usableFromInline
enum _Lane {
    @inlinable @inline(__always) static var empty: Int32 { -1 }
}
