/// The lines of a file's bytes, each with its terminator (LF or CR LF; the last one without, when
/// the file does not end with LF), a byte order mark left on the first: joined, they are the
/// file again.
public func linesWithTerminators(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == 0x0A {
        lines.append(Array(bytes[start...index]))
        start = index + 1
    }
    if start < bytes.count { lines.append(Array(bytes[start...])) }
    return lines
}
