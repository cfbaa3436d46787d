// The `todo` command: everything happens in TodoCLI, which catches every error.
import Glibc
import TodoCLI

setlocale(LC_ALL, "")
let status = TodoCLI.run(
    Array(CommandLine.arguments.dropFirst()),
    environment: .current(programPath: CommandLine.arguments.first ?? "todo"))
exit(status)
