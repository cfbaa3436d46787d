/// Adds a line to another file of the todo directory (todo.sh `addto`).
struct AddToAction: TodoShAction {
    static let names = ["addto"]
    static let synopses = ["addto DEST \"TEXT TO ADD\""]
    static let help = ["Adds a line to the file DEST in the todo directory, which must exist."]
    static let writesFiles = true

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.addTo(words) }
}
