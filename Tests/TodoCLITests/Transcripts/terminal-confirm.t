# confirmations at a terminal take one key, without Enter (bash's read -N 1), under script(1)'s pty
$ printf 'one\ntwo\nthree\n' > todo.txt

$ printf y | script -qec "todo del 1" /dev/null > /dev/null; cat todo.txt
<BLANK>
two
three

$ printf n | script -qec "todo del 2" /dev/null > /dev/null; cat todo.txt
<BLANK>
two
three

$ : > garden.txt; printf y | script -qec "todo mv 3 garden.txt" /dev/null > /dev/null; cat todo.txt garden.txt
<BLANK>
two
<BLANK>
three

# at a terminal, add without text asks for it
$ printf 'typed at the prompt\n' | script -qec "todo add" /dev/null | tr -d '\r' | grep -c 'Add: '; tail -1 todo.txt
1
typed at the prompt

