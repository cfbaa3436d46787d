# todo query: the query language, sorting and formats (the README, "Querying tasks")
$ printf '(A) 2026-11-20 Call mom +family @phone due:2026-11-21\n(C) Pay rent +home due:2026-11-25 est:3\nx 2026-11-21 2026-11-01 Sent slides +work pri:B\n(B) Review "the" PR, today +work @computer due:2026-11-28 est:10\nRead a book +reading t:2027-01-01\nHidden chore h:1\n\nWater plants @home\nCafé visit +food\n' > todo.txt

$ todo query
1 (A) 2026-11-20 Call mom +family @phone due:2026-11-21
2 (C) Pay rent +home due:2026-11-25 est:3
4 (B) Review "the" PR, today +work @computer due:2026-11-28 est:10
8 Water plants @home
9 Café visit +food

$ todo query 'due<today'
1 (A) 2026-11-20 Call mom +family @phone due:2026-11-21

$ TODOTXT_NOW=2026-11-19 todo query due:today..eow
1 (A) 2026-11-20 Call mom +family @phone due:2026-11-21

$ todo query +work pri:A-B
4 (B) Review "the" PR, today +work @computer due:2026-11-28 est:10

$ todo query '+work and (pri:A or due<=+3d)'

$ todo query context:none
2 (C) Pay rent +home due:2026-11-25 est:3
9 Café visit +food

$ todo query -@phone +home*
2 (C) Pay rent +home due:2026-11-25 est:3

$ todo query --sort pri,text
1 (A) 2026-11-20 Call mom +family @phone due:2026-11-21
4 (B) Review "the" PR, today +work @computer due:2026-11-28 est:10
2 (C) Pay rent +home due:2026-11-25 est:3
9 Café visit +food
8 Water plants @home

$ todo query done 'completed>=-1w'
3 x 2026-11-21 2026-11-01 Sent slides +work pri:B

$ todo query 'est>2' --sort -tag:est
4 (B) Review "the" PR, today +work @computer due:2026-11-28 est:10
2 (C) Pay rent +home due:2026-11-25 est:3

$ todo query --all --sort -line --limit 3
9 Café visit +food
8 Water plants @home
6 Hidden chore h:1

$ todo query café
9 Café visit +food

$ todo query CAFÉ

$ todo query '/^\(A\)/' --format todotxt
(A) 2026-11-20 Call mom +family @phone due:2026-11-21

$ todo query +work --format json
[
{"line":4,"raw":"(B) Review \"the\" PR, today +work @computer due:2026-11-28 est:10","done":false,"priority":"B","completionDate":null,"creationDate":null,"description":"Review \"the\" PR, today +work @computer due:2026-11-28 est:10","projects":["work"],"contexts":["computer"],"tags":[["due","2026-11-28"],["est","10"]],"due":"2026-11-28"}
]

$ todo query @computer --format jsonl
{"line":4,"raw":"(B) Review \"the\" PR, today +work @computer due:2026-11-28 est:10","done":false,"priority":"B","completionDate":null,"creationDate":null,"description":"Review \"the\" PR, today +work @computer due:2026-11-28 est:10","projects":["work"],"contexts":["computer"],"tags":[["due","2026-11-28"],["est","10"]],"due":"2026-11-28"}

$ todo query +work --format csv
line,done,priority,completionDate,creationDate,description,projects,contexts,tags,due,t,raw
4,false,B,,,"Review ""the"" PR, today +work @computer due:2026-11-28 est:10",work,computer,due:2026-11-28 est:10,2026-11-28,,"(B) Review ""the"" PR, today +work @computer due:2026-11-28 est:10"

$ todo query due:any --format '{due} {line} {text}' --sort due --limit 2
2026-11-21 1 Call mom +family @phone due:2026-11-21
2026-11-25 2 Pay rent +home due:2026-11-25 est:3

$ todo query nothing-matches --format json
[]

$ todo query nothing-matches --format csv
line,done,priority,completionDate,creationDate,description,projects,contexts,tags,due,t,raw

$ todo query 'pri:AA'
todo: query: invalid priority 'AA' at column 5; expected a letter A-Z or a range like A-C
? 2

$ todo query '+work and )'
todo: query: unexpected ')' at column 11; expected a term
? 2

$ todo query --sort prio
todo: query: unknown sort key 'prio'; expected one of: pri, due, t, created, completed, line, text, done, project, context, tag:KEY
? 2

$ todo query --format xml
todo: query: unknown format 'xml'; expected one of: text, todotxt, json, jsonl, csv, a template like '{line} {text}'
? 2

$ todo query due:notadate
todo: query: invalid date 'notadate' at column 5; expected one of: YYYY-MM-DD, today, tomorrow, yesterday, an offset like +3d, -2w, +1m, +1y or +5b, a weekday like mon, eow, eom, eoy
? 2

$ todo query --bogus
todo: query: unknown option '--bogus'; expected one of: --sort, --format, --all, --limit, --
? 2

$ TODOTXT_NOW=2026-11-30 todo query 'due<today'
1 (A) 2026-11-20 Call mom +family @phone due:2026-11-21
2 (C) Pay rent +home due:2026-11-25 est:3
4 (B) Review "the" PR, today +work @computer due:2026-11-28 est:10

$ TODOTXT_NOW=@1795996800 todo query 'due<today' --format '{line}'
1
2
4

$ todo query 'due<today' --format '{line} {nosuch}'
todo: query: unknown format field '{nosuch}'; expected one of: {line}, {raw}, {text}, {pri}, {created}, {completed}, {due}, {t}, {projects}, {contexts}, {tag:KEY}
? 2

$ TODOTXT_NOW=soon todo query
todo: invalid TODOTXT_NOW 'soon'; expected YYYY-MM-DD, YYYY-MM-DDTHH:MM:SS or @SECONDS
? 2

