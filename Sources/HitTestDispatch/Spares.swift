/// Retired objects kept for reuse (touch records): a new touch renews one
/// instead of allocating it and its lists again. Never hands out an object something
/// else still holds. Keeps at most `limit`.
struct _Spares<Object: AnyObject> {
    private var kept: [Object] = []
    private static var limit: Int { 8 }

    /// Keeps a retired object, unless `limit` are kept already.
    mutating func keep(_ object: Object) {
        if kept.count < Self.limit { kept.append(object) }
    }

    /// A kept object nothing else holds; nil when there is none.
    mutating func take() -> Object? {
        while var object = kept.popLast() {
            if isKnownUniquelyReferenced(&object) { return object }
        }
        return nil
    }
}
