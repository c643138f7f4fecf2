import HitTestGeometry
import HitTestJSON

/// The fields of a view being read that every view may have: a view's subviews may come
/// before its other fields, so each open view keeps its own. Plain data (no references),
/// so that the stack of open views is read and written in place with no copies, retains
/// or uniqueness checks; the other fields are in a `_RichFields` record, made only when
/// one of them appears.
struct _OpenView {
    var index: Int32
    /// Index of the view's `_RichFields` on the reader's stack of them, or -1 for none.
    var rich: Int32 = -1
    var depth: Int
    /// Bits of `_ViewField` seen (a repeated field is an error).
    var seen: UInt32 = 0
    var isWindow: Bool
    var hidden = false
    var interaction = true
    var idStart = 0
    var idLength = 0
    var classStart = 0
    var classLength = 0
    var frame = Rect.zero

    init(index: Int32, depth: Int, isWindow: Bool) {
        self.index = index
        self.depth = depth
        self.isWindow = isWindow
    }
}

/// The fields of an open view that make it rich (kept as a `SceneView` beside the
/// arrays): every field but `id`, `class`, `frame`, `hidden`, `userInteractionEnabled` and
/// `subviews`, with their defaults, and its view-controller and event-dispatch fields.
struct _RichFields {
    var center = Point.zero
    var size = Size.zero
    var boundsOrigin = Point.zero
    var transform = AffineTransform.identity
    var anchorPoint = ViewGeometry.defaultAnchorPoint
    var hitInsets = EdgeInsets.zero
    var clipsToBounds = false
    var alpha = 1.0
    var level = 0.0
    var hitShape = HitShape.rect
    var pointInside = PointInsideMode.bounds
    var hitTestRule = HitTestRule.default
    var redirectTo: String?
    /// The view-controller and event-dispatch fields, as parsed JSON; nil for a view
    /// without any.
    var controllerAndEvents: [JSONMember]?

    /// A view's fields when it has none of these.
    static let none = _RichFields()
}

/// The open views, innermost last, in one buffer that grows by doubling. The reader
/// frees it (`deallocate`) when it is done.
struct _OpenViewStack {
    private(set) var base: UnsafeMutablePointer<_OpenView>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    var isEmpty: Bool { count == 0 }

    /// The innermost open view, in place.
    var top: UnsafeMutablePointer<_OpenView> { base + (count - 1) }

    @inline(__always)
    mutating func push(_ v: _OpenView) {
        if count == capacity { grow() }
        (base + count).initialize(to: v)
        count += 1
    }

    @inline(__always)
    mutating func pop() -> _OpenView {
        count -= 1
        return (base + count).move()
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<_OpenView>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    func deallocate() { base.deallocate() }
}
