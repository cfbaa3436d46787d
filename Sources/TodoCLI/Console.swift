import TodoPlatform

/// Standard output and standard error of a command run.
///
/// Standard output is buffered (64 KiB, written with `write(2)`); standard error is written at
/// once, after flushing standard output, so that the two streams interleave as the messages were
/// produced. A capturing console keeps both in memory for tests.
package final class Console {
    private var buffer: [UInt8] = []
    /// Whether ``expectLargeOutput()`` has been called.
    private var widened = false
    private let outputDescriptor: Int32?
    private let errorDescriptor: Int32?
    /// Everything written to standard output so far (capturing consoles only).
    package private(set) var capturedOutput: [UInt8] = []
    /// Everything written to standard error so far (capturing consoles only).
    package private(set) var capturedErrors: [UInt8] = []
    /// Both streams in the order they were written (capturing consoles only).
    package private(set) var capturedCombined: [UInt8] = []

    /// A console writing to file descriptors 1 and 2.
    package static func standard() -> Console { Console(output: 1, error: 2) }

    /// A console that keeps what is written, for tests.
    package static func capturing() -> Console { Console(output: nil, error: nil) }

    private init(output: Int32?, error: Int32?) {
        outputDescriptor = output
        errorDescriptor = error
        buffer.reserveCapacity(1 << 16)
    }

    /// Whether this console keeps what is written instead of writing it out.
    var isCapturing: Bool { outputDescriptor == nil }

    /// Appends a block of bytes to standard output; a large block is written out at once
    /// instead of being copied into the buffer.
    func write(_ bytes: [UInt8]) {
        guard bytes.count >= 1 << 16 else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 16 { flush() }
            return
        }
        flush()
        if let outputDescriptor {
            expectLargeOutput()
            Console.writeAll(outputDescriptor, bytes)
        } else {
            capturedOutput += bytes
            capturedCombined += bytes
        }
    }

    /// Appends bytes to standard output.
    func write(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends a string to standard output.
    func write(_ text: String) { write(text.utf8) }

    /// Appends a string and a newline to standard output.
    func line(_ text: String) {
        write(text.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes a string and a newline to standard error, after flushing standard output.
    func error(_ text: String, newline: Bool = true) {
        flush()
        let bytes = Array(text.utf8) + (newline ? [0x0A] : [])
        if let errorDescriptor {
            Console.writeAll(errorDescriptor, bytes)
        } else {
            capturedErrors += bytes
            capturedCombined += bytes
        }
    }

    /// Says that megabytes may follow (an export, a listing of a large file): standard output,
    /// when it is a pipe, gets a buffer of 1 MiB instead of 64 KiB, so that this process and
    /// the one reading take turns less often (about a tenth quicker into `cat` or `wc`).
    func expectLargeOutput() {
        guard !widened, let outputDescriptor else { return }
        widened = true
        FileDescriptor.widenPipe(outputDescriptor, to: 1 << 20)
    }

    /// Writes out buffered standard output.
    package func flush() {
        guard !buffer.isEmpty else { return }
        if let outputDescriptor {
            Console.writeAll(outputDescriptor, buffer)
        } else {
            capturedOutput += buffer
            capturedCombined += buffer
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes everything; a closed pipe or a full disk ends the output silently, as before.
    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        try? FileDescriptor.writeAll(descriptor, bytes)
    }
}
