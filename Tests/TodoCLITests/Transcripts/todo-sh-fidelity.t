# Where todo.sh's behaviour is easy to get wrong: one block per difference found by running
# both side by side (issue 22 of the project's tracker, points 7, 8, 10, 14, 15 and 16).

# An unknown action names itself on standard error, with the nearest action when one is near,
# then todo.sh's usage text on standard output.
$ todo lst 1
todo: unknown action 'lst'; did you mean 'ls'?
Usage: todo [-fhpantvV] [-d todo_config] action [task_number] [task_description]
Try 'todo -h' for more information.
? 1

$ (todo frobnicate 1 2>/dev/null)
Usage: todo [-fhpantvV] [-d todo_config] action [task_number] [task_description]
Try 'todo -h' for more information.
? 1

$ (todo frobnicate 1 >/dev/null)
todo: unknown action 'frobnicate'
? 1

$ todo ARCHVE
todo: unknown action 'ARCHVE'; did you mean 'archive'?
Usage: todo [-fhpantvV] [-d todo_config] action [task_number] [task_description]
Try 'todo -h' for more information.
? 1

$ todo command lsit
todo: unknown action 'lsit'; did you mean 'list'?
Usage: todo [-fhpantvV] [-d todo_config] action [task_number] [task_description]
Try 'todo -h' for more information.
? 1

# Add-ons count as actions too.
$ mkdir -p .todo/actions && printf '#!/bin/sh\necho hello\n' > .todo/actions/hello && chmod +x .todo/actions/hello
> todo hllo
todo: unknown action 'hllo'; did you mean 'hello'?
Usage: todo [-fhpantvV] [-d todo_config] action [task_number] [task_description]
Try 'todo -h' for more information.
? 1

# The same task twice in one command: taken in order, the second word sees the first's work.
$ printf '(A) a\nb\n' > todo.txt
> todo -a do 1 1
1 x 2026-11-22 a
TODO: 1 marked as done.
TODO: 1 is already marked done.
? 1

$ cat todo.txt
x 2026-11-22 a
b

$ printf '(A) a\nb\n' > todo.txt
> todo do 01 1
01 x 2026-11-22 a
TODO: 01 marked as done.
TODO: 1 is already marked done.
x 2026-11-22 a
TODO: $HOME/todo.txt archived.
? 1

$ cat todo.txt done.txt
b
x 2026-11-22 a

$ printf '(A) a\nb\n' > todo.txt
> todo dp 1 1
1 a
TODO: 1 deprioritized.
TODO: 1 is not prioritized.
? 1

$ printf '(A) a\nb\n' > todo.txt
> todo pri 1 B 1 C; cat todo.txt
1 (B) a
TODO: 1 re-prioritized from (A) to (B).
1 (C) a
TODO: 1 re-prioritized from (B) to (C).
(C) a
b

# TODOTXT_VERBOSE=0 is quiet when there is nothing to archive: archive, report, do.
$ printf 'a\nb\n' > todo.txt
> TODOTXT_VERBOSE=0 todo archive

$ TODOTXT_VERBOSE=0 todo report
2026-11-22T09:30:00 2 1

$ TODOTXT_VERBOSE=0 todo do 1; cat todo.txt done.txt
b
x 2026-11-22 a
x 2026-11-22 a

$ todo archive
TODO: $HOME/todo.txt does not contain any done tasks.

# listfile lists a missing done or report file as empty, as todo.sh (which creates them on
# every run) does.
$ rm -f done.txt report.txt
> todo lf done.txt
--
DONE: 0 of 0 tasks shown

$ todo -p listfile report
--
REPORT: 0 of 0 tasks shown

$ todo lf other.txt
TODO: File other.txt does not exist.
? 1

# An empty first text argument is no text: with -f, the action's usage.
$ printf 'a\n' > todo.txt
> todo -f add '' x
usage: todo add "TODO ITEM"
? 1

$ todo -f addm '' x
usage: todo addm "TODO ITEM"
? 1

$ todo -f addto todo.txt ''
usage: todo addto DEST "TODO ITEM"
? 1

$ todo addto todo.txt '' x
usage: todo addto DEST "TODO ITEM"
? 1

$ cat todo.txt
a

# Without -f the text is asked for (here: standard input), and the words after it are ignored.
$ echo typed | todo add '' x
2 typed
TODO: 2 added.

$ echo more | todo append 1 '' x
1 a more

$ todo -f append 1 '' x
1 a more  x

# Echoed tasks carry the file's bytes, even when they are not UTF-8.
$ printf 'caf\303\nthé \377\n' > todo.txt
> todo -a do 1 | cat -v
1 x 2026-11-22 cafM-C
TODO: 1 marked as done.

$ todo pri 2 A | cat -v
2 (A) thM-CM-) M-^?
TODO: 2 prioritized (A).

$ todo append 2 more | cat -v; todo depri 2 | cat -v
2 (A) thM-CM-) M-^? more
2 thM-CM-) M-^? more
TODO: 2 deprioritized.

$ todo -f del 1 | cat -v
1 x 2026-11-22 cafM-C
TODO: 1 deleted.

$ cat -v todo.txt
<BLANK>
thM-CM-) M-^? more
