/// A strict JSON reader (RFC 8259): one value, optionally surrounded by whitespace, and nothing
/// else. Strings must be valid UTF-8 with valid escapes (a lone surrogate is an error), numbers
/// must follow the grammar exactly, and an object may not repeat a key. Nesting deeper than
/// ``maximumDepth`` is refused, so no input can exhaust the stack.
///
/// The one allowance, when asked for (`keepingStringBytes`): raw bytes that are not UTF-8 inside
/// a string, which some editors send for a buffer holding such bytes. Such a string, and any
/// string longer than ``longString`` bytes, becomes ``JSONValue/stringBytes(_:)`` with its bytes
/// kept as they are.
///
/// ``parse(taking:keepingStringBytes:)`` reads a buffer it is given to keep: strings are decoded
/// in place, to the front of that buffer, and the buffer becomes the first long string's bytes,
/// so that a message holding a whole document costs the memory of the message only.
package struct JSONReader {
    /// How deeply arrays and objects may nest.
    package static let maximumDepth = 200
    /// The length from which `keepingStringBytes` keeps a valid string as bytes too.
    package static let longString = 4096

    private var bytes: [UInt8]
    private let keepingStringBytes: Bool
    private var index = 0
    private var depth = 0
    /// Whether the first long string may be decoded in place (the buffer was given to keep).
    private var decodesInPlace = false
    /// The length of the string decoded in place at the front of ``bytes``, once there is one;
    /// the value holds ``placeholder`` where it goes.
    private var inPlaceLength: Int?

    /// Stands for the string decoded in place until the parse ends: no string the reader
    /// returns is ever an empty ``JSONValue/stringBytes(_:)``.
    private static let placeholder = JSONValue.stringBytes([])

    private init(_ bytes: [UInt8], keepingStringBytes: Bool) {
        self.bytes = bytes
        self.keepingStringBytes = keepingStringBytes
    }

    /// Parses `bytes` as exactly one JSON value.
    ///
    /// - Parameters:
    ///   - bytes: The text.
    ///   - keepingStringBytes: Whether a string may hold raw bytes that are not UTF-8 (and long
    ///     strings are kept as bytes).
    /// - Throws: ``JSONError`` with the offset of the first byte that does not fit and what was
    ///   expected there.
    package static func parse(
        _ bytes: some Collection<UInt8>, keepingStringBytes: Bool = false
    )
        throws(JSONError) -> JSONValue
    {
        var reader = JSONReader(Array(bytes), keepingStringBytes: keepingStringBytes)
        reader.skipWhitespace()
        let value = try reader.readValue()
        reader.skipWhitespace()
        if reader.index < reader.bytes.count {
            throw reader.error("expected the end of the input after the value")
        }
        return value
    }

    /// Parses `bytes` as exactly one JSON value (see ``parse(_:keepingStringBytes:)``), taking
    /// the buffer over: `bytes` is left empty. With `keepingStringBytes`, strings are decoded in
    /// place, and the first of at least ``longString`` bytes becomes a
    /// ``JSONValue/stringBytes(_:)`` that owns the buffer, so no second copy of it is ever made.
    /// The value and the errors are those of ``parse(_:keepingStringBytes:)``.
    package static func parse(
        taking bytes: inout [UInt8], keepingStringBytes: Bool
    ) throws(JSONError) -> JSONValue {
        var buffer: [UInt8] = []
        swap(&buffer, &bytes)
        var reader = JSONReader(buffer, keepingStringBytes: keepingStringBytes)
        buffer = []  // the reader holds the only reference
        reader.decodesInPlace = keepingStringBytes
        reader.skipWhitespace()
        var value = try reader.readValue()
        reader.skipWhitespace()
        if reader.index < reader.bytes.count {
            throw reader.error("expected the end of the input after the value")
        }
        if let length = reader.inPlaceLength {
            var text: [UInt8] = []
            swap(&text, &reader.bytes)
            text.removeSubrange(length...)
            _ = value.replacePlaceholder(with: &text)
        }
        return value
    }

    /// Parses the UTF-8 of `text` (see ``parse(_:)``).
    package static func parse(_ text: String) throws(JSONError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private func error(_ message: String) -> JSONError {
        JSONError(offset: index, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            index += 1
        }
    }

    private mutating func readValue() throws(JSONError) -> JSONValue {
        let start = index
        guard let byte = current else {
            throw error("expected a value, found the end of the input")
        }
        switch byte {
        case 0x7B: return try readObject()
        case 0x5B: return try readArray()
        case 0x22:
            if decodesInPlace && inPlaceLength == nil { return try readStringInPlace() }
            let bytes = try readString()
            if keepingStringBytes && bytes.count >= JSONReader.longString {
                return .stringBytes(bytes)
            }
            if let text = String(validating: bytes, as: UTF8.self) { return .string(text) }
            guard keepingStringBytes else {
                throw JSONError(offset: start, message: "string is not valid UTF-8")
            }
            return .stringBytes(bytes)
        case 0x74: return try readLiteral("true", .bool(true))
        case 0x66: return try readLiteral("false", .bool(false))
        case 0x6E: return try readLiteral("null", .null)
        case 0x2D, 0x30...0x39: return try readNumber()
        default:
            throw error("expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func readLiteral(
        _ word: String, _ value: JSONValue
    ) throws(JSONError)
        -> JSONValue
    {
        for expected in word.utf8 {
            guard current == expected else { throw error("expected '\(word)'") }
            index += 1
        }
        return value
    }

    private mutating func enter() throws(JSONError) {
        depth += 1
        if depth > JSONReader.maximumDepth {
            throw error("nesting deeper than \(JSONReader.maximumDepth) levels")
        }
    }

    private mutating func readObject() throws(JSONError) -> JSONValue {
        try enter()
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == 0x7D {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == 0x22 else { throw error("expected a string key in the object") }
            let keyOffset = index
            guard let key = String(validating: try readString(), as: UTF8.self) else {
                throw JSONError(offset: keyOffset, message: "string is not valid UTF-8")
            }
            if members[key] != nil {
                throw JSONError(offset: keyOffset, message: "duplicate key '\(key)' in the object")
            }
            skipWhitespace()
            guard current == 0x3A else { throw error("expected ':' after the object key") }
            index += 1
            skipWhitespace()
            members[key] = try readValue()
            skipWhitespace()
            switch current {
            case 0x2C: index += 1
            case 0x7D:
                index += 1
                depth -= 1
                return .object(members)
            default: throw error("expected ',' or '}' after an object member")
            }
        }
    }

    private mutating func readArray() throws(JSONError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == 0x5D {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try readValue())
            skipWhitespace()
            switch current {
            case 0x2C: index += 1
            case 0x5D:
                index += 1
                depth -= 1
                return .array(elements)
            default: throw error("expected ',' or ']' after an array element")
            }
        }
    }

    private mutating func readDigits() -> Int {
        let start = index
        while let byte = current, byte >= 0x30 && byte <= 0x39 { index += 1 }
        return index - start
    }

    private mutating func readNumber() throws(JSONError) -> JSONValue {
        let start = index
        if current == 0x2D { index += 1 }
        if current == 0x30 {
            index += 1
            if let byte = current, byte >= 0x30 && byte <= 0x39 {
                throw error("a number may not have a leading zero")
            }
        } else if readDigits() == 0 {
            throw error("expected a digit")
        }
        var isInteger = true
        if current == 0x2E {
            isInteger = false
            index += 1
            if readDigits() == 0 { throw error("expected a digit after the decimal point") }
        }
        if current == 0x65 || current == 0x45 {
            isInteger = false
            index += 1
            if current == 0x2B || current == 0x2D { index += 1 }
            if readDigits() == 0 { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int(text) { return .integer(value) }
        guard let value = Double(text), value.isFinite else {
            throw JSONError(offset: start, message: "number '\(text)' is out of range")
        }
        return .double(value)
    }

    private mutating func readHex4() throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error("expected four hex digits after '\\u'") }
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error("expected four hex digits after '\\u'")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    /// The bytes of a string, escapes decoded.
    private mutating func readString() throws(JSONError) -> [UInt8] {
        let start = index
        index += 1
        // Most strings have no escape: take their bytes in one piece.
        var end = index
        while end < bytes.count && bytes[end] != 0x22 && bytes[end] != 0x5C && bytes[end] >= 0x20 {
            end += 1
        }
        if end < bytes.count && bytes[end] == 0x22 {
            let text = Array(bytes[index..<end])
            index = end + 1
            return text
        }
        // Escapes only shrink a string: its bytes up to the closing quote bound its length, so
        // one allocation holds it (a whole document sent by an editor is one such string).
        var close = end
        while close < bytes.count && bytes[close] != 0x22 {
            close += bytes[close] == 0x5C ? 2 : 1
        }
        var text: [UInt8] = []
        text.reserveCapacity(min(close, bytes.count) - index)
        text += bytes[index..<end]
        index = end
        while true {
            guard let byte = current else {
                throw JSONError(offset: start, message: "unterminated string")
            }
            switch byte {
            case 0x22:
                index += 1
                return text
            case 0x5C:
                index += 1
                try readEscape(into: &text)
            case 0..<0x20:
                throw error("control character in a string; escape it")
            default:
                // A run of plain bytes in one copy.
                var runEnd = index + 1
                while runEnd < bytes.count && bytes[runEnd] != 0x22 && bytes[runEnd] != 0x5C
                    && bytes[runEnd] >= 0x20
                {
                    runEnd += 1
                }
                text += bytes[index..<runEnd]
                index = runEnd
            }
        }
    }

    /// Reads the string at `index` in place: its bytes, escapes decoded, go to the front of
    /// ``bytes`` (escapes only shrink a string, and everything before `index` was read already,
    /// so writing never overtakes reading). Returns ``placeholder`` for a long string (the
    /// buffer becomes its bytes at the end of the parse), or the value of a shorter one.
    private mutating func readStringInPlace() throws(JSONError) -> JSONValue {
        let start = index
        let outcome = bytes.withUnsafeMutableBufferPointer { buffer in
            Self.decodeInPlace(buffer, quote: start)
        }
        switch outcome {
        case .failure(let error): throw error
        case .decoded(let end, let length):
            index = end
            if length >= JSONReader.longString {
                inPlaceLength = length
                return JSONReader.placeholder
            }
            let text = Array(bytes[0..<length])
            if let string = String(validating: text, as: UTF8.self) { return .string(string) }
            return .stringBytes(text)
        }
    }

    /// What ``decodeInPlace(_:quote:)`` did.
    private enum InPlaceOutcome {
        /// The string was decoded to the front of the buffer; reading goes on at `end`.
        case decoded(end: Int, length: Int)
        /// The string is not valid.
        case failure(JSONError)
    }

    /// Decodes the string whose opening quote is at `quote` to the front of `buffer`, with the
    /// checks and errors of ``readString()``.
    private static func decodeInPlace(
        _ buffer: UnsafeMutableBufferPointer<UInt8>, quote: Int
    ) -> InPlaceOutcome {
        let count = buffer.count
        var read = quote + 1
        var write = 0
        while true {
            guard read < count else {
                return .failure(JSONError(offset: quote, message: "unterminated string"))
            }
            let byte = buffer[read]
            if byte == 0x22 { return .decoded(end: read + 1, length: write) }
            if byte < 0x20 {
                return .failure(
                    JSONError(offset: read, message: "control character in a string; escape it"))
            }
            if byte != 0x5C {
                // A run of plain bytes, moved in one piece.
                let runEnd = plainRunEnd(UnsafeBufferPointer(buffer), from: read + 1)
                if write != read, let base = buffer.baseAddress {
                    (base + write).update(from: base + read, count: runEnd - read)
                }
                write += runEnd - read
                read = runEnd
                continue
            }
            switch decodeEscape(UnsafeBufferPointer(buffer), at: read + 1) {
            case .failure(let error): return .failure(error)
            case .success(let escape):
                let scalar = escape.scalar
                switch scalar {
                case 0..<0x80:
                    buffer[write] = UInt8(scalar)
                    write += 1
                case 0x80..<0x800:
                    buffer[write] = UInt8(0xC0 | scalar >> 6)
                    buffer[write + 1] = UInt8(0x80 | scalar & 0x3F)
                    write += 2
                case 0x800..<0x10000:
                    buffer[write] = UInt8(0xE0 | scalar >> 12)
                    buffer[write + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    buffer[write + 2] = UInt8(0x80 | scalar & 0x3F)
                    write += 3
                default:
                    buffer[write] = UInt8(0xF0 | scalar >> 18)
                    buffer[write + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                    buffer[write + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    buffer[write + 3] = UInt8(0x80 | scalar & 0x3F)
                    write += 4
                }
                read = escape.end
            }
        }
    }

    /// The offset of the first quote, backslash or control character at or after `start` of
    /// `buffer` (its count when there is none). Eight bytes are tested at once.
    private static func plainRunEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = buffer.count
        var index = start
        if let base = UnsafeRawPointer(buffer.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                // A high bit is set where a byte is zero (a quote or a backslash in `quote` or
                // `backslash`) or below 0x20 in `word`: exact for "is there one" (high bytes
                // of `word` never count as controls, `~word` clears them).
                let found =
                    ((quote &- ones) & ~quote & highs) | ((backslash &- ones) & ~backslash & highs)
                    | ((word &- ones &* 0x20) & ~word & highs)
                if found != 0 { break }
                index += 8
            }
        }
        while index < count && buffer[index] != 0x22 && buffer[index] != 0x5C
            && buffer[index] >= 0x20
        {
            index += 1
        }
        return index
    }

    /// Decodes the escape whose letter is at `index` (after the backslash): the scalar and the
    /// offset after the escape, with the errors of ``readEscape(into:)``.
    private static func decodeEscape(
        _ buffer: UnsafeBufferPointer<UInt8>, at index: Int
    ) -> Result<(scalar: UInt32, end: Int), JSONError> {
        guard index < buffer.count else {
            return .failure(JSONError(offset: index, message: "expected an escape after '\\'"))
        }
        switch buffer[index] {
        case 0x22, 0x5C, 0x2F: return .success((UInt32(buffer[index]), index + 1))
        case 0x62: return .success((0x08, index + 1))
        case 0x66: return .success((0x0C, index + 1))
        case 0x6E: return .success((0x0A, index + 1))
        case 0x72: return .success((0x0D, index + 1))
        case 0x74: return .success((0x09, index + 1))
        case 0x75:
            let escapeStart = index - 1
            let lone = JSONError(offset: escapeStart, message: "lone surrogate in '\\u' escape")
            var position = index + 1
            guard case .success(var scalar) = hex4(buffer, at: &position) else {
                return .failure(
                    JSONError(offset: position, message: "expected four hex digits after '\\u'"))
            }
            if scalar >= 0xD800 && scalar <= 0xDBFF {
                guard position + 1 < buffer.count, buffer[position] == 0x5C,
                    buffer[position + 1] == 0x75
                else { return .failure(lone) }
                position += 2
                guard case .success(let low) = hex4(buffer, at: &position) else {
                    return .failure(
                        JSONError(
                            offset: position, message: "expected four hex digits after '\\u'"))
                }
                guard low >= 0xDC00 && low <= 0xDFFF else { return .failure(lone) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                return .failure(lone)
            }
            return .success((scalar, position))
        default:
            return .failure(
                JSONError(
                    offset: index,
                    message: "invalid escape; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u"
                ))
        }
    }

    /// Four hex digits at `position`, which ends after them, or at the first byte that is not one.
    private static func hex4(
        _ buffer: UnsafeBufferPointer<UInt8>, at position: inout Int
    ) -> Result<UInt32, JSONError> {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < buffer.count else {
                return .failure(JSONError(offset: 0, message: ""))
            }
            let digit: UInt32
            switch buffer[position] {
            case 0x30...0x39: digit = UInt32(buffer[position] - 0x30)
            case 0x41...0x46: digit = UInt32(buffer[position] - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(buffer[position] - 0x61 + 10)
            default: return .failure(JSONError(offset: 0, message: ""))
            }
            value = value * 16 + digit
            position += 1
        }
        return .success(value)
    }

    private mutating func readEscape(into text: inout [UInt8]) throws(JSONError) {
        guard let byte = current else { throw error("expected an escape after '\\'") }
        index += 1
        switch byte {
        case 0x22, 0x5C, 0x2F: text.append(byte)
        case 0x62: text.append(0x08)
        case 0x66: text.append(0x0C)
        case 0x6E: text.append(0x0A)
        case 0x72: text.append(0x0D)
        case 0x74: text.append(0x09)
        case 0x75:
            let escapeStart = index - 2
            var scalar = try readHex4()
            if scalar >= 0xD800 && scalar <= 0xDBFF {
                guard current == 0x5C, index + 1 < bytes.count, bytes[index + 1] == 0x75 else {
                    throw JSONError(offset: escapeStart, message: "lone surrogate in '\\u' escape")
                }
                index += 2
                let low = try readHex4()
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw JSONError(offset: escapeStart, message: "lone surrogate in '\\u' escape")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                throw JSONError(offset: escapeStart, message: "lone surrogate in '\\u' escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw JSONError(offset: escapeStart, message: "invalid '\\u' escape")
            }
            text.append(contentsOf: String(Character(unicode)).utf8)
        default:
            index -= 1
            throw error("invalid escape; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u")
        }
    }
}
