import Foundation
import Testing
import TodoTerminal

/// The Unicode Character Database files the width table was generated from, where Debian's
/// `unicode-data` package puts them.
private let dataDirectory = "/usr/share/unicode"

private let dataIsPresent = FileManager.default.fileExists(
    atPath: dataDirectory + "/emoji/emoji-data.txt")

/// Checks every scalar's width against the Unicode data, with the rules worked out again here
/// from the files (see `Scripts/generate-width-table.py`). Runs where the data is installed
/// (`apt-get install unicode-data`).
@Suite(.enabled(if: dataIsPresent, "needs Debian's unicode-data package"))
struct WidthTableDataTests {
    /// One value per code point from a UCD property file (`@missing` lines first, as given);
    /// with `only`, whether a binary-property file lists the code point under that name.
    static func property(
        _ name: String, only: String? = nil
    ) throws -> (
        values: [Substring?], version: String?
    ) {
        let text = try String(contentsOfFile: dataDirectory + "/" + name, encoding: .utf8)
        var values = [Substring?](repeating: nil, count: 0x110000)
        var version: String?
        for line in text.split(separator: "\n") {
            if version == nil,
                let range = line.range(of: #"\d+\.\d+\.\d+"#, options: .regularExpression),
                line.hasPrefix("# ")
            {
                version = String(line[range])
            }
            var body = line
            if line.hasPrefix("# @missing:") {
                body = line.dropFirst("# @missing:".count)
            } else if let hash = line.firstIndex(of: "#") {
                body = line[..<hash]
            }
            let fields = body.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2, !fields[0].isEmpty else { continue }
            let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true)
            guard let first = Int(bounds[0], radix: 16),
                let last = Int(bounds.last ?? "", radix: 16)
            else { continue }
            let value = Substring(fields[1])
            if let only, value != only { continue }
            for point in first...last { values[point] = value }
        }
        return (values, version)
    }

    @Test func everyScalarHasTheWidthTheDataGives() throws {
        let (category, version) = try WidthTableDataTests.property(
            "extracted/DerivedGeneralCategory.txt")
        #expect(
            version == DisplayWidth.unicodeVersion,
            "the data is Unicode \(version ?? "?"): run Scripts/generate-width-table.py")
        let eastAsian = try WidthTableDataTests.property("EastAsianWidth.txt").values
        let hangul = try WidthTableDataTests.property("HangulSyllableType.txt").values
        let emoji = try WidthTableDataTests.property(
            "emoji/emoji-data.txt", only: "Emoji_Presentation"
        ).values
        let prepended = try WidthTableDataTests.property(
            "PropList.txt", only: "Prepended_Concatenation_Mark"
        ).values
        var wrong: [String] = []
        var counts = [0, 0, 0]
        for point in 0..<0x110000 {
            guard let scalar = Unicode.Scalar(UInt32(point)) else { continue }
            let gc = category[point] ?? "Cn"
            let expected: Int
            if gc == "Cc" {
                expected = 0
            } else if gc == "Mn" || gc == "Me"
                || (gc == "Cf" && prepended[point] != "Prepended_Concatenation_Mark"
                    && point != 0xAD)
                || hangul[point] == "V" || hangul[point] == "T"
            {
                expected = 0
            } else if eastAsian[point] == "W" || eastAsian[point] == "F"
                || emoji[point] == "Emoji_Presentation"
            {
                expected = 2
            } else {
                expected = 1
            }
            counts[expected] += 1
            if DisplayWidth.of(scalar) != expected && wrong.count < 20 {
                wrong.append(
                    "U+\(String(point, radix: 16, uppercase: true)): \(DisplayWidth.of(scalar)) != \(expected)"
                )
            }
        }
        #expect(wrong == [])
        #expect(counts[2] > 180_000 && counts[0] > 2_000)
    }
}
