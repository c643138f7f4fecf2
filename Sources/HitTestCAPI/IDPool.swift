/// A table that hands out ids with generations, the one kind behind `htWorldId`,
/// `htDispatcherId` and `htGestureId`: each slot holds a value or is free, and its
/// generation moves on whenever its value leaves, so an id kept from before names nothing
/// (it is stale) rather than the slot's next value. Generations start at 1 and skip 0 when
/// they wrap, so no live id is all zero. A new value takes the lowest free slot; `limit`
/// caps the slots (the fixed tables of worlds and dispatchers), nil lets the table grow
/// (a dispatcher's recognizers).
struct _IDPool<Generation: FixedWidthInteger & UnsignedInteger, Value> {
    private(set) var values: [Value?] = []
    private(set) var generations: [Generation] = []
    let limit: Int?

    init(limit: Int? = nil) { self.limit = limit }

    /// The value at a slot; nil when free or out of range.
    subscript(slot: Int) -> Value? { slot >= 0 && slot < values.count ? values[slot] : nil }

    /// The slot's generation now (1 for a slot never used).
    func generation(of slot: Int) -> Generation {
        slot < generations.count ? generations[slot] : 1
    }

    /// The value an id names: the slot's, when the generations agree.
    func value(at slot: Int, generation: Generation) -> Value? {
        guard slot >= 0, slot < values.count, generations[slot] == generation else { return nil }
        return values[slot]
    }

    /// The slot the next `insert` fills: the lowest free one, or a new one past the end;
    /// nil when `limit` slots are taken.
    var freeSlot: Int? {
        if let free = values.firstIndex(where: { $0 == nil }) { return free }
        return limit.map { values.count < $0 } ?? true ? values.count : nil
    }

    /// Puts a value in `freeSlot`, made from the slot and its generation; nil when `limit`
    /// slots are taken.
    mutating func insert(_ make: (_ slot: Int, _ generation: Generation) -> Value) -> Int? {
        guard let slot = freeSlot else { return nil }
        if slot == values.count {
            values.append(nil)
            generations.append(1)
        }
        values[slot] = make(slot, generations[slot])
        return slot
    }

    /// Frees a slot: its value leaves and its generation moves on.
    mutating func remove(at slot: Int) {
        values[slot] = nil
        generations[slot] &+= 1
        if generations[slot] == 0 { generations[slot] = 1 }
    }

    /// Frees every slot that holds a value.
    mutating func removeAll() {
        for slot in values.indices where values[slot] != nil { remove(at: slot) }
    }

    /// The first slot whose value satisfies `predicate`.
    func firstSlot(where predicate: (Value) -> Bool) -> Int? {
        values.firstIndex { $0.map(predicate) ?? false }
    }
}
