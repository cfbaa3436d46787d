// The benchmark lands with the benchmark issue.
print("todo-bench: not built yet")
