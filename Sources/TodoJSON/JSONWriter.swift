/// The one JSON writer of the package: compact output (no spaces), object keys in sorted order,
/// strings escaped as RFC 8259 asks.
///
/// `todo export`, `todo query --format json` and the language server all escape strings through
/// ``appendString(_:to:)``: `"` and `\` are escaped, LF, CR and tab as `\n`, `\r`, `\t`, other
/// control characters as `\u00XX`, everything else is copied, and bytes that are not valid
/// UTF-8 become U+FFFD, so that the output is always valid JSON.
package enum JSONWriter {
    /// The compact JSON text of `value`.
    package static func bytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        append(value, to: &output)
        return output
    }

    /// Appends the compact JSON text of `value` to `output`.
    package static func append(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        case .bool(true): output.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        case .bool(false): output.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        case .integer(let number): output.append(contentsOf: String(number).utf8)
        case .double(let number):
            if number.isFinite {
                output.append(contentsOf: String(number).utf8)
            } else {
                output.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
            }
        case .string(let text): appendString(text, to: &output)
        case .stringBytes(let bytes): appendString(bytes[...], to: &output)
        case .array(let elements):
            output.append(0x5B)
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(0x2C) }
                append(element, to: &output)
            }
            output.append(0x5D)
        case .object(let members):
            output.append(0x7B)
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output.append(0x2C) }
                appendString(key, to: &output)
                output.append(0x3A)
                if let member = members[key] { append(member, to: &output) }
            }
            output.append(0x7D)
        }
    }

    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x57 + value
    }

    /// Appends `bytes` as a quoted JSON string: escapes `"`, `\` and control characters, and
    /// writes each invalid UTF-8 sequence as U+FFFD.
    package static func appendString(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { appendString(buffer: $0, to: &output) }
    }

    /// Appends `text` as a quoted JSON string (see ``appendString(_:to:)-(ArraySlice<UInt8>,_)``).
    package static func appendString(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendString(buffer: $0, to: &output) }
    }

    private static func appendString(
        buffer bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]
    ) {
        output.append(0x22)
        let bodyStart = output.count
        var needsRepair = false
        // Runs of bytes that need no escape are copied in one append each.
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                if byte >= 0x80 { needsRepair = true }
                index += 1
                continue
            }
            if runStart < index {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
            switch byte {
            case 0x22: output.append(contentsOf: [0x5C, 0x22])
            case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: output.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: output.append(contentsOf: [0x5C, 0x72])
            case 0x09: output.append(contentsOf: [0x5C, 0x74])
            default:
                output.append(contentsOf: [
                    0x5C, 0x75, 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 15),
                ])
            }
            index += 1
            runStart = index
        }
        if runStart < count {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        }
        output.append(0x22)
        guard needsRepair else { return }
        // Non-ASCII bytes were copied as they are; make sure they form valid UTF-8.
        let bodyEnd = output.count - 1
        let body = output[bodyStart..<bodyEnd]
        if !isValidUTF8(body) {
            let repaired = Array(String(decoding: body, as: UTF8.self).utf8)
            output.replaceSubrange(bodyStart..<bodyEnd, with: repaired)
        }
    }

    /// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values past
    /// U+10FFFF), checked without making a string.
    static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { WellFormedUTF8.firstInvalidByte(in: $0) == nil }
    }
}
