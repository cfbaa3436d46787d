# listpri, listall, listfile, listcon, listproj (TodoShCompatibility.md §5.6-5.9)
$ printf '(A) alpha +proj1 @ctx1\n(B) beta +proj2\n(C) gamma @ctx2 ginatrapani@gmail.com\n(c) lower\n(X) ex @con05@con06 @home)\nplain +proj1\n' > todo.txt

$ printf 'x 2026-01-01 old +proj3\n\nx 2026-01-02 older   spaced\n' > done.txt

$ todo -p lsp
1 (A) alpha +proj1 @ctx1
2 (B) beta +proj2
3 (C) gamma @ctx2 ginatrapani@gmail.com
5 (X) ex @con05@con06 @home)
--
TODO: 4 of 6 tasks shown

$ todo -p lsp a
1 (A) alpha +proj1 @ctx1
--
TODO: 1 of 6 tasks shown

$ todo -p lsp A-b
1 (A) alpha +proj1 @ctx1
2 (B) beta +proj2
--
TODO: 2 of 6 tasks shown

$ todo -p lsp CX
3 (C) gamma @ctx2 ginatrapani@gmail.com
5 (X) ex @con05@con06 @home)
--
TODO: 2 of 6 tasks shown

$ todo -p lsp A- gamma
--
TODO: 0 of 6 tasks shown

$ todo -p lsp 1
1 (A) alpha +proj1 @ctx1
--
TODO: 1 of 6 tasks shown

$ todo -p lsp b beta
2 (B) beta +proj2
--
TODO: 1 of 6 tasks shown

$ todo -p lsa
1 (A) alpha +proj1 @ctx1
2 (B) beta +proj2
3 (C) gamma @ctx2 ginatrapani@gmail.com
4 (c) lower
5 (X) ex @con05@con06 @home)
6 plain +proj1
0 x 2026-01-01 old +proj3
0 x 2026-01-02 older spaced
--
TODO: 6 of 6 tasks shown
DONE: 2 of 3 tasks shown
total 8 of 9 tasks shown

$ todo -p lsa old
0 x 2026-01-01 old +proj3
0 x 2026-01-02 older spaced
--
TODO: 0 of 6 tasks shown
DONE: 2 of 3 tasks shown
total 2 of 9 tasks shown

$ todo lsc
@con05@con06
@ctx1
@ctx2
@home)

$ todo lsprj
+proj1
+proj2

$ todo lsc gamma
@ctx2

$ todo lsprj -alpha
+proj1
+proj2

$ TODOTXT_SOURCEVAR='$DONE_FILE' todo lsprj
+proj3

$ TODOTXT_SOURCEVAR='("$TODO_FILE" "$DONE_FILE")' todo lsprj
+proj1
+proj2
+proj3

$ TODOTXT_SIGIL_VALID_PATTERN='[a-z]*' todo lsc

$ TODOTXT_SIGIL_AFTER_PATTERN=')' todo lsc
@con05@con06
@ctx1
@ctx2
@home

$ todo lf
Files in the todo.txt directory:
done.txt
todo.txt

$ todo -p lf done.txt
1 x 2026-01-01 old +proj3
3 x 2026-01-02 older   spaced
--
DONE: 2 of 2 tasks shown

$ todo -p lf done old
1 x 2026-01-01 old +proj3
3 x 2026-01-02 older   spaced
--
DONE: 2 of 2 tasks shown

$ todo lf nothere.txt
TODO: File nothere.txt does not exist.
? 1

$ todo lf ''
TODO: File  does not exist.
? 1

