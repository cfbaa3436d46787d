import TestSupport
import TodoTxt

/// The UTF-8 bytes of a string literal.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A readable, one-line rendering of bytes for test names: printable ASCII as is, everything
/// else escaped (`\t`, `\r`, `\n`, `\u{A0}`, `\xFF` for bytes that are not valid UTF-8).
func visible(_ input: [UInt8]) -> String {
    var out = ""
    var iterator = input.makeIterator()
    var decoder = UTF8()
    var consumed = 0
    while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar):
            consumed += 1
            switch scalar {
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\n": out += "\\n"
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        case .error:
            out += "\\x??"
        case .emptyInput:
            return "\"" + out + "\""
        }
    }
}

/// A readable rendering of a string (see ``visible(_:)-([UInt8])``).
func visible(_ text: String) -> String { visible(bytes(text)) }

/// A LocalDate from `YYYY-MM-DD`, or nil (tests compare against literals).
func date(_ text: String) -> LocalDate? { LocalDate(text) }
