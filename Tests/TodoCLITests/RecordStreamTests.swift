import Glibc
import Testing
import TodoQuery

@testable import TodoCLI

/// ``RecordStream`` gives the records of the whole input, in order and numbered on, however
/// the formatting falls between its two threads: all here when writing is slow, all on the
/// writing thread when reading is slow, and mixed.
@Suite struct RecordStreamTests {
    /// The records of `input` formatted in one go, as the stream must give them.
    static func reference(_ input: [UInt8], asArray: Bool) -> [UInt8] {
        let writer = JSONRecordWriter(capacity: input.count * 6 + 16)
        if asArray { writer.append(0x5B) }
        let skip = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let next = input.withUnsafeBufferPointer {
            writer.appendRecords(of: $0, from: skip, to: $0.count, first: 1, asArray: asArray)
        }
        var bytes = Array(writer.bytes)
        if asArray { bytes += next == 1 ? [0x5D, 0x0A] : [0x0A, 0x5D, 0x0A] }
        return bytes
    }

    /// How slow each side is: microseconds a write or a piece's read waits.
    enum Pace: String, CaseIterable, CustomTestStringConvertible {
        case slowWriter, slowReader, even
        var testDescription: String { rawValue }
        var write: UInt32 { self == .slowWriter ? 3_000 : 0 }
        var read: UInt32 { self == .slowReader ? 3_000 : 0 }
    }

    @Test(arguments: Pace.allCases, [true, false])
    func theRecordsAreThoseOfTheWholeInput(_ pace: Pace, asArray: Bool) {
        let input = ExportStreamingEndToEndTests.bigFile
        var output: [UInt8] = []
        RecordStream.write(asArray: asArray) { bytes in
            if pace.write > 0 { usleep(pace.write) }
            output += bytes
            return true
        } reading: { piece in
            input.withUnsafeBufferPointer { buffer in
                RecordStream.cut(buffer) { part in
                    if pace.read > 0 { usleep(pace.read) }
                    piece(part)
                }
            }
        }
        #expect(output == Self.reference(input, asArray: asArray))
    }

    @Test(arguments: [[], [0xEF, 0xBB, 0xBF], Array("a\r\n\nb".utf8)] as [[UInt8]])
    func smallInputsGiveTheirRecords(_ input: [UInt8]) {
        for asArray in [true, false] {
            var output: [UInt8] = []
            RecordStream.write(asArray: asArray) { bytes in
                output += bytes
                return true
            } reading: { piece in
                input.withUnsafeBufferPointer { RecordStream.cut($0, into: piece) }
            }
            #expect(output == Self.reference(input, asArray: asArray), "\(input) \(asArray)")
        }
    }
}
