# add-ons in the actions directory (TodoShCompatibility.md §1, §5.21, §5.23)
$ todo listaddons
TODO: '$HOME/.todo/actions' does not exist.
? 1

$ mkdir -p .todo/actions/hello .todo/actions/ls

$ printf '#!/bin/sh\nif [ "$1" = usage ]; then echo "    hello [NAME]"; echo "      Says hello."; exit 0; fi\necho "hello $2 from $1 ($TODO_SH, $(basename "$TODO_FILE"), verbose=$TODOTXT_VERBOSE)"\nexit 42\n' > .todo/actions/hello/hello

$ chmod +x .todo/actions/hello/hello

$ printf '#!/bin/sh\necho "my ls: $*"\n' > .todo/actions/ls/ls

$ chmod +x .todo/actions/ls/ls

$ printf '#!/bin/sh\necho not executable\n' > .todo/actions/plain

$ ln -s /nonexistent .todo/actions/broken

$ todo hello world
hello world from hello (todo, todo.txt, verbose=1)
? 42

$ todo HELLO there
hello there from HELLO (todo, todo.txt, verbose=1)
? 42

$ todo ls -x
my ls: ls -x

$ todo command ls
--
TODO: 0 of 0 tasks shown

$ todo broken
Fatal Error: Broken link to custom action: '$HOME/.todo/actions/broken'
? 1

$ todo listaddons
hello
ls
--
TODO: 2 valid addon actions found.

$ todo help hello
    hello [NAME]
      Says hello.

$ todo -h | tail -4
  Add-on Actions:
    hello [NAME]

  See "help" for more details.

$ rm .todo/actions/broken && todo listaddons
hello
ls
--
TODO: 2 valid addon actions found.

$ rm -r .todo/actions/hello .todo/actions/ls && todo listaddons
TODO: '$HOME/.todo/actions' does not contain valid actions.
? 1

