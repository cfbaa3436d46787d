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
