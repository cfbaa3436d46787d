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


# an add-on without a #! line runs through bash, as todo.sh runs it
$ printf 'echo "TODO: foo"\n' > .todo/actions/foo && chmod +x .todo/actions/foo

$ todo foo
TODO: foo

$ printf 'shift\nIFS=-\nprintf "TODO: %%s\\n" "$*"\n' > .todo/actions/foo2 && chmod +x .todo/actions/foo2

$ TODOTXT_DEFAULT_ACTION='foo2 a "b c" d' todo
TODO: a-b c-d

# a default action that is just an add-on's name (in any case) runs it with no arguments, as
# todo.sh does; named on the command line, it gets its name first
$ printf 'echo "TODO: $# arguments"\n' > .todo/actions/bare && chmod +x .todo/actions/bare

$ TODOTXT_DEFAULT_ACTION=BARE todo
TODO: 0 arguments

$ todo bare x
TODO: 2 arguments

# add-ons get the variables todo.sh exports
$ printf '#!/bin/sh\n[ "$1" = usage ] && exit 0\nfor name in HIDE_CONTEXTS_SUBSTITUTION HIDE_PROJECTS_SUBSTITUTION HIDE_PRIORITY_SUBSTITUTION RED WHITE NONE PRI_A PRI_X DEFAULT COLOR_DONE SENTENCE_DELIMITERS TODOTXT_CFG_FILE TODOTXT_DEFAULT_ACTION TODOTXT_GLOBAL_CFG_FILE TODOTXT_PRIORITY_ON_ADD TODOTXT_SIGIL_BEFORE_PATTERN TODOTXT_SIGIL_VALID_PATTERN TODOTXT_SIGIL_AFTER_PATTERN TODOTXT_VERBOSE GREP_OPTIONS; do\n  eval "set=\\${$name+set}"; eval "value=\\$$name"; printf "%%s%%s%%s\\n" "$name" "${set:+=}" "$value"\ndone\n' > .todo/actions/vars && chmod +x .todo/actions/vars

$ todo vars
HIDE_CONTEXTS_SUBSTITUTION
HIDE_PROJECTS_SUBSTITUTION
HIDE_PRIORITY_SUBSTITUTION
RED=\\033[0;31m
WHITE=\\033[1;37m
NONE=
PRI_A=\\033[1;33m
PRI_X=\\033[1;37m
DEFAULT=\\033[0m
COLOR_DONE=\\033[0;37m
SENTENCE_DELIMITERS=,.:;
TODOTXT_CFG_FILE
TODOTXT_DEFAULT_ACTION=
TODOTXT_GLOBAL_CFG_FILE=$HOME/.no-global-config
TODOTXT_PRIORITY_ON_ADD=
TODOTXT_SIGIL_BEFORE_PATTERN=
TODOTXT_SIGIL_VALID_PATTERN=.*
TODOTXT_SIGIL_AFTER_PATTERN=
TODOTXT_VERBOSE=1
GREP_OPTIONS=

$ printf 'export TODO_DIR="$HOME"\nexport PRI_A=$RED\nSENTENCE_DELIMITERS=",;"\n' > my.cfg

$ todo -d my.cfg -p -@ -+ -P -vv vars
HIDE_CONTEXTS_SUBSTITUTION=[[:space:]]@[[:graph:]]\{1,\}
HIDE_PROJECTS_SUBSTITUTION=[[:space:]][+][[:graph:]]\{1,\}
HIDE_PRIORITY_SUBSTITUTION=([A-Z])[[:space:]]
RED=\\033[0;31m
WHITE=\\033[1;37m
NONE=
PRI_A=
PRI_X=
DEFAULT=
COLOR_DONE=
SENTENCE_DELIMITERS=,;
TODOTXT_CFG_FILE=my.cfg
TODOTXT_DEFAULT_ACTION=
TODOTXT_GLOBAL_CFG_FILE=$HOME/.no-global-config
TODOTXT_PRIORITY_ON_ADD=
TODOTXT_SIGIL_BEFORE_PATTERN=
TODOTXT_SIGIL_VALID_PATTERN=.*
TODOTXT_SIGIL_AFTER_PATTERN=
TODOTXT_VERBOSE=2
GREP_OPTIONS=

$ todo -d my.cfg -@@ -+ vars | head -2
HIDE_CONTEXTS_SUBSTITUTION
HIDE_PROJECTS_SUBSTITUTION=[[:space:]][+][[:graph:]]\{1,\}

# so an add-on that lists through todo honours -@ -+ -P
$ printf '(A) call mom @phone +family\nplain task\n' > todo.txt

$ printf '#!/bin/sh\n[ "$1" = usage ] && exit 0\n"$TODO_FULL_SH" command ls "$2"\n' > .todo/actions/mine && chmod +x .todo/actions/mine

$ todo -p -@ -+ -P mine mom
1 call mom
--
TODO: 1 of 2 tasks shown

$ todo -p mine mom
1 (A) call mom @phone +family
--
TODO: 1 of 2 tasks shown
