# todo.sh's start-up order (TodoShCompatibility.md §3): defaults before the config, the config
# sourced with the action's words, the options and the environment applied after it
$ mkdir data && printf 'export TODO_DIR="$HOME/data"\n: ${TODOTXT_DATE_ON_ADD:=1}\n: ${TODOTXT_VERBOSE:=0}\nTODOTXT_PRESERVE_LINE_NUMBERS=${TODOTXT_PRESERVE_LINE_NUMBERS:-0}\n' > defaults.cfg

$ todo -d defaults.cfg add "no date, still verbose"
1 no date, still verbose
TODO: 1 added.

$ printf 'export TODO_DIR="$HOME/data"\nexport TODOTXT_DATE_ON_ADD=1\n' > dated.cfg

$ todo -d dated.cfg add "dated by the config"
2 2026-11-22 dated by the config
TODO: 2 added.

$ todo -d dated.cfg -T add "the option wins"
3 the option wins
TODO: 3 added.

$ TODOTXT_DATE_ON_ADD=0 todo -d dated.cfg add "the environment wins"
4 the environment wins
TODO: 4 added.

# what a config prints goes to standard output; it sees the action's words
$ printf 'export TODO_DIR="$HOME/data"\necho "config: $# $1"\necho "to stderr" >&2\n' > chatty.cfg

$ { todo -d chatty.cfg -p ls environment 2>/dev/null; }
config: 2 ls
4 the environment wins
--
TODO: 1 of 4 tasks shown

$ { todo -d chatty.cfg -p ls environment >/dev/null; }
to stderr

# a config that bash alone can read still works the same
$ printf 'if [ -n "$HOME" ]; then\n  export TODO_DIR="$(cd "$HOME/data" && pwd)"\nfi\nmark() { touch "$HOME/sourced"; }\nmark\n' > script.cfg

$ todo -d script.cfg -p ls option && ls sourced
3 the option wins
--
TODO: 1 of 4 tasks shown
sourced

# exit in a config: that status, nothing printed by todo
$ printf 'echo leaving\nexit 3\n' > exit.cfg

$ todo -d exit.cfg add never
leaving
? 3

$ printf 'exit 0\n' > exit0.cfg && todo -d exit0.cfg add never

$ todo -d defaults.cfg -p ls never
--
TODO: 0 of 4 tasks shown

# a config that cannot be read: a directory, a binary file, a missing file named by -d or
# TODOTXT_CFG_FILE
$ mkdir folder.cfg && todo -d folder.cfg ls
Fatal Error: Cannot read configuration file folder.cfg
? 1

$ printf '\177ELF\002\001\001\000\000\000' > binary.cfg && todo -d binary.cfg ls
Fatal Error: Cannot read configuration file binary.cfg
? 1

$ todo -d /nonexistent add task
Fatal Error: Cannot read configuration file /nonexistent
? 1

$ TODOTXT_CFG_FILE=/nonexistent todo add task
Fatal Error: Cannot read configuration file /nonexistent
? 1

$ ls
binary.cfg
chatty.cfg
data
dated.cfg
defaults.cfg
exit.cfg
exit0.cfg
folder.cfg
script.cfg
sourced

# -d with a missing file falls back to the usual places when one has a config
$ mkdir .todo && cp dated.cfg .todo/config && todo -d /nonexistent -p ls dated
2 2026-11-22 dated by the config
--
TODO: 1 of 4 tasks shown

# no action: the usage comes before any check of the settings
$ TODOTXT_PRIORITY_ON_ADD=a todo
Usage: todo [-fhpantvV] [-d todo_config] action [task_number] [task_description]
Try 'todo -h' for more information.
? 1

$ TODOTXT_PRIORITY_ON_ADD=a todo ls
TODOTXT_PRIORITY_ON_ADD should be a capital letter from A to Z (it is now "a").
? 1

$ TODOTXT_PRIORITY_ON_ADD=a TODOTXT_DEFAULT_ACTION=ls todo
TODOTXT_PRIORITY_ON_ADD should be a capital letter from A to Z (it is now "a").
? 1
