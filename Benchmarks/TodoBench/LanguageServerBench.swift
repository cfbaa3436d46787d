import Foundation

/// The language server's speed and memory (README, "In your editor"): `todo language-server`
/// is started with pipes, like an editor starts it, and timed on a generated document: the
/// first diagnostics after `didOpen`, the diagnostics after a one-character change, and a
/// completion; then its peak resident memory (`VmHWM`) is read from `/proc`.
struct LanguageServerBench {
    /// The measured figures of one document size.
    struct Figures {
        var lines: Int
        var documentBytes: Int
        /// How many diagnostics the document has.
        var diagnostics: Int
        /// Milliseconds from sending `didOpen` to receiving its diagnostics.
        var open: Double
        /// Median milliseconds from a one-character `didChange` to its diagnostics.
        var change: Double
        /// Median milliseconds of a completion request.
        var completion: Double
        /// The server's CPU milliseconds for the same three (open, median change, median
        /// completion).
        var cpu: (open: Double, change: Double, completion: Double)
        /// The server's peak resident memory in bytes.
        var peakMemory: Int
    }

    let todo: String
    let seed: UInt64

    /// A running server and the bytes it has written that were not read yet.
    private final class Connection {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        var buffer: [UInt8] = []

        func send(_ message: [String: Any]) throws {
            let body = try JSONSerialization.data(withJSONObject: message)
            input.fileHandleForWriting.write(
                Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }

        /// Reads messages until one satisfies `done`; `nil` at end of output.
        func read(until done: ([String: Any]) -> Bool) -> [String: Any]? {
            let separator: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
            while true {
                if let end = firstIndex(of: separator) {
                    let header = String(decoding: buffer[..<end], as: UTF8.self)
                    if let length = Int(header.dropFirst("Content-Length: ".count)),
                        buffer.count >= end + 4 + length
                    {
                        let body = Data(buffer[(end + 4)..<(end + 4 + length)])
                        buffer.removeFirst(end + 4 + length)
                        if let message = try? JSONSerialization.jsonObject(with: body)
                            as? [String: Any], done(message)
                        {
                            return message
                        }
                        continue
                    }
                }
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { return nil }
                buffer += data
            }
        }

        private func firstIndex(of separator: [UInt8]) -> Int? {
            guard buffer.count >= separator.count else { return nil }
            for index in 0...(buffer.count - separator.count)
            where buffer[index] == 0x0D && buffer[index..<index + 4].elementsEqual(separator) {
                return index
            }
            return nil
        }
    }

    /// The server's CPU time so far in milliseconds (`/proc/PID/schedstat`, nanoseconds on a
    /// CPU): unlike wall time, other processes on a loaded machine do not inflate it.
    private static func cpuMilliseconds(_ process: Process) -> Double {
        let text =
            (try? String(
                contentsOfFile: "/proc/\(process.processIdentifier)/schedstat", encoding: .utf8))
            ?? ""
        return Double(text.split(separator: " ").first.flatMap { Int($0) } ?? 0) / 1e6
    }

    private static func milliseconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    }

    /// Measures one document of `lines` lines, `runs` times for the change and the completion.
    func run(lines: Int, runs: Int) -> Figures? {
        let text = String(
            decoding: Generator.file(lines: lines, seed: seed ^ UInt64(lines)), as: UTF8.self)
        let connection = Connection()
        connection.process.executableURL = URL(fileURLWithPath: todo)
        connection.process.arguments = ["language-server"]
        connection.process.standardInput = connection.input
        connection.process.standardOutput = connection.output
        connection.process.standardError = FileHandle.nullDevice
        let uri = "file:///nonexistent/todo.txt"
        func isDiagnostics(_ message: [String: Any]) -> Bool {
            message["method"] as? String == "textDocument/publishDiagnostics"
        }
        do {
            try connection.process.run()
            try connection.send([
                "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]],
            ])
            guard connection.read(until: { $0["id"] as? Int == 1 }) != nil else { return nil }
            try connection.send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
            var start = DispatchTime.now()
            var cpuStart = Self.cpuMilliseconds(connection.process)
            try connection.send([
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": [
                    "textDocument": [
                        "uri": uri, "languageId": "todotxt", "version": 1, "text": text,
                    ]
                ],
            ])
            guard let published = connection.read(until: isDiagnostics) else { return nil }
            let open = Self.milliseconds(since: start)
            let openCPU = Self.cpuMilliseconds(connection.process) - cpuStart
            var changeCPU: [Double] = []
            var completionCPU: [Double] = []
            let found =
                ((published["params"] as? [String: Any])?["diagnostics"] as? [Any])?.count ?? 0
            var changes: [Double] = []
            var completions: [Double] = []
            let middle = lines / 2
            for run in 0..<runs {
                start = DispatchTime.now()
                cpuStart = Self.cpuMilliseconds(connection.process)
                try connection.send([
                    "jsonrpc": "2.0", "method": "textDocument/didChange",
                    "params": [
                        "textDocument": ["uri": uri, "version": run + 2],
                        "contentChanges": [
                            [
                                "range": [
                                    "start": ["line": middle, "character": 0],
                                    "end": ["line": middle, "character": 0],
                                ],
                                "text": "a",
                            ]
                        ],
                    ],
                ])
                guard connection.read(until: isDiagnostics) != nil else { return nil }
                changes.append(Self.milliseconds(since: start))
                changeCPU.append(Self.cpuMilliseconds(connection.process) - cpuStart)
                start = DispatchTime.now()
                cpuStart = Self.cpuMilliseconds(connection.process)
                let id = 100 + run
                try connection.send([
                    "jsonrpc": "2.0", "id": id, "method": "textDocument/completion",
                    "params": [
                        "textDocument": ["uri": uri], "position": ["line": middle, "character": 1],
                    ],
                ])
                guard connection.read(until: { $0["id"] as? Int == id }) != nil else { return nil }
                completions.append(Self.milliseconds(since: start))
                completionCPU.append(Self.cpuMilliseconds(connection.process) - cpuStart)
            }
            let status =
                (try? String(
                    contentsOfFile: "/proc/\(connection.process.processIdentifier)/status",
                    encoding: .utf8)) ?? ""
            let peak =
                status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
                .flatMap {
                    Int(
                        $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
                            ?? "")
                }
                ?? 0
            try connection.send(["jsonrpc": "2.0", "id": 2, "method": "shutdown"])
            _ = connection.read(until: { $0["id"] as? Int == 2 })
            try connection.send(["jsonrpc": "2.0", "method": "exit"])
            try connection.input.fileHandleForWriting.close()
            connection.process.waitUntilExit()
            return Figures(
                lines: lines, documentBytes: text.utf8.count, diagnostics: found, open: open,
                change: changes.median, completion: completions.median,
                cpu: (openCPU, changeCPU.median, completionCPU.median),
                peakMemory: peak * 1024)
        } catch {
            print("todo-bench: language server: \(error)")
            return nil
        }
    }

    /// Prints one size's figures next to the targets (the targets are checked against the
    /// server's CPU time, which a loaded machine does not inflate; wall times are shown too).
    static func report(_ figures: Figures) {
        let megabytes = Double(figures.documentBytes) / 1_000_000
        let limit = 2 * megabytes + 30
        let peak = Double(figures.peakMemory) / 1_000_000
        func mark(_ ok: Bool) -> String { ok ? "ok" : "OVER" }
        print(
            String(
                format:
                    "language server, %d lines (%.1f MB, %d diagnostics), server CPU (wall): first diagnostics %.1f (%.1f) ms, change %.1f (%.1f) ms, completion %.1f (%.1f) ms, peak memory %.0f MB",
                figures.lines, megabytes, figures.diagnostics, figures.cpu.open, figures.open,
                figures.cpu.change, figures.change, figures.cpu.completion, figures.completion,
                peak))
        if figures.lines <= 10_000 {
            print(
                "  targets: open 100 ms \(mark(figures.cpu.open <= 100)), change 20 ms \(mark(figures.cpu.change <= 20)), completion 20 ms \(mark(figures.cpu.completion <= 20)), memory \(Int(limit)) MB \(mark(peak <= limit))"
            )
        } else {
            print("  target: memory \(Int(limit)) MB \(mark(peak <= limit))")
        }
    }
}
