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
}
