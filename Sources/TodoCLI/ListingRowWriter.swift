extension Listing {
    /// Writes listing lines in blocks of about 64 KiB: each the number zero-padded to `width`,
    /// a space and the text unless it is empty (its control characters made visible when
    /// `visibleControls`), then `finish` applied to the line if there is one, then LF.
    struct RowWriter {
        let width: Int
        let visibleControls: Bool
        /// The painting and hiding of a numbered line.
        let finish: (([UInt8]) -> [UInt8])?
        /// Takes each block.
        let body: ([UInt8]) -> Void
        private var chunk: [UInt8] = []
        private var line: [UInt8] = []

        init(
            width: Int, visibleControls: Bool, finish: (([UInt8]) -> [UInt8])?,
            body: @escaping ([UInt8]) -> Void
        ) {
            self.width = width
            self.visibleControls = visibleControls
            self.finish = finish
            self.body = body
            chunk.reserveCapacity(1 << 16 + 1024)
        }

        /// Appends the line of the row numbered `number` with `text`.
        @inline(__always)
        mutating func append(number: Int, text: UnsafeBufferPointer<UInt8>) {
            if let finish {
                line.removeAll(keepingCapacity: true)
                Listing.appendLine(number, text, width, visibleControls, to: &line)
                chunk += finish(line)
            } else {
                Listing.appendLine(number, text, width, visibleControls, to: &chunk)
            }
            chunk.append(0x0A)
            if chunk.count >= 1 << 16 {
                body(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }

        /// Hands on what is left.
        mutating func flush() {
            if !chunk.isEmpty { body(chunk) }
            chunk.removeAll(keepingCapacity: true)
        }
    }

    /// Appends the number zero-padded to `width`, then a space and the text unless it is empty.
    @inline(__always)
    private static func appendLine(
        _ number: Int, _ text: UnsafeBufferPointer<UInt8>, _ width: Int, _ visibleControls: Bool,
        to bytes: inout [UInt8]
    ) {
        appendNumber(number, width: width, zero: true, to: &bytes)
        guard !text.isEmpty else { return }
        bytes.append(0x20)
        if visibleControls {
            appendVisible(text, to: &bytes)
        } else {
            bytes.append(contentsOf: text)
        }
    }
}
