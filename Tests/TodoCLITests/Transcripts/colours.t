# colours set in a config: priorities, done, and the word colours (TodoShCompatibility.md §6.4)
$ mkdir -p .todo && printf 'export PRI_A=$LIGHT_RED\nexport PRI_X=$CYAN\nexport COLOR_DONE=$DARK_GREY\nexport COLOR_PROJECT=$PURPLE\nexport COLOR_CONTEXT=$BROWN\nexport COLOR_DATE=$BLUE\nexport COLOR_NUMBER=$LIGHT_GREEN\nexport COLOR_META=$LIGHT_CYAN\n' > .todo/config

$ printf '(A) 2026-11-01 call +family @phone due:2026-11-30 seti@home lost+found\n(Q) quiet\nx 2026-11-02 done +old\nplain 42 words\n' > todo.txt

$ todo ls | cat -v
^[[1;31m^[[1;32m1^[[0m^[[1;31m (A) ^[[0;34m2026-11-01^[[0m^[[1;31m call ^[[0;35m+family^[[0m^[[1;31m ^[[0;33m@phone^[[0m^[[1;31m ^[[1;36mdue:2026-11-30^[[0m^[[1;31m seti@home lost+found^[[0m
^[[0;36m^[[1;32m2^[[0m^[[0;36m (Q) quiet^[[0m
^[[1;32m4^[[0m plain 42 words
^[[1;30m^[[1;32m3^[[0m^[[1;30m x ^[[0;34m2026-11-02^[[0m^[[1;30m done ^[[0;35m+old^[[0m^[[1;30m^[[0m
--
TODO: 4 of 4 tasks shown

$ todo -@ ls | cat -v
^[[1;31m^[[1;32m1^[[0m^[[1;31m (A) ^[[0;34m2026-11-01^[[0m^[[1;31m call ^[[0;35m+family^[[0m^[[1;31m ^[[1;36mdue:2026-11-30^[[0m^[[1;31m seti@home lost+found^[[0m
^[[0;36m^[[1;32m2^[[0m^[[0;36m (Q) quiet^[[0m
^[[1;32m4^[[0m plain 42 words
^[[1;30m^[[1;32m3^[[0m^[[1;30m x ^[[0;34m2026-11-02^[[0m^[[1;30m done ^[[0;35m+old^[[0m^[[1;30m^[[0m
--
TODO: 4 of 4 tasks shown

$ PRI_A='\\033[0;30m' todo ls | cat -v
^[[1;31m^[[1;32m1^[[0m^[[1;31m (A) ^[[0;34m2026-11-01^[[0m^[[1;31m call ^[[0;35m+family^[[0m^[[1;31m ^[[0;33m@phone^[[0m^[[1;31m ^[[1;36mdue:2026-11-30^[[0m^[[1;31m seti@home lost+found^[[0m
^[[0;36m^[[1;32m2^[[0m^[[0;36m (Q) quiet^[[0m
^[[1;32m4^[[0m plain 42 words
^[[1;30m^[[1;32m3^[[0m^[[1;30m x ^[[0;34m2026-11-02^[[0m^[[1;30m done ^[[0;35m+old^[[0m^[[1;30m^[[0m
--
TODO: 4 of 4 tasks shown

$ todo -p ls | cat -v
1 (A) 2026-11-01 call +family @phone due:2026-11-30 seti@home lost+found
2 (Q) quiet
4 plain 42 words
3 x 2026-11-02 done +old
--
TODO: 4 of 4 tasks shown

$ printf "export PRI_B='\${color yellow}'\nexport DEFAULT='\${color}'\n" > .todo/config

$ printf '(B) conky\n' > todo.txt

$ todo ls
${color yellow}1 (B) conky${color}
--
TODO: 1 of 1 tasks shown


# a CRLF file lists as its LF twin: the CR is no part of the last word, which is coloured
$ printf 'export PRI_A=$LIGHT_RED\nexport COLOR_DONE=$DARK_GREY\nexport COLOR_PROJECT=$PURPLE\nexport COLOR_CONTEXT=$BROWN\nexport COLOR_DATE=$BLUE\nexport COLOR_NUMBER=$LIGHT_GREEN\n' > .todo/config

$ printf 'x 2026-11-02 done +old\r\n(A) call @phone\r\n' > crlf.txt

$ todo lf crlf.txt | cat -v
^[[1;31m^[[1;32m2^[[0m^[[1;31m (A) call ^[[0;33m@phone^[[0m^[[1;31m^[[0m
^[[1;30m^[[1;32m1^[[0m^[[1;30m x ^[[0;34m2026-11-02^[[0m^[[1;30m done ^[[0;35m+old^[[0m^[[1;30m^[[0m
--
CRLF: 2 of 2 tasks shown
