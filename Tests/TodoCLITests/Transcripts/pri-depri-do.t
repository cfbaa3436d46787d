# pri, depri, do (TodoShCompatibility.md §5.13-5.15)
$ printf '(A) first\nsecond\n(a) lower\n(AB) two\n(1) one\nx 2026-01-01 finished\n' > todo.txt

$ todo pri 2 b
2 (B) second
TODO: 2 prioritized (B).

$ todo pri 2 C 1 a
2 (C) second
TODO: 2 re-prioritized from (B) to (C).
1 (A) first
TODO: 1 already prioritized (A).
? 1

$ todo pri 2 C
2 (C) second
TODO: 2 already prioritized (C).
? 1

$ todo pri 3 A
3 (A) lower
TODO: 3 re-prioritized from (a) to (A).

$ todo pri 4 C
4 (C) (AB) two
TODO: 4 prioritized (C).

$ todo pri 2
usage: todo pri NR PRIORITY [NR PRIORITY ...]
note: PRIORITY must be anywhere from A to Z.
? 1

$ todo pri 2 AA
usage: todo pri NR PRIORITY [NR PRIORITY ...]
note: PRIORITY must be anywhere from A to Z.
? 1

$ todo pri 1 B 99 C
1 (B) first
TODO: 1 re-prioritized from (A) to (B).
TODO: No task 99.
? 1

$ todo p 1 Z 2 Y 3 X
1 (Z) first
TODO: 1 re-prioritized from (B) to (Z).
2 (Y) second
TODO: 2 re-prioritized from (C) to (Y).
3 (X) lower
TODO: 3 re-prioritized from (A) to (X).

$ todo depri 5
5 one
TODO: 5 deprioritized.

$ todo dp 2,1
2 second
TODO: 2 deprioritized.
1 first
TODO: 1 deprioritized.

$ todo depri 2
TODO: 2 is not prioritized.
? 1

$ todo depri x
usage: todo depri NR [NR ...]
? 1

$ todo depri
usage: todo depri NR [NR ...]
? 1

$ todo -a do 6
TODO: 6 is already marked done.
? 1

$ todo -a do 1 9 2
1 x 2026-11-22 first
TODO: 1 marked as done.
TODO: No task 9.
? 1

$ cat todo.txt
x 2026-11-22 first
second
(X) lower
(C) (AB) two
one
x 2026-01-01 finished

$ todo -a do 02
02 x 2026-11-22 second
TODO: 02 marked as done.

$ todo do
usage: todo do NR [NR ...]
? 1

$ todo -A done 7,3
TODO: No task 7.
? 1

$ cat todo.txt
x 2026-11-22 first
x 2026-11-22 second
(X) lower
(C) (AB) two
one
x 2026-01-01 finished

$ cat done.txt

$ todo -A done 4,3
4 x 2026-11-22 (AB) two
TODO: 4 marked as done.
3 x 2026-11-22 lower
TODO: 3 marked as done.
x 2026-11-22 first
x 2026-11-22 second
x 2026-11-22 lower
x 2026-11-22 (AB) two
x 2026-01-01 finished
TODO: $HOME/todo.txt archived.

$ cat todo.txt
one

$ cat done.txt
x 2026-11-22 first
x 2026-11-22 second
x 2026-11-22 lower
x 2026-11-22 (AB) two
x 2026-01-01 finished


# depri of a task that is only its priority leaves the line empty, then stops as todo.sh does
$ printf '(A) \n(B) two\n' > todo.txt

$ todo depri 1 2
TODO: No updated task 1.
? 1

$ cat -A todo.txt
$
(B) two$
