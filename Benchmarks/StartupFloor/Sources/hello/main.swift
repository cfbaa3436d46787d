// The least a Swift program does: start, print one line, exit.
print("hello, world")
