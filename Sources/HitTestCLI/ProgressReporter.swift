import Foundation
import HitTestRender

/// Progress on standard error: the first report at once, so that a long run says what it
/// is doing from its start; after it, nothing until a second has passed
/// (`HITTEST_PROGRESS_AFTER` seconds, for tests), then a line when the phase changes and
/// at most one a second; and a last line with the total time. A short run prints its
/// first line and the last.
final class ProgressReporter: @unchecked Sendable {
    private let start = Date()
    private let after: Double
    private var lastLine: Date?
    private var lastPhase: String?
    private let label: String

    init(label: String) {
        self.label = label
        after =
            ProcessInfo.processInfo.environment["HITTEST_PROGRESS_AFTER"].flatMap(Double.init)
            ?? 1
    }

    /// Reports `phase` at `fraction` done (called from one thread).
    func report(_ phase: String, _ fraction: Double) {
        let now = Date()
        let elapsed = now.timeIntervalSince(start)
        if lastLine != nil {
            guard elapsed >= after else { return }
            if phase == lastPhase, let lastLine, now.timeIntervalSince(lastLine) < 1 { return }
        }
        lastPhase = phase
        lastLine = now
        let percent = Int((max(0, min(1, fraction)) * 100).rounded(.down))
        write("\(label): \(phase) \(percent)% (\(Self.seconds(elapsed)) s)")
    }

    /// The closing line, when anything was reported.
    func finish() {
        guard lastLine != nil else { return }
        write("\(label): done in \(Self.seconds(Date().timeIntervalSince(start))) s")
    }

    private func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func seconds(_ t: Double) -> String { String(format: "%.1f", t) }
}

extension RenderOptions {
    /// Options whose progress goes to `reporter`.
    static func reporting(to reporter: ProgressReporter) -> RenderOptions {
        var options = RenderOptions()
        options.progress = { reporter.report($0.phase.rawValue, $0.fraction) }
        return options
    }
}
