import Foundation
import Testing

/// One version everywhere: `hittest --version` prints the HT_VERSION_* macros of
/// include/hittest/base.h, where the version is defined (CMake's project() reads them too,
/// and the find_package consumer test checks htGetVersion against it).
@Suite("Version")
struct VersionTests {
    @Test("hittest --version prints the HT_VERSION_* macros of base.h")
    func versionMatchesHeader() throws {
        let header = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("include/hittest/base.h")
        let text = try String(contentsOf: header, encoding: .utf8)
        func value(_ part: String) -> String? {
            let prefix = "#define HT_VERSION_\(part) "
            return text.split(separator: "\n").first { $0.hasPrefix(prefix) }
                .map { String($0.dropFirst(prefix.count)) }
        }
        let expected = try ["MAJOR", "MINOR", "REVISION"].map { try #require(value($0)) }
            .joined(separator: ".")
        let r = try CLI.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout == expected + "\n")
    }
}
