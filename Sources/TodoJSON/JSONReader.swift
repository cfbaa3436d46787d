/// A strict JSON reader (RFC 8259): one value, optionally surrounded by whitespace, and nothing
/// else. Strings must be valid UTF-8 with valid escapes (a lone surrogate is an error), numbers
/// must follow the grammar exactly, and an object may not repeat a key. Nesting deeper than
/// ``maximumDepth`` is refused, so no input can exhaust the stack.
///
/// The one allowance, when asked for (`keepingStringBytes`): raw bytes that are not UTF-8 inside
/// a string, which some editors send for a buffer holding such bytes. Such a string, and any
/// string longer than ``longString`` bytes, becomes ``JSONValue/stringBytes(_:)`` with its bytes
/// kept as they are.
package struct JSONReader {
    /// How deeply arrays and objects may nest.
    package static let maximumDepth = 200
    /// The length from which `keepingStringBytes` keeps a valid string as bytes too.
    package static let longString = 4096

    private let bytes: [UInt8]
    private let keepingStringBytes: Bool
    private var index = 0
    private var depth = 0

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
