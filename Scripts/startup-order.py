#!/usr/bin/env python3
"""Writes Scripts/startup-order.txt: the sections of the functions a short run of `todo` goes
through, which Package.swift has the linker place first and together (GNU gold's
`--section-ordering-file`), so that the run touches a few stretches of the program's code
instead of sixty.

It runs the statically linked `todo` under valgrind's callgrind as todo-bench's start-up rows
do (`ls` of a 10-line file, without a config and with a typical one) and lists every function of
the program that ran, by the instructions spent in it. Functions of modules compiled without
`-function-sections` (the library products) have no section of their own and are listed to no
effect; so are names a later build no longer has. A stale list costs start-up time, never
correctness: run this again after large changes to the start-up path.

Usage: swift build -c release --static-swift-stdlib -Xswiftc -static-executable \
           --scratch-path .build/static
       Scripts/startup-order.py [TODO] [OUTPUT]
Needs valgrind (callgrind_annotate) and binutils (nm).
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TODO = os.path.realpath(
    sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/static/release/todo")
)
OUTPUT = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "Scripts/startup-order.txt")
TASKS = [
    "(A) Call Mom @phone +Family due:2026-12-01",
    "Buy milk @store",
    "x 2026-11-20 2026-11-19 Pay bills +House",
    "(B) Write report +Work @office",
    "Fix the bike @garage",
    "(C) Read a book",
    "Plan trip +Holiday t:2026-12-20",
    "Email Bob @computer +Work",
    "2026-11-01 Water plants @home",
    "Clean desk @office",
]
COLOURS = ["BLACK='\\\\033[0;30m'", "YELLOW='\\\\033[1;33m'", "DEFAULT='\\\\033[0m'"]


def run_functions(directory, arguments):
    """The demangled names of the program's functions that ran, costliest first."""
    environment = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": os.path.join(directory, "home"),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "TODO_DIR": directory,
        "TODOTXT_GLOBAL_CFG_FILE": os.path.join(directory, "no-config"),
        "TERM": "dumb",
    }
    profile = os.path.join(directory, "callgrind.out")
    subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + profile, TODO]
        + arguments
        + ["-p", "-a", "-f", "ls"],
        env=environment,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    report = subprocess.run(
        ["callgrind_annotate", "--threshold=100", profile],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    names = []
    suffix = " [" + TODO + "]"
    for line in report.splitlines():
        if not line.endswith(suffix) or "(" not in line:
            continue
        # "  1,234 ( 0.05%)  file:function [binary]"
        entry = line[: -len(suffix)].split(")", 1)[1].strip()
        names.append(entry.split(":", 1)[1] if ":" in entry else entry)
    return names


def main():
    mangled = subprocess.run(["nm", "-p", TODO], check=True, capture_output=True, text=True).stdout
    readable = subprocess.run(
        ["nm", "-p", "-C", TODO], check=True, capture_output=True, text=True
    ).stdout
    symbol = {}
    for raw, nice in zip(mangled.splitlines(), readable.splitlines()):
        name = raw[19:]
        symbol.setdefault(nice[19:], name)
        symbol.setdefault(name, name)
    with tempfile.TemporaryDirectory() as directory:
        os.mkdir(os.path.join(directory, "home"))
        with open(os.path.join(directory, "todo.txt"), "w") as file:
            file.write("\n".join(TASKS) + "\n")
        config = os.path.join(directory, "todo.cfg")
        with open(config, "w") as file:
            file.write('export TODO_DIR="%s"\n' % directory)
            file.write('export TODO_FILE="$TODO_DIR/todo.txt"\n')
            file.write("".join("export %s\n" % colour for colour in COLOURS))
            file.write("export PRI_A=$YELLOW\nexport TODOTXT_DEFAULT_ACTION=ls\n")
        names = run_functions(directory, []) + run_functions(directory, ["-d", config])
    sections = []
    for name in names:
        # Callgrind marks a function's recursive calls with a quote and a depth.
        found = symbol.get(name.split("'")[0])
        if found:
            sections.append(".text." + found)
    with open(OUTPUT, "w") as file:
        file.write("".join(line + "\n" for line in dict.fromkeys(sections)))
    print("%s: %d sections" % (OUTPUT, len(dict.fromkeys(sections))))


main()
