# tricky lines: non-ASCII, digits only, CRLF, invalid UTF-8, prompts on standard input
$ printf 'Éclair au café\n42\n   \n(a) lower\n\tTabbed +proj\r\nnaïve caf\xe9 +latin1\n' > todo.txt

$ todo -p ls | cat -v
5 	Tabbed +proj
4 (a) lower
6 naM-CM-/ve cafM-i +latin1
1 M-CM-^Iclair au cafM-CM-)
--
TODO: 4 of 4 tasks shown

$ todo -p ls éclair
1 Éclair au café
--
TODO: 1 of 4 tasks shown

$ todo -p ls CAFÉ
1 Éclair au café
--
TODO: 1 of 4 tasks shown

$ todo -p ls caf | cat -v
6 naM-CM-/ve cafM-i +latin1
1 M-CM-^Iclair au cafM-CM-)
--
TODO: 2 of 4 tasks shown

$ todo lsprj
+latin1
+proj

$ echo "from standard input" | todo add
7 from standard input
TODO: 7 added.

$ todo add < /dev/null
8 
TODO: 8 added.

$ todo -f append 2 done
2 42 done

$ todo append 5 more
5 	Tabbed +proj more

$ cat -A todo.txt
M-CM-^Iclair au cafM-CM-)$
42 done$
   $
(a) lower$
^ITabbed +proj more^M$
naM-CM-/ve cafM-i +latin1$
from standard input$
$

$ todo -p ls -n
5 	Tabbed +proj more
4 (a) lower
1 Éclair au café
--
TODO: 3 of 6 tasks shown

