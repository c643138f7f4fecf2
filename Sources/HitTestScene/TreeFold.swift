/// Builds a value for a tree bottom-up without recursion: `make` receives each node with
/// the values already made for its children (in order), children before parents. Deep
/// trees (chains of any length) fold without growing the call stack.
///
/// Used wherever a tree becomes another tree: a scene to JSON, a reference tree or a store
/// to a scene.
public func foldTree<Node, Value>(
    _ root: Node, children: (Node) -> [Node],
    make: (_ node: Node, _ children: [Value], _ isRoot: Bool) -> Value
) -> Value {
    var stack: [(node: Node, children: [Node], done: [Value])] = [(root, children(root), [])]
    while true {
        let top = stack.count - 1
        if stack[top].done.count < stack[top].children.count {
            let next = stack[top].children[stack[top].done.count]
            stack.append((next, children(next), []))
            continue
        }
        let frame = stack.removeLast()
        let value = make(frame.node, frame.done, stack.isEmpty)
        if stack.isEmpty { return value }
        stack[stack.count - 1].done.append(value)
    }
}
