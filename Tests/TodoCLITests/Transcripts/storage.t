# How todo writes your files (the README): refusals, final newlines, no files of its own
$ todo --file $HOME/missing/dir/todo.txt add x; ls missing 2>&1 | sed 's/^ls: //'
todo: cannot write $HOME/missing/dir/todo.txt: the directory $HOME/missing/dir does not exist
cannot access 'missing': No such file or directory

$ TODO_DIR=$HOME/nowhere todo add x
todo: cannot write $HOME/nowhere/todo.txt: the directory $HOME/nowhere does not exist
? 1

# a TODO_DIR from a configuration file is created, as todo.sh does
$ printf 'export TODO_DIR=%s/made\n' "$HOME" > cfg && todo -d cfg add x && ls made
1 x
TODO: 1 added.
done.txt
report.txt
todo.txt

# a symbolic link loop is refused, for listing too
$ ln -s loop.txt loop.txt && todo --file $HOME/loop.txt ls
todo: cannot read $HOME/loop.txt: Too many levels of symbolic links
? 1

$ todo --file $HOME/loop.txt add x
todo: cannot create $HOME/loop.txt: Too many levels of symbolic links
? 1

# deleting the last line of a file without a final newline leaves no empty line
$ printf 'a\nb' > todo.txt && todo -f del 2 && od -An -c todo.txt
2 b
TODO: 2 deleted.
   a  \n

$ printf 'a' > todo.txt && printf 'z\n' > other.txt && todo -f mv 1 other.txt && od -An -c todo.txt; cat other.txt
1 a
TODO: 1 moved to 2 in OTHER.
z
a

# add appends in place: same inode, no lock file, no temporary file (.local is the undo
# history, under $HOME, which here is also the todo file's directory)
$ printf 'a\n' > todo.txt && before=$(stat -c %i todo.txt) && todo add b >/dev/null && test "$(stat -c %i todo.txt)" = "$before" && cat todo.txt && ls -A | grep -vx .local
a
b
cfg
done.txt
loop.txt
made
other.txt
report.txt
todo.txt
