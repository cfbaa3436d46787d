import Testing

@testable import TodoJSON

@Suite struct JSONWriterTests {
    @Test func writesCompactlyWithSortedKeys() {
        let value: JSONValue = ["b": [1, .double(2.5), nil, true], "a": "x", "c": [:]]
        #expect(
            String(decoding: JSONWriter.bytes(value), as: UTF8.self)
                == #"{"a":"x","b":[1,2.5,null,true],"c":{}}"#)
    }

    @Test func escapesStringsAsTheRecordsDo() {
        var output: [UInt8] = []
        JSONWriter.appendString(ArraySlice(Array("q\"b\\n\nr\rt\t\u{1}é".utf8)), to: &output)
        #expect(String(decoding: output, as: UTF8.self) == #""q\"b\\n\nr\rt\t\u0001é""#)
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        var output: [UInt8] = []
        JSONWriter.appendString([0x61, 0xFF, 0x62, 0xE2, 0x82], to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "\"a\u{FFFD}b\u{FFFD}\"")
        #expect((try? JSONReader.parse(output)) == "a\u{FFFD}b\u{FFFD}")
    }

    @Test func nonFiniteNumbersAreNull() {
        #expect(JSONWriter.bytes(.double(.infinity)) == Array("null".utf8))
    }

    @Test func stringsRoundTrip() throws {
        for text in ["", "plain", "emoji 😀 and CJK 電話", "e\u{301}", "\u{0}\u{1F}\u{7F}", "\"\\/"] {
            #expect(try JSONReader.parse(JSONWriter.bytes(.string(text))) == .string(text))
        }
    }

    /// Random byte strings (ASCII, escapes, valid and broken UTF-8): the writer gives what
    /// escaping byte by byte and then repairing the text would give.
    @Test func randomBytesAreEscapedLikeASimpleModel() {
        let pieces: [[UInt8]] = [
            Array("plain text ".utf8), [0x22], [0x5C], [0x0A], [0x0D], [0x09], [0x01], [0x1F],
            [0x7F], Array("é".utf8), Array("😀".utf8), Array("電".utf8), [0xFF], [0xC0, 0x80],
            [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
            [0x80],
        ]
        var state: UInt64 = 7
        for _ in 0..<500 {
            var bytes: [UInt8] = []
            state = state &* 6_364_136_223_846_793_005 &+ 1
            for _ in 0..<Int(state >> 60) {
                state = state &* 6_364_136_223_846_793_005 &+ 1
                bytes += pieces[Int(state >> 33) % pieces.count]
            }
            var output: [UInt8] = []
            JSONWriter.appendString(ArraySlice(bytes), to: &output)
            #expect(output == Self.model(bytes), "\(bytes)")
        }
    }

    /// The escaped string, written the slow and obvious way.
    static func model(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = [0x22]
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\"": result += Array(#"\""#.utf8)
            case "\\": result += Array(#"\\"#.utf8)
            case "\n": result += Array(#"\n"#.utf8)
            case "\r": result += Array(#"\r"#.utf8)
            case "\t": result += Array(#"\t"#.utf8)
            case "\u{0}"..."\u{1F}":
                let digits = Array("0123456789abcdef".utf8)
                let value = Int(scalar.value)
                result += Array(#"\u00"#.utf8) + [digits[value >> 4], digits[value & 15]]
            default: result += Array(String(scalar).utf8)
            }
        }
        return result + [0x22]
    }
}
