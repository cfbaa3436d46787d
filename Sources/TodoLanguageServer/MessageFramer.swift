/// Splits the byte stream of the base protocol into message bodies: a header block of
/// `Name: value` lines, each ended by CR LF, an empty line, then exactly `Content-Length` bytes.
///
/// A header block that is not valid is reported once and skipped: reading resumes at the next
/// `Content-Length` header, so that one bad message does not take the following ones with it.
package struct MessageFramer: Sendable {
    /// What the framer found next.
    package enum Frame: Hashable, Sendable {
        /// The body of one message.
        case body([UInt8])
        /// Bytes that are not a valid message header, and why; they were skipped.
        case malformed(String)
    }

    /// The largest body accepted, so that a bad length cannot make the server hold gigabytes.
    package static let maximumBodySize = 1 << 30
    /// The longest header block accepted.
    package static let maximumHeaderSize = 1 << 16

    private var buffer: [UInt8] = []
    private var start = 0
    /// The body length of a header that was already read, waiting for its body.
    private var pendingLength: Int?

    /// An empty framer.
    package init() {}

    /// Adds bytes read from the input.
    package mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Whether bytes of an unfinished message are left over (at the end of the input).
    package var hasPartialMessage: Bool {
        pendingLength != nil || buffer[start...].contains { !Self.isWhitespace($0) }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The next complete frame, or `nil` when more input is needed.
    package mutating func next() -> Frame? {
        if let length = pendingLength {
            guard buffer.count - start >= length else { return nil }
            if length >= 1 << 20 {
                // A big message (a whole document is sent this way): its bytes are handed over
                // without a second copy, and the few bytes read after it go to a new buffer.
                var body: [UInt8] = []
                swap(&body, &buffer)
                buffer = Array(body[(start + length)...])
                body.removeSubrange((start + length)...)
                body.removeSubrange(0..<start)
                start = 0
                pendingLength = nil
                return .body(body)
            }
            let body = Array(buffer[start..<start + length])
            start += length
            pendingLength = nil
            if start >= 1 << 20 {
                // A big message was read: let its bytes go now, not at the next append.
                buffer = Array(buffer[start...])
                start = 0
            }
            return .body(body)
        }
        guard let end = headerEnd() else {
            if buffer.count - start > MessageFramer.maximumHeaderSize {
                skipToNextHeader(after: start)
                return .malformed("header longer than \(MessageFramer.maximumHeaderSize) bytes")
            }
            return nil
        }
        switch parseHeader(buffer[start..<end]) {
        case .success(let length):
            start = end + 4
            pendingLength = length
            // Room for the whole body at once, rather than growing by doubling as it arrives.
            if length > buffer.count - start { buffer.reserveCapacity(start + length) }
            return next()
        case .failure(let problem):
            skipToNextHeader(after: start, orTo: end + 4)
            return .malformed(problem.message)
        }
    }

    /// The offset of the CR LF CR LF that ends the header block starting at `start`.
    private func headerEnd() -> Int? {
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 0x0D && buffer[index + 1] == 0x0A && buffer[index + 2] == 0x0D
                && buffer[index + 3] == 0x0A
            {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Drops bytes up to the next `Content-Length` that comes after `offset`, or up to
    /// `fallback` (at least), or all of them.
    private mutating func skipToNextHeader(after offset: Int, orTo fallback: Int? = nil) {
        let name = Array("content-length:".utf8)
        var index = offset + 1
        while index + name.count <= buffer.count {
            var matches = true
            for (position, expected) in name.enumerated()
            where Self.lowercased(buffer[index + position]) != expected {
                matches = false
                break
            }
            if matches {
                start = index
                return
            }
            index += 1
        }
        // None yet: keep a tail that could be the start of one.
        start = max(fallback ?? 0, buffer.count - name.count + 1, start)
        start = min(start, buffer.count)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    private struct HeaderProblem: Error {
        var message: String
    }

    /// The `Content-Length` of a header block (without its final empty line).
    private func parseHeader(_ block: ArraySlice<UInt8>) -> Result<Int, HeaderProblem> {
        var length: Int?
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = block.startIndex
        var index = block.startIndex
        while index < block.endIndex {
            if block[index] == 0x0D && index + 1 < block.endIndex && block[index + 1] == 0x0A {
                lines.append(block[lineStart..<index])
                index += 2
                lineStart = index
            } else {
                index += 1
            }
        }
        lines.append(block[lineStart..<block.endIndex])
        for line in lines {
            guard let colon = line.firstIndex(of: 0x3A) else {
                let text = String(decoding: line.prefix(40), as: UTF8.self)
                return .failure(HeaderProblem(message: "header line without ':': '\(text)'"))
            }
            let name = String(decoding: line[..<colon].map(Self.lowercased), as: UTF8.self)
            let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
            guard name == "content-length" else { continue }
            let text = String(decoding: value, as: UTF8.self)
            guard length == nil else {
                return .failure(HeaderProblem(message: "more than one Content-Length header"))
            }
            guard !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), value.count <= 10,
                let number = Int(text), number <= MessageFramer.maximumBodySize
            else {
                return .failure(HeaderProblem(message: "invalid Content-Length '\(text)'"))
            }
            length = number
        }
        guard let length else {
            return .failure(HeaderProblem(message: "message header without Content-Length"))
        }
        return .success(length)
    }

    /// `Content-Length: N` CR LF CR LF, then `body`.
    package static func frame(_ body: [UInt8]) -> [UInt8] {
        var framed = body
        frame(&framed)
        return framed
    }

    /// Puts the header `Content-Length: N` CR LF CR LF before `body`, in place when its
    /// buffer has room (a big body is not copied).
    package static func frame(_ body: inout [UInt8]) {
        body.insert(contentsOf: "Content-Length: \(body.count)\r\n\r\n".utf8, at: 0)
    }
}
