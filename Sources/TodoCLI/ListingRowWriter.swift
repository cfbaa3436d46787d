import TodoTxt

extension Listing {
    /// Writes listing lines in blocks of 64 to 128 KiB (``TextBuffer``): each the number
    /// zero-padded to `width`, a space and the text unless it is empty (its control characters
    /// made visible when `visibleControls`), then `finish` applied to the line if there is one,
    /// then LF.
    struct RowWriter: ~Copyable {
        let width: Int
        let visibleControls: Bool
        /// The painting and hiding of a numbered line.
        let finish: (([UInt8]) -> [UInt8])?
        private var output: TextBuffer
        /// A line put together apart, for `finish` or for visible controls.
        private var line: [UInt8] = []

        /// A writer handing `body` each block; `expected` is about how many bytes the listing
        /// will write.
        init(
            width: Int, visibleControls: Bool, finish: (([UInt8]) -> [UInt8])?,
            expected: Int = 1 << 17, body: @escaping ([UInt8]) -> Void
        ) {
            self.width = width
            self.visibleControls = visibleControls
            self.finish = finish
            // Blocks of 64 KiB or more (all but the last, unless lines are very long) are
            // written out by the console without a copy into its own buffer. A short listing
            // gets a buffer its size: 128 KiB would be mapped and unmapped for a few lines.
            output = TextBuffer(capacity: min(1 << 17, max(1 << 12, expected)), write: body)
        }

        /// Appends the line of the row numbered `number` with `text`.
        @inline(__always)
        mutating func append(number: Int, text: UnsafeBufferPointer<UInt8>) {
            if finish != nil || visibleControls {
                line.removeAll(keepingCapacity: true)
                Listing.appendNumber(number, width: width, zero: true, to: &line)
                if !text.isEmpty {
                    line.append(0x20)
                    if visibleControls {
                        appendVisible(text, to: &line)
                    } else {
                        line.append(contentsOf: text)
                    }
                }
                output.append(finish.map { $0(line) } ?? line)
            } else {
                output.appendDecimal(number, width: width, fill: 0x30)
                if !text.isEmpty {
                    output.append(0x20)
                    output.append(contentsOf: text)
                }
            }
            output.append(0x0A)
        }

        /// Hands on what is left.
        mutating func flush() {
            output.flush()
        }
    }
}
