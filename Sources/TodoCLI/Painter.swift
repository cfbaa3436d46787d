import TodoTerminal

/// Colours listing lines as todo.sh does (TodoShCompatibility.md §6.4) and hides words for `-P`,
/// `-+` and `-@` (§6.5): the listing's side of TodoTerminal's ``ListingLook``, which `todo ui`
/// draws its rows with too.
struct Painter {
    /// The colours and the hiding settings.
    private let look: ListingLook

    /// A painter for the configuration's colours (as written there, `\033` escapes included).
    init(colours: [String: String], hideContexts: Bool, hideProjects: Bool) {
        // A plain run has no colours: mapping an empty table would still make one.
        look = ListingLook(
            colours: colours.isEmpty ? [:] : colours.mapValues(ListingLook.escapes),
            hidesProjects: hideProjects, hidesContexts: hideContexts)
    }

    /// Whether painting can change anything.
    var isActive: Bool { look.isActive }

    /// Turns `\033` (after any number of backslashes) into the ESC byte.
    static func escapes(_ value: String) -> [UInt8] { ListingLook.escapes(value) }

    /// Paints one `NN text` line; with `hidingPriority` (`-P`) the task's own leading
    /// `(X) ` goes, after it has chosen the line's colour, as todo.sh's awk does.
    func paint(_ line: [UInt8], hidingPriority: Bool = false) -> [UInt8] {
        var look = self.look
        look.hidesPriority = hidingPriority
        return look.painted(line)
    }

    /// Removes the task's own leading `(X) ` priority from an `NN text` line (`-P`).
    static func hidingPriority(_ line: [UInt8]) -> [UInt8] { ListingLook.hidingPriority(line) }

    /// Removes every blank + sigil + printable run (`-+`, `-@`).
    static func hiding(sigil: UInt8, in line: [UInt8]) -> [UInt8] {
        ListingLook.hiding(sigil: sigil, in: line)
    }
}
