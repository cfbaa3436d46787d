import TestSupport
import Testing

@testable import TodoJSON

/// Bytes that are not one JSON value, and the error the reader must give.
struct BadJSON: CustomTestStringConvertible, Sendable {
    var input: [UInt8]
    var offset: Int
    var message: String

    init(_ input: String, _ offset: Int, _ message: String) {
        self.input = Array(input.utf8)
        self.offset = offset
        self.message = message
    }

    init(bytes: [UInt8], _ offset: Int, _ message: String) {
        self.input = bytes
        self.offset = offset
        self.message = message
    }

    var testDescription: String { String(decoding: input, as: UTF8.self) }
}

@Suite struct JSONReaderTests {
    @Test func readsEveryKindOfValue() throws {
        let value = try JSONReader.parse(
            #" {"a": [1, -2, 3.5, 1e3, true, false, null], "b": {"c": "d\n\u00e9\ud83d\ude00"}} "#)
        #expect(
            value == [
                "a": [1, -2, .double(3.5), .double(1000), true, false, nil],
                "b": ["c": "d\né😀"],
            ])
    }

    static let bad: [BadJSON] = [
        BadJSON("", 0, "expected a value, found the end of the input"),
        BadJSON("{", 1, "expected a string key in the object"),
        BadJSON(#"{"a" 1}"#, 5, "expected ':' after the object key"),
        BadJSON(#"{"a": 1 "b": 2}"#, 8, "expected ',' or '}' after an object member"),
        BadJSON("[1,]", 3, "expected a value (object, array, string, number, true, false or null)"),
        BadJSON("[1 2]", 3, "expected ',' or ']' after an array element"),
        BadJSON(#"{"a": 1, "a": 2}"#, 9, "duplicate key 'a' in the object"),
        BadJSON("01", 1, "a number may not have a leading zero"),
        BadJSON("1.", 2, "expected a digit after the decimal point"),
        BadJSON("-", 1, "expected a digit"),
        BadJSON("1e", 2, "expected a digit in the exponent"),
        BadJSON("tru", 3, "expected 'true'"),
        BadJSON(#""abc"#, 0, "unterminated string"),
        BadJSON("\"a\tb\"", 2, "control character in a string; escape it"),
        BadJSON(#""\x""#, 2, #"invalid escape; expected one of \" \\ \/ \b \f \n \r \t \u"#),
        BadJSON(#""\ud83d""#, 1, "lone surrogate in '\\u' escape"),
        BadJSON(#""\u12G4""#, 5, "expected four hex digits after '\\u'"),
        BadJSON(bytes: [0x22, 0xFF, 0x22], 0, "string is not valid UTF-8"),
        BadJSON("1 2", 2, "expected the end of the input after the value"),
        BadJSON("1e999", 0, "number '1e999' is out of range"),
    ]

    @Test(arguments: bad)
    func rejectsWithOffsetAndExpectation(_ example: BadJSON) {
        #expect(throws: JSONError(offset: example.offset, message: example.message)) {
            try JSONReader.parse(example.input)
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONError.self) { try JSONReader.parse(deep) }
        let allowed = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect((try? JSONReader.parse(allowed)) != nil)
    }

    @Test func errorDescriptionNamesTheOffset() {
        #expect(
            JSONError(offset: 4, message: "expected a digit").description
                == "expected a digit at byte 4")
    }

    @Test func randomBytesNeverCrashTheReader() {
        var random = SeededGenerator(seed: 16)
        let alphabet = Array(#"{}[]:,"\ u0123456789abcdefntrl-+.eE"#.utf8) + [0x80, 0xFF, 0x0A]
        for _ in 0..<2000 {
            let length = Int.random(in: 0...30, using: &random)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &random) ?? 0x20 }
            if let value = try? JSONReader.parse(bytes) {
                // Whatever it accepts, it reads back the same after writing.
                #expect((try? JSONReader.parse(JSONWriter.bytes(value))) == value)
            }
        }
    }
}

@Suite struct JSONReaderStringBytesTests {
    @Test func invalidUTF8AndLongStringsAreKeptAsBytesWhenAsked() throws {
        let invalid: [UInt8] = [0x5B, 0x22, 0x61, 0xFF, 0x22, 0x2C, 0x22, 0x62, 0x22, 0x5D]
        #expect(
            try JSONReader.parse(invalid, keepingStringBytes: true)
                == [.stringBytes([0x61, 0xFF]), "b"])
        #expect(throws: JSONError.self) { try JSONReader.parse(invalid) }
        let long = String(repeating: "x", count: JSONReader.longString)
        let value = try JSONReader.parse(Array("\"\(long)\"".utf8), keepingStringBytes: true)
        #expect(value == .stringBytes(Array(long.utf8)))
        #expect(value.stringValue == long)
        #expect(try JSONReader.parse("\"\(long)\"") == .string(long))
        // Written back, kept bytes are repaired into valid JSON.
        #expect(JSONWriter.bytes(.stringBytes([0x61, 0xFF])) == Array("\"a\u{FFFD}\"".utf8))
    }
}
