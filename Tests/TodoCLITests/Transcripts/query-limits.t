# todo query on hostile input: nesting limits, long chains and regexes that must not hang
$ printf 'task aaaaaaaaaaaaaaaaaab\n(A) Call mom +family\nbuy milk and eggs please tomorrow morning before work starts today ok\n' > todo.txt

$ todo query "$(printf '(%.0s' {1..7000})one$(printf ')%.0s' {1..7000})"
todo: query: expression nested too deeply at column 257 (limit 256)
? 2

$ todo query "$(printf 'not %.0s' {1..10000})a"
todo: query: expression nested too deeply at column 1025 (limit 256)
? 2

$ todo query "$(printf '!%.0s' {1..10000})a"
todo: query: expression nested too deeply at column 257 (limit 256)
? 2

$ todo query "$(printf 'zz%.0s or ' {1..10000})milk"
3 buy milk and eggs please tomorrow morning before work starts today ok

$ todo query '/(a+)+$/'

$ todo query '/(a+)+b$/'
1 task aaaaaaaaaaaaaaaaaab

$ todo query '/^(\w+\s?)+$/'
1 task aaaaaaaaaaaaaaaaaab
3 buy milk and eggs please tomorrow morning before work starts today ok

$ todo query 'mom or /(a)\1/'
todo: query: backreference '\1' is not supported in a regex at column 12
? 2

$ todo query '/Call(?= mom)/'
todo: query: lookahead is not supported in a regex at column 6
? 2

$ todo query "/$(printf 'a%.0s' {1..5000})/"
todo: query: regex too long at column 1 (limit 4096 bytes)
? 2
