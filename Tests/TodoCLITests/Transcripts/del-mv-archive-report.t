# del, mv, archive, deduplicate, report (TodoShCompatibility.md §5.16-5.20)
$ printf 'soy milk\nbuy eggs\n(A) call  mom   today\nbuy eggs\n\nx 2026-01-02 done thing\n' > todo.txt

$ todo -f del 2
2 buy eggs
TODO: 2 deleted.

$ cat todo.txt
soy milk
<BLANK>
(A) call  mom   today
buy eggs
<BLANK>
x 2026-01-02 done thing

$ echo n | todo del 1
<BLANK>
TODO: No tasks were deleted.
? 1

$ echo y | todo rm 1
<BLANK>
1 soy milk
TODO: 1 deleted.

$ todo del 1
TODO: No task 1.
? 1

$ todo del 3 "mom"
3 (A) call  mom   today
TODO: Removed 'mom' from task.
3 (A) call today

$ todo del 3 "dad"
3 (A) call today
TODO: 'dad' not found; no removal done.
? 1

$ todo del 3 "s.y"
3 (A) call today
TODO: 's.y' not found; no removal done.
? 1

$ todo del x
usage: todo del NR [TERM]
? 1

$ todo del
usage: todo del NR [TERM]
? 1

$ todo -n -f del 4
4 buy eggs
TODO: 4 deleted.

$ cat -A todo.txt
(A) call today$
x 2026-01-02 done thing$

$ todo deduplicate
TODO: No duplicate tasks found
? 1

$ printf 'a\nb\na\na\n' > dup.txt

$ TODO_FILE=dup.txt todo deduplicate
TODO: 2 duplicate task(s) removed

$ cat -A dup.txt
a$
b$
$
$

# As todo.sh's sed script: a second empty line repeats the first (removed with -n), though
# only tasks count as duplicates
$ TODO_FILE=dup.txt todo -n deduplicate
TODO: No duplicate tasks found
? 1

$ cat -A dup.txt
a$
b$
$

# A file without a final newline gets one, as todo.sh's sed writes every line with one,
# even when nothing repeats
$ printf 'a\nb\na' > dup.txt

$ TODO_FILE=dup.txt todo deduplicate
TODO: 1 duplicate task(s) removed

$ od -An -c dup.txt
   a  \n   b  \n  \n

$ printf 'a\nb\na' > dup.txt

$ TODO_FILE=dup.txt todo -n deduplicate
TODO: 1 duplicate task(s) removed

$ od -An -c dup.txt
   a  \n   b  \n

$ printf 'a\nb' > dup.txt

$ TODO_FILE=dup.txt todo deduplicate
TODO: No duplicate tasks found
? 1

$ od -An -c dup.txt
   a  \n   b  \n

# Lines compare as sed reads them: a CRLF line is not the same as an LF one
$ printf 'a\r\na\nb\r\nb\r\n' > dup.txt

$ TODO_FILE=dup.txt todo -n deduplicate
TODO: 1 duplicate task(s) removed

$ od -An -c dup.txt
   a  \r  \n   a  \n   b  \r  \n

# TODOTXT_FORCE is read as todo.sh reads it: anything but 0 means do not ask
$ printf 'one\ntwo\n' > force.txt

$ TODO_FILE=force.txt TODOTXT_FORCE=yes todo del 1
1 one
TODO: 1 deleted.

$ TODO_FILE=force.txt TODOTXT_FORCE=0 todo del 2 < /dev/null 2>&1 | cat -A
$
TODO: No tasks were deleted.$

$ cat -A force.txt
$
two$

# TODOTXT_PRESERVE_LINE_NUMBERS too: only 0 removes the empty line
$ TODO_FILE=force.txt TODOTXT_PRESERVE_LINE_NUMBERS=2 todo -f del 2
2 two
TODO: 2 deleted.

$ cat -A force.txt
$
$

$ TODO_FILE=force.txt TODOTXT_PRESERVE_LINE_NUMBERS=0 todo -f deduplicate
TODO: No duplicate tasks found
? 1

$ cat -A force.txt
$

# mv writes the destination first
$ printf 'alpha\nbeta\n' > todo.txt

$ : > garden.txt

$ todo -f mv 1 garden.txt
1 alpha
TODO: 1 moved to 1 in GARDEN.

$ todo -f mv 2 nothere.txt
TODO: Destination file $HOME/nothere.txt does not exist.
? 1

$ todo -f mv 2 garden.txt nosource.txt
TODO: Source file $HOME/nosource.txt does not exist.
? 1

$ todo -f mv 9 garden.txt
TODO: No task 9.
? 1

$ echo n | todo mv 2 garden.txt
<BLANK>
TODO: No tasks moved.
? 1

$ todo -f -n move 1 todo.txt garden.txt
1 alpha
GARDEN: 1 moved to 3 in TODO.

$ cat todo.txt garden.txt
<BLANK>
beta
alpha

# archive removes empty lines and moves done tasks
$ printf 'open one\n\nx 2026-11-01 closed\nopen two\n' > todo.txt

$ printf 'x 2026-10-01 old' > done.txt

$ todo archive
x 2026-11-01 closed
TODO: $HOME/todo.txt archived.

$ cat todo.txt
open one
open two

$ cat done.txt
x 2026-10-01 old
x 2026-11-01 closed

$ todo archive
TODO: $HOME/todo.txt does not contain any done tasks.

# report
$ todo report
TODO: $HOME/todo.txt does not contain any done tasks.
2026-11-22T09:30:00 2 2
TODO: Report file updated.

$ todo report
TODO: $HOME/todo.txt does not contain any done tasks.
2026-11-22T09:30:00 2 2
TODO: Report file is up-to-date.

$ TODOTXT_VERBOSE=0 todo report
2026-11-22T09:30:00 2 2

$ cat report.txt
2026-11-22T09:30:00 2 2

