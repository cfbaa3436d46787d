/// How a cell is drawn: colours and attributes, written to the terminal as one SGR sequence.
package struct Style: Hashable, Sendable {
    /// A terminal colour.
    package enum Color: Hashable, Sendable {
        /// One of the 16 basic colours: 0–7 normal (black, red, green, yellow, blue, magenta,
        /// cyan, white), 8–15 bright.
        case basic(UInt8)
        /// An entry of the 256-colour palette.
        case palette(UInt8)
        /// A direct colour.
        case rgb(UInt8, UInt8, UInt8)
    }

    /// Text attributes.
    package struct Attributes: OptionSet, Hashable, Sendable {
        /// The bits.
        package let rawValue: UInt8
        /// Creates attributes from their bits.
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        /// SGR 1.
        package static let bold = Attributes(rawValue: 1)
        /// SGR 2.
        package static let dim = Attributes(rawValue: 2)
        /// SGR 3.
        package static let italic = Attributes(rawValue: 4)
        /// SGR 4.
        package static let underline = Attributes(rawValue: 8)
        /// SGR 5.
        package static let blink = Attributes(rawValue: 16)
        /// SGR 7: the selection's reverse video.
        package static let reverse = Attributes(rawValue: 32)
    }

    /// The foreground colour, packed (see ``Style/pack(_:)``) so that comparing styles, which
    /// the renderer does for every cell, is comparing integers.
    private var foregroundCode: UInt32 = 0
    /// The background colour, packed.
    private var backgroundCode: UInt32 = 0
    /// Bold, reverse and the other attributes.
    package var attributes: Attributes

    /// The foreground colour; `nil` is the terminal's default.
    package var foreground: Color? {
        get { Style.unpack(foregroundCode) }
        set { foregroundCode = Style.pack(newValue) }
    }

    /// The background colour; `nil` is the terminal's default.
    package var background: Color? {
        get { Style.unpack(backgroundCode) }
        set { backgroundCode = Style.pack(newValue) }
    }

    /// A colour as a kind (high byte: 0 none, 1 basic, 2 palette, 3 direct) and its value.
    private static func pack(_ colour: Color?) -> UInt32 {
        switch colour {
        case nil: 0
        case .basic(let index): 1 << 24 | UInt32(index)
        case .palette(let index): 2 << 24 | UInt32(index)
        case .rgb(let red, let green, let blue):
            3 << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        }
    }

    /// The colour `code` packs.
    private static func unpack(_ code: UInt32) -> Color? {
        let low = UInt8(truncatingIfNeeded: code)
        switch code >> 24 {
        case 1: return .basic(low)
        case 2: return .palette(low)
        case 3:
            return .rgb(
                UInt8(truncatingIfNeeded: code >> 16), UInt8(truncatingIfNeeded: code >> 8), low)
        default: return nil
        }
    }

    /// The terminal's default look.
    package static let plain = Style()

    /// Creates a style.
    package init(foreground: Color? = nil, background: Color? = nil, attributes: Attributes = []) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }

    /// Reads the style that SGR escape sequences (`ESC [ … m`, one or several, as in a todo.sh
    /// colour setting such as `\033[1;33m` once its escapes are bytes) leave when applied to the
    /// plain style. Bytes that are not SGR sequences and unknown parameters are ignored, so a
    /// configured colour can never send anything else to the terminal.
    package init(sgr bytes: some Collection<UInt8>) {
        self.init()
        let bytes = Array(bytes)
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == 0x1B, bytes[index + 1] == 0x5B else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
            if end < bytes.count, bytes[end] == 0x6D {
                apply(parameters: bytes[(index + 2)..<end])
            }
            index = end
        }
    }

    /// Applies the `;`- or `:`-separated parameters of one SGR sequence.
    private mutating func apply(parameters text: ArraySlice<UInt8>) {
        var numbers: [Int] = []
        var current = 0
        for byte in text {
            if byte >= 0x30 && byte <= 0x39 {
                current = min(current * 10 + Int(byte - 0x30), 100_000)
            } else {
                numbers.append(current)
                current = 0
            }
        }
        numbers.append(current)
        var index = 0
        func next() -> Int? {
            guard index < numbers.count else { return nil }
            defer { index += 1 }
            return numbers[index]
        }
        func extended() -> Color? {
            switch next() {
            case 5: return next().map { .palette(UInt8(clamping: $0)) }
            case 2:
                guard let red = next(), let green = next(), let blue = next() else { return nil }
                return .rgb(UInt8(clamping: red), UInt8(clamping: green), UInt8(clamping: blue))
            default: return nil
            }
        }
        while let number = next() {
            switch number {
            case 0: self = .plain
            case 1: attributes.insert(.bold)
            case 2: attributes.insert(.dim)
            case 3: attributes.insert(.italic)
            case 4: attributes.insert(.underline)
            case 5: attributes.insert(.blink)
            case 7: attributes.insert(.reverse)
            case 22: attributes.subtract([.bold, .dim])
            case 23: attributes.remove(.italic)
            case 24: attributes.remove(.underline)
            case 25: attributes.remove(.blink)
            case 27: attributes.remove(.reverse)
            case 30...37: foreground = .basic(UInt8(number - 30))
            case 38: if let colour = extended() { foreground = colour }
            case 39: foreground = nil
            case 40...47: background = .basic(UInt8(number - 40))
            case 48: if let colour = extended() { background = colour }
            case 49: background = nil
            case 90...97: foreground = .basic(UInt8(number - 90 + 8))
            case 100...107: background = .basic(UInt8(number - 100 + 8))
            default: break
            }
        }
    }

    /// This style in reverse video, as the selected row is drawn.
    package var reversed: Style {
        var copy = self
        copy.attributes.insert(.reverse)
        return copy
    }

    /// The SGR sequence that sets exactly this style from any state: `ESC [ 0 ; … m`.
    package var sequence: [UInt8] {
        var text = "\u{1B}[0"
        let codes: [(Attributes, String)] = [
            (.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.blink, "5"),
            (.reverse, "7"),
        ]
        for (attribute, code) in codes where attributes.contains(attribute) { text += ";" + code }
        if let foreground { text += ";" + Style.parameters(foreground, base: 30, bright: 90) }
        if let background { text += ";" + Style.parameters(background, base: 40, bright: 100) }
        return Array((text + "m").utf8)
    }

    /// The SGR parameters of one colour.
    private static func parameters(_ colour: Color, base: Int, bright: Int) -> String {
        switch colour {
        case .basic(let index):
            let index = Int(index & 15)
            return String(index < 8 ? base + index : bright + index - 8)
        case .palette(let index): return "\(base + 8);5;\(index)"
        case .rgb(let red, let green, let blue): return "\(base + 8);2;\(red);\(green);\(blue)"
        }
    }
}
