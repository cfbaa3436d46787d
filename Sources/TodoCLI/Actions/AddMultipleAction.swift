/// Adds one task per line (todo.sh `addm`).
struct AddMultipleAction: TodoShAction {
    static let names = ["addm"]
    static let synopses = ["addm \"FIRST THING\nSECOND THING\""]
    static let help = ["Adds one task per line of the text."]
    static let writesFiles = true

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.addMultiple(words) }
}
