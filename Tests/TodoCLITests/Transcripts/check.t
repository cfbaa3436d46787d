# check: diagnostics, exit 0 when clean, 1 when something was found, 2 on error
$ printf '(A) call mom\nx 2026-11-20 pay rent\n' > todo.txt

$ todo check

$ printf 'X call mom\n(b) pay rent  \n' > other.txt

$ todo check other.txt
other.txt:1:1: warning: 'X ' does not mark a task done; write a lower-case 'x '
other.txt:2:1: warning: '(b)' is not a priority; priorities are upper-case, '(B)'
other.txt:2:13: warning: trailing whitespace
? 1

$ todo check --format json other.txt
[
{"file":"other.txt","line":1,"column":1,"endColumn":2,"severity":"warning","rule":"uppercase-done-mark","message":"'X ' does not mark a task done; write a lower-case 'x '","fix":{"column":1,"endColumn":2,"replacement":"x"}},
{"file":"other.txt","line":2,"column":1,"endColumn":4,"severity":"warning","rule":"lowercase-priority","message":"'(b)' is not a priority; priorities are upper-case, '(B)'","fix":{"column":2,"endColumn":3,"replacement":"B"}},
{"file":"other.txt","line":2,"column":13,"endColumn":15,"severity":"warning","rule":"trailing-whitespace","message":"trailing whitespace","fix":{"column":13,"endColumn":15,"replacement":""}}
]
? 1

$ todo check --format=json
[]

$ printf 'a due:soon\na due:soon' | todo check -
-:1:7: warning: 'soon' in due: is not a date; write YYYY-MM-DD
-:2:1: warning: duplicate of line 1
-:2:7: warning: 'soon' in due: is not a date; write YYYY-MM-DD
-:2:11: warning: no newline at end of file
? 1

$ todo check missing.txt
todo: check: cannot read $HOME/missing.txt: No such file or directory
? 2

$ todo check --format xml
todo: check: unknown format 'xml'; expected text, json
? 2

$ todo check --strict
todo: check: unknown option '--strict'
? 2

# check --fix: every sure repair in place, in one write that undo takes back; the rest is left
$ printf 'X call mom due:tomorrow  \r\n(b) 2026-1-5 pay rent\r\na due:soon\r\na due:soon' > todo.txt

$ todo check --fix
$HOME/todo.txt:1:1: fixed: 'X ' does not mark a task done; write a lower-case 'x '
$HOME/todo.txt:1:16: fixed: 'tomorrow' in due: is a relative date; write 2026-11-23 (what it means today)
$HOME/todo.txt:1:24: fixed: trailing whitespace
$HOME/todo.txt:2:1: fixed: '(b)' is not a priority; priorities are upper-case, '(B)'
$HOME/todo.txt:2:5: fixed: malformed date '2026-1-5'; write YYYY-MM-DD
$HOME/todo.txt:4:11: fixed: no newline at end of file
$HOME/todo.txt:3:7: warning: 'soon' in due: is not a date; write YYYY-MM-DD
$HOME/todo.txt:4:1: warning: duplicate of line 3
$HOME/todo.txt:4:7: warning: 'soon' in due: is not a date; write YYYY-MM-DD
? 1

$ od -c todo.txt
0000000   x       c   a   l   l       m   o   m       d   u   e   :   2
0000020   0   2   6   -   1   1   -   2   3  \r  \n   (   B   )       2
0000040   0   2   6   -   0   1   -   0   5       p   a   y       r   e
0000060   n   t  \r  \n   a       d   u   e   :   s   o   o   n  \r  \n
0000100   a       d   u   e   :   s   o   o   n  \r  \n
0000114

$ todo undo
TODO: Undid 'check --fix' (todo.txt -3 +3).

$ printf 'X call mom due:tomorrow  \r\n(b) 2026-1-5 pay rent\r\na due:soon\r\na due:soon' | cmp - todo.txt

$ printf 'X a\n' > other.txt

$ todo check --format json --fix other.txt
[
{"file":"other.txt","line":1,"column":1,"endColumn":2,"severity":"warning","rule":"uppercase-done-mark","message":"'X ' does not mark a task done; write a lower-case 'x '","fix":{"column":1,"endColumn":2,"replacement":"x"},"fixed":true}
]

$ cat other.txt; todo check --fix other.txt
x a

$ todo check --fix -
todo: check: --fix needs a file, not standard input
? 2

$ todo check --fix missing.txt
todo: check: cannot read $HOME/missing.txt: No such file or directory
? 2
