# edit: a fake editor (EDITOR) that runs `todo add "$ADD"` first when ADD is set, then applies
# the sed expression $SED to the file it is given (its last argument) and exits with $STATUS.
$ printf '#!/bin/sh\nfor file; do :; done\nprintf "%%s\\n" "$*" >> "$HOME/editor.log"\n[ -n "$ADD" ] && todo add "$ADD" > /dev/null\nsed -i "$SED" "$file"\nexit ${STATUS:-0}\n' > fake-editor && chmod +x fake-editor

$ printf '(A) call mom @phone\npay rent +home\nwater plants\n' > todo.txt

$ SED='' EDITOR="$HOME/fake-editor" todo edit
TODO: No changes.

$ SED='s/mom/dad/' VISUAL="$HOME/fake-editor" EDITOR=false todo edit 2
TODO: Saved $HOME/todo.txt.

$ cat todo.txt; sed 's/-[0-9a-f]*-todo/-RANDOM-todo/' editor.log
(A) call dad @phone
pay rent +home
water plants
/tmp/todo-RANDOM-todo.txt
+2 /tmp/todo-RANDOM-todo.txt

$ ADD='buy milk' SED='s/rent/bills/' EDITOR="$HOME/fake-editor" todo edit
TODO: Saved $HOME/todo.txt, merged with the changes made to it meanwhile.

$ cat todo.txt
(A) call dad @phone
pay bills +home
water plants
buy milk

$ TMPDIR="$HOME" ADD='' SED='1s/.*/(B) call dad @phone/' EDITOR='todo pri 1 C > /dev/null; '"$HOME/fake-editor" todo edit 2>&1 | sed 's/todo-[0-9a-f]*-todo/todo-RANDOM-todo/'; exit ${PIPESTATUS[0]}
todo: edit: $HOME/todo.txt changed while you edited it, and your edit conflicts with that:
  conflict: priority changed to (B) in your edit and to (C) in the file: "call dad @phone"
todo: edit: nothing was written; your edited copy is kept in $HOME/todo-RANDOM-todo.txt
? 1

$ cat todo.txt; cat todo-*-todo.txt; rm todo-*-todo.txt
(C) call dad @phone
pay bills +home
water plants
buy milk
(B) call dad @phone
pay bills +home
water plants
buy milk

$ STATUS=3 SED='s/water/drink/' EDITOR="$HOME/fake-editor" todo edit
todo: edit: the editor exited with status 3; nothing was written
? 1

$ cat todo.txt
(C) call dad @phone
pay bills +home
water plants
buy milk

$ SED='s/^water/X water/' EDITOR="$HOME/fake-editor" todo edit
$HOME/todo.txt:3:1: warning: 'X ' does not mark a task done; write a lower-case 'x '
TODO: Saved $HOME/todo.txt.

$ TMPDIR="$HOME" SED='' EDITOR="$HOME/fake-editor" todo edit x
todo: edit: 'x' is not a line number
? 2

$ TMPDIR="$HOME" SED='' EDITOR="$HOME/fake-editor" todo edit 1 2
usage: todo edit [NR]
? 2

$ ls
done.txt
editor.log
fake-editor
report.txt
todo.txt
