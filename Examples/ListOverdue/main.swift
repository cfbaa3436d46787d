// Prints the open tasks of a todo.txt file whose due: date is before a given day.
//
//     swift run ListOverdue Examples/todo.txt 2026-11-22
//
// Uses only the TodoTxt library: the file is read as bytes and split into lines, each line is
// parsed into a TODOItem, and `dateTag("due")` reads the first valid due: date.
import Glibc
import TodoTxt

let arguments = CommandLine.arguments
guard arguments.count == 3, let today = LocalDate(arguments[2]) else {
    print("usage: ListOverdue FILE YYYY-MM-DD")
    exit(2)
}
guard let file = fopen(arguments[1], "rb") else {
    print("ListOverdue: cannot open \(arguments[1])")
    exit(1)
}
var bytes: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 65536)
while case let count = fread(&chunk, 1, chunk.count, file), count > 0 {
    bytes += chunk[0..<count]
}
fclose(file)

for (index, line) in TodoList(bytes: bytes).enumerated() {
    let item = line.item
    if !item.isDone, let due = item.dateTag("due"), due < today {
        print("\(index + 1) \(line.text)")
    }
}
