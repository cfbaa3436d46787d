# invocation, options, help (TodoShCompatibility.md §1, §2, §5.22)
$ todo
Usage: todo [-fhpantvV] [-d todo_config] action [task_number] [task_description]
Try 'todo -h' for more information.
? 1

$ todo -Z ls
Usage: todo [-fhpantvV] [-d todo_config] action [task_number] [task_description]
Try 'todo -h' for more information.
? 1

$ todo -d
Usage: todo [-fhpantvV] [-d todo_config] action [task_number] [task_description]
Try 'todo -h' for more information.
? 1

$ todo LS
--
TODO: 0 of 0 tasks shown

$ todo frobnicate
Usage: todo [-fhpantvV] [-d todo_config] action [task_number] [task_description]
Try 'todo -h' for more information.
? 1

$ todo command
Usage: todo [-fhpantvV] [-d todo_config] action [task_number] [task_description]
Try 'todo -h' for more information.
? 1

$ todo -V | head -1
todo 1.0.0

$ todo --version | head -1
todo 1.0.0

$ todo -h | head -3
  Usage: todo [-fhpantvV] [-d todo_config] action [task_number] [task_description]

  Actions:

$ todo help | grep -E '^  [A-Z]'
  Usage: todo [-fhpantvV] [-d todo_config] action [task_number] [task_description]
  Options:
  Built-in Actions:

$ todo -vv help | grep -E '^  [A-Z]'
  Usage: todo [-fhpantvV] [-d todo_config] action [task_number] [task_description]
  Options:
  Environment variables:
  Built-in Actions:

$ todo help append
    append NR "TEXT TO APPEND"
    app NR "TEXT TO APPEND"
      Adds text at the end of task NR, after a space (none before , . : ;).
<BLANK>

$ todo help app
    app NR "TEXT TO APPEND"
      Adds text at the end of task NR, after a space (none before , . : ;).
<BLANK>

$ todo help ls nosuch
    ls [TERM...]
      Lists the tasks, sorted, with their numbers. Only tasks matching every TERM are
      shown; -TERM hides the matches. Terms are case-insensitive basic regular
      expressions matched against the numbered line.

TODO: No action "nosuch" exists.
? 1

$ todo help nosuch
TODO: No action "nosuch" exists.
? 1

$ TODOTXT_DEFAULT_ACTION='add +foo @bar "baz  qux"' todo
1 +foo @bar baz  qux
TODO: 1 added.

$ TODOTXT_DEFAULT_ACTION='ls' todo -p
1 +foo @bar baz  qux
--
TODO: 1 of 1 tasks shown

$ TODOTXT_DEFAULT_ACTION="add 'unterminated" todo
todo: TODOTXT_DEFAULT_ACTION has an unterminated quote
? 1

$ todo -p ls
1 +foo @bar baz  qux
--
TODO: 1 of 1 tasks shown

