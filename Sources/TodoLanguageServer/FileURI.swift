/// The path of a `file:` URI (RFC 8089), percent-decoded.
enum FileURI {
    /// The directory of a `file:` URI's path, or `nil` for other URIs.
    static func directory(of uri: String) -> String? {
        guard let path = path(of: uri), let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The absolute path of a `file:` URI, or `nil` for other URIs or a bad escape.
    static func path(of uri: String) -> String? {
        var bytes = Array(uri.utf8)
        let scheme = Array("file://".utf8)
        guard bytes.count > scheme.count,
            bytes.prefix(scheme.count).map({ $0 | 0x20 }) == scheme.map({ $0 | 0x20 })
        else { return nil }
        bytes.removeFirst(scheme.count)
        // An authority (host) before the path: only an empty one or `localhost` is local.
        guard let slash = bytes.firstIndex(of: 0x2F) else { return nil }
        let host = String(decoding: bytes[..<slash], as: UTF8.self)
        guard host.isEmpty || host == "localhost" else { return nil }
        var decoded: [UInt8] = []
        var index = slash
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x25 {
                guard index + 2 < bytes.count, let high = hex(bytes[index + 1]),
                    let low = hex(bytes[index + 2])
                else { return nil }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        if decoded.contains(0) { return nil }
        return String(validating: decoded, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
