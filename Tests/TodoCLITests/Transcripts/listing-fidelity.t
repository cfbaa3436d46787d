# listings as todo.sh prints them: lsa with colour, -P, -vv, blanks, COLOR_NUMBER, grep's \d

# lsa with colour on (the default): each line keeps its colour start, done lines are numbered 0
$ printf '(A) a\nb\n' > todo.txt; : > done.txt

$ todo lsa | cat -v
^[[1;33m1 (A) a^[[0m
2 b
--
TODO: 2 of 2 tasks shown
DONE: 0 of 0 tasks shown
total 2 of 2 tasks shown

$ printf 'x 2026-01-01 old\n' > done.txt; todo lsa | cat -v
^[[1;33m1 (A) a^[[0m
2 b
^[[0;37m0 x 2026-01-01 old^[[0m
--
TODO: 2 of 2 tasks shown
DONE: 1 of 1 tasks shown
total 3 of 3 tasks shown

$ HIDE_CUSTOM_SUBSTITUTION=old todo lsa | cat -v
^[[1;33m1 (A) a^[[0m
2 b
^[[0;37m0 x 2026-01-01 ^[[0m
--
TODO: 2 of 2 tasks shown
DONE: 1 of 1 tasks shown
total 3 of 3 tasks shown

# lsa matches the terms against the lines as they are, then rebuilds them from their fields
$ printf 'a  b\n\t\n(A)  x\tc \n' > todo.txt; printf 'x done  two\n' > done.txt; todo -p lsa '  ' | cat -A
3 (A) x c$
1 a b$
0 x done two$
--$
TODO: 2 of 3 tasks shown$
DONE: 1 of 1 tasks shown$
total 3 of 4 tasks shown$

$ todo -p lsa | cat -A
2$
3 (A) x c$
1 a b$
0 x done two$
--$
TODO: 3 of 3 tasks shown$
DONE: 1 of 1 tasks shown$
total 4 of 4 tasks shown$

# lsa prints no filter debug line; ls quotes the filter as bash's printf %q does
$ todo -p -vv lsa a
3 (A) x c
1 a b
--
TODO: 2 of 3 tasks shown
DONE: 0 of 1 tasks shown
total 2 of 4 tasks shown

$ todo -p -vv ls '^ *3 ' | cat -A
3 (A)  x^Ic $
TODO DEBUG: Filter Command was: grep -i \^\ \*3\ $
--$
TODO: 1 of 3 tasks shown$

$ todo -p -vv ls 'a b' '~x' 'a=~b' '#x#' '-(A)' 'a	b' ''
TODO DEBUG: Filter Command was: grep -i a\ b | grep -i \~x | grep -i a=\~b | grep -i \#x# | grep -v -i \(A\) | grep -i $'a\tb' | grep -i ''
--
TODO: 0 of 3 tasks shown

# -P hides only the task's own leading priority, with or without colour
$ printf '(A) project(S) 02\n(B) call 42\nx (C) done\n' > todo.txt; todo -P -p ls
1 project(S) 02
2 call 42
3 x (C) done
--
TODO: 3 of 3 tasks shown

$ todo -P ls | cat -v
^[[1;33m1 project(S) 02^[[0m
^[[0;32m2 call 42^[[0m
^[[0;37m3 x (C) done^[[0m
--
TODO: 3 of 3 tasks shown

# COLOR_NUMBER colours the task's number only, not numbers in the text
$ printf 'export COLOR_NUMBER=$LIGHT_GREEN\n' > colour.cfg; todo -d colour.cfg ls | cat -v
^[[1;33m^[[1;32m1^[[0m^[[1;33m (A) project(S) 02^[[0m
^[[0;32m^[[1;32m2^[[0m^[[0;32m (B) call 42^[[0m
^[[0;37m^[[1;32m3^[[0m^[[0;37m x (C) done^[[0m
--
TODO: 3 of 3 tasks shown

# search terms are read as GNU grep reads them: \d is d, a leading \{ is {
$ printf 'd1\nabc\n\\d\n{x}\n' > todo.txt; todo -p ls '\d'
1 d1
3 \d
--
TODO: 2 of 4 tasks shown

$ todo -p ls '\{x' '\w\}'
4 {x}
--
TODO: 1 of 4 tasks shown

# at a terminal, control characters in task text are shown as cat -v shows them (tab aside);
# into a pipe the bytes are kept
$ printf 'evil \033]0;pwned\007 title\ttab\nc1 \302\2332J\n' > todo.txt; script -qec "todo -p ls" /dev/null | tr -d '\r'
2 c1 M-^[2J
1 evil ^[]0;pwned^G title	tab
--
TODO: 2 of 2 tasks shown

$ script -qec "todo ls evil" /dev/null | tr -d '\r'
1 evil ^[]0;pwned^G title	tab
--
TODO: 1 of 2 tasks shown

$ script -qec "TODOTXT_FINAL_FILTER=cat todo lsa 2J" /dev/null | tr -d '\r'
2 c1 M-^[2J
--
TODO: 1 of 2 tasks shown
DONE: 0 of 1 tasks shown
total 1 of 3 tasks shown

$ todo -p ls | LC_ALL=C tr '\033\007\302\233\t' 'EBCDT'
2 c1 CD2J
1 evil E]0;pwnedB titleTtab
--
TODO: 2 of 2 tasks shown

# a search term nested too deeply, too long, or repeated too much is refused before it is compiled
$ todo -p ls "$(printf '\\(%.0s' $(seq 300))a$(printf '\\)%.0s' $(seq 300))" > out 2> err; echo "exit $?"; cut -c1-40 err; sed 's/.*: //' err; wc -c < out
exit 1
todo: invalid search term '\(\(\(\(\(\(\
nested deeper than 256 groups
0

$ todo -p ls "$(printf '\\(%.0s' $(seq 200))a$(printf '\\)%.0s' $(seq 200))" | cat -v
1 evil ^[]0;pwned^G title	tab
--
TODO: 1 of 2 tasks shown

$ todo -p ls "$(printf '\\(%.0s' $(seq 20000))a$(printf '\\)%.0s' $(seq 20000))"
todo: invalid search term '\(\(\(\(\(\(\(\(\(\(\(\(\(\(\(\(\(\(\(\(\(\(\(\(\(...': longer than 4096 bytes
? 1

$ todo -p ls '\(\(a\{255\}\)\{255\}\)\{255\}'
todo: invalid search term '\(\(a\{255\}\)\{255\}\)\{255\}': repeats to more than 100000 positions
? 1

$ todo -p ls '-\(a\{255\}\)\{255\}' | cat -v
2 c1 M-BM-^[2J
1 evil ^[]0;pwned^G title	tab
--
TODO: 2 of 2 tasks shown

# lsp's footer counts what ls counts: empty lines and lines of digits and spaces are not tasks
# (the same figures as upstream todo.sh); a tab-only line is one
$ printf '(A) a\n\n(B) b\n42\n\t\nc\n\n(A) d @x\n' > todo.txt; todo -p lsp
1 (A) a
8 (A) d @x
3 (B) b
--
TODO: 3 of 5 tasks shown

$ todo -p lsp A
1 (A) a
8 (A) d @x
--
TODO: 2 of 5 tasks shown

$ todo -p lsp @x
8 (A) d @x
--
TODO: 1 of 5 tasks shown

$ todo -p lsp C
--
TODO: 0 of 5 tasks shown
