import TodoCLI
