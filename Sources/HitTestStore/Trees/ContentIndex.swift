/// A scroll view's own screen index over its content, in its content (bounds)
/// coordinates: what the screen index is to the screen, this is to one scroll view's
/// subviews, so that a query that reaches the scroll view converts the point once and
/// asks this index instead of walking the content child by child.
///
/// Entries are made by the rules of the screen index (`ScreenIndex`), from the scroll
/// view's subviews down: a plain view is an entry with its box clipped by its ancestors'
/// boxes below the scroll view, the root of a walked subtree (a nested scroll view among
/// them) is one entry; priorities are paint order within the scroll view's subtree. The
/// content offset is the scroll view's bounds origin, which no box of the content
/// depends on: scrolling changes nothing here.
///
/// Kept in the store's `contentIndexes` table, named by the scroll view's side record
/// (`_SideRecord.contentIndex`), and made for each scroll view with at least
/// `indexThreshold` entries by every build of the screen index. A query asks it only
/// while the screen index is fresh and `fresh` holds: a change inside the content clears
/// `fresh` (the scroll view's subviews are then walked, as exactly), and after enough such
/// changes the index is rebuilt (see `ViewStore+ContentIndex.swift`).
@usableFromInline
struct ContentIndex {
    /// The scroll view whose content this is.
    var scrollView: Int32
    /// The entries, in the scroll view's content coordinates.
    @usableFromInline var index = ScreenIndex()
    /// True while the index describes the content as it is.
    @usableFromInline var fresh = true
    /// Changes inside the content since the last build.
    var changes = 0

    init(scrollView: Int32) { self.scrollView = scrollView }

    mutating func deallocate() { index.deallocate() }

    var byteCount: Int { index.byteCount }
}
