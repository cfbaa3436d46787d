/// A JSON value (RFC 8259), as the language server reads and writes it.
///
/// Numbers without a fraction or exponent that fit an `Int` are ``integer(_:)``; every other
/// number is ``double(_:)``. Object members are held in a dictionary: the reader rejects a
/// duplicate key, and the writer writes keys in sorted order so that output is deterministic.
package enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits an `Int`.
    case integer(Int)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// A string kept as its bytes by ``JSONReader/parse(_:keepingStringBytes:)``: bytes that
    /// are not valid UTF-8, or a long string (a document's text), kept exactly and without a
    /// second copy. It is not equal to the same text as ``string(_:)``.
    case stringBytes([UInt8])
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// The member `key` of an object, or `nil` for a missing member or a value that is not an
    /// object.
    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string, when the value is one (invalid UTF-8 shows as U+FFFD).
    package var stringValue: String? {
        switch self {
        case .string(let text): text
        case .stringBytes(let bytes): String(decoding: bytes, as: UTF8.self)
        default: nil
        }
    }

    /// The exact bytes of a string value, invalid UTF-8 included.
    package var stringBytes: [UInt8]? {
        switch self {
        case .string(let text): Array(text.utf8)
        case .stringBytes(let bytes): bytes
        default: nil
        }
    }

    /// The integer, when the value is a whole number that fits an `Int`.
    package var integerValue: Int? {
        switch self {
        case .integer(let value): return value
        case .double(let value):
            guard value.rounded() == value, abs(value) < 9.0e18 else { return nil }
            return Int(value)
        default: return nil
        }
    }

    /// The Boolean, when the value is one.
    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, when the value is an array.
    package var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, when the value is an object.
    package var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// Whether the value is `null`.
    package var isNull: Bool { self == .null }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByNilLiteral
{
    /// A string value.
    package init(stringLiteral value: String) { self = .string(value) }
    /// An integer value.
    package init(integerLiteral value: Int) { self = .integer(value) }
    /// A Boolean value.
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array value.
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// `null`.
    package init(nilLiteral: ()) { self = .null }
    /// An object value; a repeated key keeps its last value.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        var members: [String: JSONValue] = [:]
        for (key, value) in elements { members[key] = value }
        self = .object(members)
    }
}

extension JSONValue {
    /// Puts `bytes` in place of the first empty ``stringBytes(_:)`` (which the reader never
    /// returns otherwise), leaving `bytes` empty; whether there was one.
    mutating func replacePlaceholder(with bytes: inout [UInt8]) -> Bool {
        switch self {
        case .stringBytes(let held) where held.isEmpty:
            var taken: [UInt8] = []
            swap(&taken, &bytes)
            self = .stringBytes(taken)
            return true
        case .array(var elements):
            self = .null
            defer { self = .array(elements) }
            for index in elements.indices {
                if elements[index].replacePlaceholder(with: &bytes) { return true }
            }
            return false
        case .object(var members):
            self = .null
            defer { self = .object(members) }
            for index in members.indices {
                if members.values[index].replacePlaceholder(with: &bytes) { return true }
            }
            return false
        default:
            return false
        }
    }
}
