# todo lifecycle: dates typed as words, recurring tasks, postpone, tag, undo
# Today is Sunday 2026-11-22 (TODOTXT_NOW). Every word of the date vocabulary, through add:
$ for w in today tomorrow yesterday mon tue wed thu fri sat sun monday tuesday wednesday thursday friday saturday sunday eow eom eoy +3d -2w +1m +1y +5b 3d 2w 1m 1y 5b Friday TOMORROW; do todo add "w $w due:$w"; done | grep -v added
1 w today due:2026-11-22
2 w tomorrow due:2026-11-23
3 w yesterday due:2026-11-21
4 w mon due:2026-11-23
5 w tue due:2026-11-24
6 w wed due:2026-11-25
7 w thu due:2026-11-26
8 w fri due:2026-11-27
9 w sat due:2026-11-28
10 w sun due:2026-11-29
11 w monday due:2026-11-23
12 w tuesday due:2026-11-24
13 w wednesday due:2026-11-25
14 w thursday due:2026-11-26
15 w friday due:2026-11-27
16 w saturday due:2026-11-28
17 w sunday due:2026-11-29
18 w eow due:2026-11-22
19 w eom due:2026-11-30
20 w eoy due:2026-12-31
21 w +3d due:2026-11-25
22 w -2w due:2026-11-08
23 w +1m due:2026-12-22
24 w +1y due:2027-11-22
25 w +5b due:2026-11-27
26 w 3d due:2026-11-25
27 w 2w due:2026-12-06
28 w 1m due:2026-12-22
29 w 1y due:2027-11-22
30 w 5b due:2026-11-27
31 w Friday due:2026-11-27
32 w TOMORROW due:2026-11-23

# Only due: and t: values that are relative dates change; the rest stays as typed.
$ todo add "pay rent t:fri due:Friday due:someday start:friday"
33 pay rent t:2026-11-27 due:2026-11-27 due:someday start:friday
TODO: 33 added.

$ todo append 1 "due:+1w t:eom"
1 w today due:2026-11-22 due:2026-11-29 t:2026-11-30

$ todo prepend 2 "call due:tomorrow"
2 call due:2026-11-23 w tomorrow due:2026-11-23

$ todo replace 3 "(B) new due:monday"
3 w yesterday due:2026-11-21
TODO: Replaced task with:
3 (B) new due:2026-11-23

$ todo addm "first due:tomorrow
> second t:+1w"
34 first due:2026-11-23
TODO: 34 added.
35 second t:2026-11-29
TODO: 35 added.

$ todo addto done.txt "filed due:yesterday"; tail -1 done.txt
1 filed due:2026-11-21
DONE: 1 added.
filed due:2026-11-21

# Every word again, through append, replace and tag.
$ for w in today tomorrow yesterday mon tue wed thu fri sat sun monday tuesday wednesday thursday friday saturday sunday eow eom eoy +3d -2w +1m +1y +5b 3d 2w 1m 1y 5b Friday TOMORROW; do
>   todo append 4 "due:$w" >/dev/null; todo replace 5 "r due:$w" >/dev/null; todo tag 6 due "$w" >/dev/null
>   echo "$w: $(sed -n 5p todo.txt) | $(sed -n 6p todo.txt) | $(sed -n 4p todo.txt | awk '{print $NF}')"
> done
today: r due:2026-11-22 | w wed due:2026-11-22 | due:2026-11-22
tomorrow: r due:2026-11-23 | w wed due:2026-11-23 | due:2026-11-23
yesterday: r due:2026-11-21 | w wed due:2026-11-21 | due:2026-11-21
mon: r due:2026-11-23 | w wed due:2026-11-23 | due:2026-11-23
tue: r due:2026-11-24 | w wed due:2026-11-24 | due:2026-11-24
wed: r due:2026-11-25 | w wed due:2026-11-25 | due:2026-11-25
thu: r due:2026-11-26 | w wed due:2026-11-26 | due:2026-11-26
fri: r due:2026-11-27 | w wed due:2026-11-27 | due:2026-11-27
sat: r due:2026-11-28 | w wed due:2026-11-28 | due:2026-11-28
sun: r due:2026-11-29 | w wed due:2026-11-29 | due:2026-11-29
monday: r due:2026-11-23 | w wed due:2026-11-23 | due:2026-11-23
tuesday: r due:2026-11-24 | w wed due:2026-11-24 | due:2026-11-24
wednesday: r due:2026-11-25 | w wed due:2026-11-25 | due:2026-11-25
thursday: r due:2026-11-26 | w wed due:2026-11-26 | due:2026-11-26
friday: r due:2026-11-27 | w wed due:2026-11-27 | due:2026-11-27
saturday: r due:2026-11-28 | w wed due:2026-11-28 | due:2026-11-28
sunday: r due:2026-11-29 | w wed due:2026-11-29 | due:2026-11-29
eow: r due:2026-11-22 | w wed due:2026-11-22 | due:2026-11-22
eom: r due:2026-11-30 | w wed due:2026-11-30 | due:2026-11-30
eoy: r due:2026-12-31 | w wed due:2026-12-31 | due:2026-12-31
+3d: r due:2026-11-25 | w wed due:2026-11-25 | due:2026-11-25
-2w: r due:2026-11-08 | w wed due:2026-11-08 | due:2026-11-08
+1m: r due:2026-12-22 | w wed due:2026-12-22 | due:2026-12-22
+1y: r due:2027-11-22 | w wed due:2027-11-22 | due:2027-11-22
+5b: r due:2026-11-27 | w wed due:2026-11-27 | due:2026-11-27
3d: r due:2026-11-25 | w wed due:2026-11-25 | due:2026-11-25
2w: r due:2026-12-06 | w wed due:2026-12-06 | due:2026-12-06
1m: r due:2026-12-22 | w wed due:2026-12-22 | due:2026-12-22
1y: r due:2027-11-22 | w wed due:2027-11-22 | due:2027-11-22
5b: r due:2026-11-27 | w wed due:2026-11-27 | due:2026-11-27
Friday: r due:2026-11-27 | w wed due:2026-11-27 | due:2026-11-27
TOMORROW: r due:2026-11-23 | w wed due:2026-11-23 | due:2026-11-23

# A value already on the line stays as it is; the switch keeps todo.sh's behaviour.
$ printf 'old due:friday\n' > todo.txt; todo append 1 "t:tomorrow"
1 old due:friday t:2026-11-23

$ TODOTXT_RELATIVE_DATES=0 todo add "as typed due:friday"
2 as typed due:friday
TODO: 2 added.

$ todo check | grep -c friday
2

# Recurrence: do adds the next occurrence in the same write and prints its number.
$ printf '(A) 2026-11-01 water plants rec:1w\npay rent due:2026-11-01 t:2026-10-29 rec:+1m\nstandup due:2026-11-20 rec:+1b\nmonth end due:2026-01-31 rec:+1m\nbad rec:daily\nplain\n' > todo.txt; todo -a do 1 2 3 4 5
1 x 2026-11-22 2026-11-01 water plants rec:1w
TODO: 1 marked as done.
2 x 2026-11-22 pay rent due:2026-11-01 t:2026-10-29 rec:+1m
TODO: 2 marked as done.
3 x 2026-11-22 standup due:2026-11-20 rec:+1b
TODO: 3 marked as done.
4 x 2026-11-22 month end due:2026-01-31 rec:+1m
TODO: 4 marked as done.
5 x 2026-11-22 bad rec:daily
TODO: 5 marked as done.
todo: warning: task 5: 'rec:daily' is not a recurrence (expected a number and a unit d, w, m, y or b, with an optional '+', as in rec:1w or rec:+1m)
7 (A) 2026-11-22 water plants rec:1w due:2026-11-29
TODO: 7 added.
8 pay rent due:2026-12-01 t:2026-11-28 rec:+1m
TODO: 8 added.
9 standup due:2026-11-23 rec:+1b
TODO: 9 added.
10 month end due:2026-02-28 rec:+1m
TODO: 10 added.

$ cat todo.txt
x 2026-11-22 2026-11-01 water plants rec:1w
x 2026-11-22 pay rent due:2026-11-01 t:2026-10-29 rec:+1m
x 2026-11-22 standup due:2026-11-20 rec:+1b
x 2026-11-22 month end due:2026-01-31 rec:+1m
x 2026-11-22 bad rec:daily
plain
(A) 2026-11-22 water plants rec:1w due:2026-11-29
pay rent due:2026-12-01 t:2026-11-28 rec:+1m
standup due:2026-11-23 rec:+1b
month end due:2026-02-28 rec:+1m

# With auto-archive (the default), the new task's number is the one it has after archiving.
$ printf 'a\nx 2026-11-01 old\nreview rec:2d\nb\n' > todo.txt; todo do 3
3 x 2026-11-22 review rec:2d
TODO: 3 marked as done.
x 2026-11-01 old
x 2026-11-22 review rec:2d
TODO: $HOME/todo.txt archived.
3 review rec:2d due:2026-11-24
TODO: 3 added.

$ cat todo.txt
a
b
review rec:2d due:2026-11-24

$ todo -p ls
1 a
2 b
3 review rec:2d due:2026-11-24
--
TODO: 3 of 3 tasks shown

# postpone: from the due date, or from today when it has passed; t: moves along.
$ printf 'pay due:2026-11-25 t:2026-11-24\noverdue due:2026-11-01\nno date\n' > todo.txt; todo postpone 1 2 3 1w
1 pay due:2026-12-02 t:2026-12-01
TODO: 1 postponed to 2026-12-02.
2 overdue due:2026-11-29
TODO: 2 postponed to 2026-11-29.
3 no date due:2026-11-29
TODO: 3 postponed to 2026-11-29.

$ todo postpone 1 +5b
1 pay due:2026-12-09 t:2026-12-08
TODO: 1 postponed to 2026-12-09.

$ todo postpone 1 2m
1 pay due:2027-02-09 t:2027-02-08
TODO: 1 postponed to 2027-02-09.

$ todo postpone 1 daily
todo: postpone: invalid amount 'daily'; expected a number and a unit d, w, m, y or b, as in 3d or 1w
? 1

$ todo postpone 9 1d
TODO: No task 9.
? 1

$ todo postpone 1 -1d
todo: postpone: invalid amount '-1d'; expected a number and a unit d, w, m, y or b, as in 3d or 1w
? 1

$ todo postpone 1
usage: todo postpone NR [NR ...] AMOUNT
? 2

# A due: that is no date is refused before anything is written, so no task gets two.
$ printf 'bad due:2026-02-30\n' >> todo.txt; cp todo.txt before.txt; todo postpone 1 4 1d; cmp todo.txt before.txt && echo unchanged; sed -i '$d' todo.txt
todo: postpone: task 4 has due:2026-02-30, which is not a date
unchanged

$ cat todo.txt
pay due:2027-02-09 t:2027-02-08
overdue due:2026-11-29
no date due:2026-11-29

# tag: set the first KEY:, add one, or remove every KEY: (and one space with each).
$ printf 'call mom est:1 @phone est:2 +family\n' > todo.txt; todo tag 1 est 3
1 call mom est:3 @phone est:2 +family
TODO: 1 tagged est:3.

$ todo tag 1 due fri
1 call mom est:3 @phone est:2 +family due:2026-11-27
TODO: 1 tagged due:2026-11-27.

$ todo tag 1 est
1 call mom @phone +family due:2026-11-27
TODO: 1 untagged est.

$ todo tag 1 "bad key" x
todo: tag: invalid key 'bad key'; a key has no ':', spaces or tabs
? 1

$ todo tag 2 est 1
TODO: No task 2.
? 1

$ cat todo.txt
call mom @phone +family due:2026-11-27

# undo: each writing action, then undo, gives back the exact bytes (each with its own history).
$ printf '(B) first\r\nsecond +p\r\nsecond +p\r\nx 2026-11-01 third\r\nfourth rec:1d' > todo.txt; printf 'x 2026-10-01 older\n' > done.txt; cp todo.txt t0; cp done.txt d0

$ n=0; for c in "add new due:fri" "addm 'one
> two'" "addto done.txt extra" "append 1 more" "prepend 2 first" "replace 2 other" "pri 2 A" "depri 1" "do 5" "-a do 2" "del 1" "-n del 1" "archive" "deduplicate" "postpone 2 1d" "tag 2 x y" "mv 2 done.txt"; do
>   n=$((n + 1)); export XDG_STATE_HOME=$PWD/state-$n
>   eval "todo -f $c" >/dev/null 2>&1; cmp -s todo.txt t0 && cmp -s done.txt d0 && echo "$c: NOT CHANGED"
>   todo undo >/dev/null; cmp -s todo.txt t0 && cmp -s done.txt d0 && echo "$c: same" || echo "$c: DIFFERENT"
> done
add new due:fri: same
addm 'one
two': same
addto done.txt extra: same
append 1 more: same
prepend 2 first: same
replace 2 other: same
pri 2 A: same
depri 1: same
do 5: same
-a do 2: same
del 1: same
-n del 1: same
archive: same
deduplicate: same
postpone 2 1d: same
tag 2 x y: same
mv 2 done.txt: same

# A hundred changes, undone one by one.
$ export XDG_STATE_HOME=$PWD/hundred; for i in $(seq 100); do todo add "task $i" >/dev/null; done; for i in $(seq 100); do todo undo >/dev/null || echo "undo $i failed"; done; cmp todo.txt t0 && echo "back to the start"
back to the start

# A one-line change to a file of a million lines records one line.
$ export XDG_STATE_HOME=$PWD/big; seq 1000000 | sed 's/^/task /' > todo.txt; todo pri 500000 A; test $(cat big/todo/todo.txt-* | wc -c) -lt 1000 && echo small; todo undo; sed -n 500000p todo.txt
500000 (A) task 500000
TODO: 500000 prioritized (A).
small
TODO: Undid 'pri 500000 A' (todo.txt -1 +1).
task 500000

# An undo after a hand edit elsewhere keeps the hand edit.
$ printf 'a\nb\nc\n' > todo.txt; todo pri 2 A; printf 'by hand\n' >> todo.txt; sed -i 's/^a$/a edited/' todo.txt; todo undo; cat todo.txt
2 (A) b
TODO: 2 prioritized (A).
TODO: Undid 'pri 2 A' (todo.txt -1 +1).
a edited
b
c
by hand

# An undo whose lines were changed by hand refuses and changes nothing.
$ todo replace 2 "new text" >/dev/null; sed -i 's/new text/my text/' todo.txt; cp todo.txt t1; todo undo; cmp todo.txt t1 && echo unchanged
todo: undo: cannot take back 'replace 2 new text': the lines it changed in $HOME/todo.txt were edited since; 'undo --skip' passes over it
unchanged

# --skip passes over such a change without touching the file; the next undo reaches the one before.
$ printf 'a\nb\n' > todo.txt; todo add c >/dev/null; todo pri 1 A >/dev/null; sed -i 's/^(A) a$/x/' todo.txt; cp todo.txt t2; todo undo; todo undo --skip; cmp todo.txt t2 && echo unchanged; todo undo; cat todo.txt
todo: undo: cannot take back 'pri 1 A': the lines it changed in $HOME/todo.txt were edited since; 'undo --skip' passes over it
TODO: Skipped 'pri 1 A' (todo.txt -1 +1).
unchanged
TODO: Undid 'add c' (todo.txt +1).
x
b

# Consecutive undos walk back; an undo is itself undone once another command wrote.
$ printf 'a\n' > todo.txt; todo add b >/dev/null; todo add c >/dev/null; todo undo; todo undo; todo add d >/dev/null; todo undo; todo undo; cat todo.txt
TODO: Undid 'add c' (todo.txt +1).
TODO: Undid 'add b' (todo.txt +1).
TODO: Undid 'add d' (todo.txt +1).
TODO: Undid 'undo' (todo.txt -1).
a
b

$ todo undo --list | head -4
2026-11-22 09:30:00  undo  todo.txt +1
2026-11-22 09:30:00  undo  todo.txt -1
2026-11-22 09:30:00  add d  todo.txt +1
2026-11-22 09:30:00  undo  todo.txt -1

# Nothing to undo, the history off, and a history that cannot be written.
$ XDG_STATE_HOME=$PWD/state todo undo
todo: undo: nothing to undo
? 1

# Neither undo nor undo --list creates missing todo files, as no listing does.
$ mkdir fresh && XDG_STATE_HOME=$PWD/fresh-state todo --file fresh/todo.txt undo --list; XDG_STATE_HOME=$PWD/fresh-state todo --file fresh/todo.txt undo; ls -A fresh
todo: undo: nothing to undo
todo: undo: nothing to undo

$ TODOTXT_HISTORY=0 todo undo
todo: undo: the history is off (TODOTXT_HISTORY=0)
? 1

$ TODOTXT_HISTORY=0 XDG_STATE_HOME=$PWD/off todo add not recorded; test -e off || echo "no history"
3 not recorded
TODO: 3 added.
no history

$ XDG_STATE_HOME=$PWD/todo.txt todo add still works
4 still works
TODO: 4 added.
todo: warning: cannot create $HOME/todo.txt/todo: Not a directory

# A history directory that others can write to is not used.
$ chmod 777 .local/state/todo; todo add still works; chmod 700 .local/state/todo
5 still works
TODO: 5 added.
todo: warning: $HOME/.local/state/todo can be written by others

# The history is private: a 0700 directory of 0600 files.
$ ls -ld .local/state/todo | cut -c1-10; ls -l .local/state/todo | tail -n +2 | cut -c1-10 | sort -u
drwx------
-rw-------

