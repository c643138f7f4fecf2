/// What a decode with type errors left out, so that the validator can still check the
/// rest of the scene in the same pass (every error of a scene in one run) and
/// name every issue at its real place, without reporting what only the type errors
/// caused.
///
/// The scene a failed decode builds lacks the views and gestures that could not be read
/// (a view with no id, a gesture of an unknown kind, an element that is not an object);
/// fields that could not be read keep their defaults, which pass every rule. Two things
/// follow, and this records what is needed to undo them:
/// - later siblings move up an index, so a path computed from the built tree would be
///   wrong: `paths` and `gesturePaths` hold the real JSON path of every view (by its
///   pre-order number) decoded after the first issue;
/// - a name may be missing only because its view or gesture was left out, so a
///   reference to an unknown name is not reported while views, gestures or view
///   controllers are incomplete.
/// The scene itself is never returned: it exists only to be checked.
struct DecodeGaps {
    /// The number of views kept so far, windows included, in pre-order.
    var kept = 0
    /// Pre-order number of a kept view -> its JSON path, for views read after the first
    /// issue (earlier ones are where the built tree says they are).
    var paths: [Int: String] = [:]
    /// Pre-order number of a kept view -> the JSON paths of its kept gestures, for views
    /// that lost a gesture.
    var gesturePaths: [Int: [String]] = [:]
    var viewsIncomplete = false
    var gesturesIncomplete = false
    var controllersIncomplete = false
}
