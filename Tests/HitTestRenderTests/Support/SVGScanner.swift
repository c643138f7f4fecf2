/// A small reader for the SVG the renderer writes: elements with their attributes and
/// their nesting, and a check that tags balance. Not a general XML parser: no DOCTYPE,
/// CDATA or comments (the writer emits none; finding one is a failure).
struct SVGElement {
    var name: String
    var attributes: [String: String]
    /// Indices of the enclosing elements, outermost first.
    var ancestors: [Int]
    /// The text directly inside the element (for `<text>`), unescaped.
    var text = ""
}

struct SVGScanner {
    var elements: [SVGElement] = []

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ bytes: [UInt8]) throws {
        let s = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var i = 0
        var open: [Int] = []
        func fail(_ m: String) -> Failure { Failure(description: "\(m) at scalar \(i)") }
        while i < s.count {
            if s[i] != "<" {
                var text = String.UnicodeScalarView()
                while i < s.count && s[i] != "<" {
                    text.append(s[i])
                    i += 1
                }
                if let top = open.last { elements[top].text += try Self.unescape(String(text)) }
                continue
            }
            i += 1
            guard i < s.count else { throw fail("a lone <") }
            if s[i] == "?" {
                while i + 1 < s.count && !(s[i] == "?" && s[i + 1] == ">") { i += 1 }
                i += 2
                continue
            }
            if s[i] == "!" { throw fail("comments, CDATA and DOCTYPE are not expected") }
            let closing = s[i] == "/"
            if closing { i += 1 }
            var name = String.UnicodeScalarView()
            while i < s.count && !" \n\t/>".unicodeScalars.contains(s[i]) {
                name.append(s[i])
                i += 1
            }
            guard !name.isEmpty else { throw fail("a tag without a name") }
            if closing {
                while i < s.count && s[i] == " " { i += 1 }
                guard i < s.count, s[i] == ">" else { throw fail("bad closing tag") }
                i += 1
                guard let top = open.popLast(), elements[top].name == String(name) else {
                    throw fail("</\(String(name))> closes nothing open")
                }
                continue
            }
            var attributes: [String: String] = [:]
            var selfClosing = false
            while true {
                while i < s.count && " \n\t".unicodeScalars.contains(s[i]) { i += 1 }
                guard i < s.count else { throw fail("unterminated tag") }
                if s[i] == ">" {
                    i += 1
                    break
                }
                if s[i] == "/" {
                    guard i + 1 < s.count, s[i + 1] == ">" else { throw fail("bad />") }
                    i += 2
                    selfClosing = true
                    break
                }
                var key = String.UnicodeScalarView()
                while i < s.count && s[i] != "=" && s[i] != " " && s[i] != ">" {
                    key.append(s[i])
                    i += 1
                }
                guard i + 1 < s.count, s[i] == "=", s[i + 1] == "\"" else {
                    throw fail("attribute without =\"")
                }
                i += 2
                var value = String.UnicodeScalarView()
                while i < s.count && s[i] != "\"" {
                    guard s[i] != "<" else { throw fail("< in an attribute") }
                    value.append(s[i])
                    i += 1
                }
                guard i < s.count else { throw fail("unterminated attribute") }
                i += 1
                guard attributes[String(key)] == nil else {
                    throw fail("attribute \(String(key)) twice")
                }
                attributes[String(key)] = try Self.unescape(String(value))
            }
            elements.append(SVGElement(name: String(name), attributes: attributes, ancestors: open))
            if !selfClosing { open.append(elements.count - 1) }
        }
        guard open.isEmpty else {
            throw Failure(description: "unclosed <\(elements[open.last!].name)>")
        }
        guard elements.first?.name == "svg", elements.filter({ $0.ancestors.isEmpty }).count == 1
        else {
            throw Failure(description: "not one <svg> root")
        }
    }

    static func unescape(_ text: String) throws -> String {
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else {
                throw Failure(description: "bare &")
            }
            switch rest[rest.index(after: amp)..<semi] {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            case let e: throw Failure(description: "unknown entity &\(e);")
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }

    /// The elements named `name` directly inside an element matching `parent`.
    func children(named name: String, of parent: (SVGElement) -> Bool) -> [SVGElement] {
        elements.filter { e in
            e.name == name && e.ancestors.last.map { parent(elements[$0]) } ?? false
        }
    }
}
