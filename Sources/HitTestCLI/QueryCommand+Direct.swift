import HitTestKit

extension QueryCommand {
    /// The command for the commonest invocation, `query FILE --at X,Y` (with `--json` or
    /// not), read without the argument parser; nil for anything else, which the parser
    /// reads. The parser builds its description of every option by reflection and looks up
    /// protocol conformances across the loaded libraries, a fixed cost that dominates a
    /// query on a small scene. The value is the one the parser would make: every other
    /// option at its default (so `validate()` holds), `FILE` neither `help` nor starting
    /// with `-` (`-` is standard input, and options are the parser's), and the point as
    /// `Point(argument:)` reads it (when it reads nothing, the parser reports the error).
    static func direct(_ arguments: [String]) -> QueryCommand? {
        guard arguments.count == 4 || arguments.count == 5, arguments[0] == "query",
            arguments[2] == "--at", !arguments[1].hasPrefix("-"),
            arguments[1] != "help"
        else { return nil }
        let json = arguments.count == 5
        if json && arguments[4] != "--json" { return nil }
        guard let point = Point(argument: arguments[3]) else { return nil }
        var command = QueryCommand()
        command.scene = arguments[1]
        command.at = point
        command.rect = nil
        command.points = nil
        command.json = json
        command.trace = false
        command.engine = nil
        command.threads = nil
        return command
    }
}
