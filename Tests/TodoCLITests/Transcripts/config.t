# configuration files are bash scripts (TodoShCompatibility.md §3)
$ mkdir -p .todo data && printf 'export TODO_DIR="$HOME/data"\nexport TODO_FILE="$TODO_DIR/todo.txt"\nexport DONE_FILE="$TODO_DIR/done.txt"\nexport REPORT_FILE="$TODO_DIR/report.txt"\nexport PRI_A=$RED\nexport TODOTXT_DATE_ON_ADD=1\n' > .todo/config

$ todo add "configured task"
1 2026-11-22 configured task
TODO: 1 added.

$ cat data/todo.txt
2026-11-22 configured task

$ todo -T add "no date"
2 no date
TODO: 2 added.

$ TODOTXT_DATE_ON_ADD=0 todo add "env beats config"
3 env beats config
TODO: 3 added.

$ todo pri 1 A
1 (A) 2026-11-22 configured task
TODO: 1 prioritized (A).

$ todo ls
[0;31m1 (A) 2026-11-22 configured task[0m
3 env beats config
2 no date
--
TODO: 3 of 3 tasks shown

$ todo -p ls
1 (A) 2026-11-22 configured task
3 env beats config
2 no date
--
TODO: 3 of 3 tasks shown

# : ${VAR:=default} keeps the environment's value
$ printf ': ${TODO_DIR:="$HOME/other"}\nexport TODO_DIR\nTODOTXT_VERBOSE=0\n' > alt.cfg

$ todo -d alt.cfg add "into other"

$ ls other
done.txt
report.txt
todo.txt

$ TODO_DIR=$HOME/data todo -d alt.cfg -p ls
1 (A) 2026-11-22 configured task
3 env beats config
2 no date

# -d with a missing file falls back to the normal lookup
$ todo -d missing.cfg -p ls configured
1 (A) 2026-11-22 configured task
--
TODO: 1 of 3 tasks shown

$ TODOTXT_CFG_FILE=alt.cfg todo -p ls
1 into other

# a config that runs exit ends todo there, silently, with its status
$ printf 'exit 3\n' > bad.cfg

$ todo -d bad.cfg ls
? 3

# TODO_DIR is created; a file in its way is an error
$ printf 'export TODO_DIR="$HOME/fresh/dir"\n' > fresh.cfg

$ todo -d fresh.cfg add "in a new directory"
1 in a new directory
TODO: 1 added.

$ ls fresh/dir
done.txt
report.txt
todo.txt

$ touch blocker && printf 'export TODO_DIR="$HOME/blocker/sub"\n' > blocked.cfg

$ todo -d blocked.cfg ls
Fatal Error: $HOME/blocker/sub is not a directory
? 1

# without any config: the nearest todo.txt above the working directory
$ rm -r .todo

$ mkdir -p project/src && printf 'project task\n' > project/todo.txt

$ cd project/src && todo -p ls
1 project task
--
TODO: 1 of 1 tasks shown

$ cd project/src && todo --file ../../data/todo.txt -p ls dated
--
TODO: 0 of 3 tasks shown

# --file without its PATH says so, in one line
$ todo --file
todo: option --file needs a PATH
? 1

$ TODO_FILE=$HOME/data/todo.txt todo -p ls env
3 env beats config
--
TODO: 1 of 3 tasks shown

