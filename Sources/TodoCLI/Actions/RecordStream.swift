import TodoPlatform
import TodoQuery
import TodoTxt

/// `todo export`'s JSON output made as the file is read, on two threads: this thread formats
/// each piece of whole lines into a reused ``JSONRecordWriter`` buffer, or copies it aside for
/// a second, long-lived thread to format, which writes every piece out, in order. A piece is
/// formatted here when the second thread was still busy with the piece before (writing is the
/// slower part, into a slow pipe: it then only writes), and there otherwise, so the work
/// balances itself between the cores. Memory stays at a few pieces' worth whatever the file's
/// size.
enum RecordStream {
    /// The input bytes a piece cut from standard input holds at least (the rest of its last
    /// line is added): as large as the store's pieces.
    static let pieceBytes = 1 << 17

    /// Writes the records of every line that `read` hands on in pieces of whole lines (the
    /// last may lack its line feed; a byte order mark is skipped at the start of the first
    /// only), as a JSON array or as JSON lines, handing each formatted piece to `write`, which
    /// returns `false` to stop (the reader has gone). An error `read` throws is thrown on
    /// once the output written so far has gone out.
    static func write<Failure: Error>(
        asArray: Bool, to write: (UnsafeBufferPointer<UInt8>) -> Bool,
        reading read: (_ piece: (UnsafeBufferPointer<UInt8>) -> Void) throws(Failure) -> Void
    ) throws(Failure) {
        let slots = (Slot(), Slot())
        var number = 1
        var index = 0
        var opened = false
        var open = true
        var failure: Failure?
        Concurrently.relay(
            through: slots,
            produce: { hand in
                // The hand-off is used only while `read` runs.
                withoutActuallyEscaping(hand) { hand in
                    do throws(Failure) {
                        try read { piece in
                            guard open, let base = piece.baseAddress else { return }
                            let skip =
                                index == 0 && piece.count >= 3 && base[0] == 0xEF
                                    && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
                            index += 1
                            open = hand { slot, here in
                                slot.writer.removeAll()
                                if asArray && !opened { slot.writer.append(0x5B) }
                                opened = true
                                slot.first = number
                                slot.input.removeAll(keepingCapacity: true)
                                if here {
                                    number = slot.writer.appendRecords(
                                        of: piece, from: skip, to: piece.count, first: number,
                                        asArray: asArray)
                                } else {
                                    slot.input.append(
                                        contentsOf: UnsafeBufferPointer(rebasing: piece[skip...]))
                                    if piece.count > skip {
                                        number += LineFeeds.count(
                                            in: base + skip, count: piece.count - skip)
                                        if base[piece.count - 1] != 0x0A { number += 1 }
                                    }
                                }
                            }
                        }
                    } catch { failure = error }
                }
            },
            consume: { slot in
                if !slot.input.isEmpty {
                    slot.input.withUnsafeBufferPointer {
                        _ = slot.writer.appendRecords(
                            of: $0, from: 0, to: $0.count, first: slot.first, asArray: asArray)
                    }
                }
                return write(slot.writer.bytes)
            })
        if let failure { throw failure }
        guard open && asArray else { return }
        var closing: [UInt8] = opened ? [] : [0x5B]
        closing += number == 1 ? [0x5D, 0x0A] : [0x0A, 0x5D, 0x0A]
        _ = closing.withUnsafeBufferPointer { write($0) }
    }

    /// Hands `piece` the bytes of `buffer` in stretches of whole lines of about
    /// ``pieceBytes`` each (the last ends where the buffer ends).
    static func cut(
        _ buffer: UnsafeBufferPointer<UInt8>, into piece: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        guard let base = buffer.baseAddress else { return }
        let total = buffer.count
        var start = 0
        while start < total {
            var end = min(start + pieceBytes, total)
            if end < total {
                let feed = LineFeeds.first(in: base + end - 1, count: total - end + 1)
                end = feed < 0 ? total : end + feed
            }
            piece(UnsafeBufferPointer(rebasing: buffer[start..<end]))
            start = end
        }
    }
}

/// What ``RecordStream`` hands its second thread: a writer holding formatted records, and the
/// lines still to be formatted there (numbered on from `first`) when `input` is not empty.
private final class Slot {
    // JSON records are about four and a half times as long as their lines.
    let writer = JSONRecordWriter(capacity: RecordStream.pieceBytes * 5)
    var input: [UInt8] = []
    var first = 1
}
