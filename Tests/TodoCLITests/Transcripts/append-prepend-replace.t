# append, prepend, replace (TodoShCompatibility.md §5.10-5.12)
$ printf '(B) daisies\n2009-02-13 new task\n(A) 2009-02-13 old\n' > todo.txt

$ todo append 1 ", lilies"
1 (B) daisies, lilies

$ todo app 1 "and roses"
1 (B) daisies, lilies and roses

$ todo -f append 1
1 (B) daisies, lilies and roses 

$ todo append x more
usage: todo append NR "TEXT TO APPEND"
? 1

$ todo append 9 more
TODO: No task 9.
? 1

$ todo prepend 1 "test smell"
1 (B) test smell daisies, lilies and roses 

$ todo prep 2 "this is just a"
2 2009-02-13 this is just a new task

$ todo prepend 3 "2010-07-04 this"
3 (A) 2009-02-13 2010-07-04 this old

$ todo replace 3 new
3 (A) 2009-02-13 2010-07-04 this old
TODO: Replaced task with:
3 (A) 2009-02-13 new

$ todo replace 2 "(B) x"
2 2009-02-13 this is just a new task
TODO: Replaced task with:
2 (B) 2009-02-13 x

$ todo replace 3 "(B) 2010-07-04 y"
3 (A) 2009-02-13 new
TODO: Replaced task with:
3 (B) 2010-07-04 y

$ todo replace 1 "x 2021-01-01 done"
1 (B) test smell daisies, lilies and roses 
TODO: Replaced task with:
1 (B) x 2021-01-01 done

$ todo replace
usage: todo replace NR "UPDATED ITEM"
? 1

$ todo replace 8 foo
TODO: No task 8.
? 1

$ cat todo.txt
(B) x 2021-01-01 done
(B) 2009-02-13 x
(B) 2010-07-04 y

