# TODOTXT_GIT_COMMIT=1: every writing command commits its own change, only the todo files
$ export GIT_CONFIG_GLOBAL=$HOME/.gitconfig; git config --global user.name Test; git config --global user.email t@example.com; git config --global init.defaultBranch main

$ git init -q repo && cd repo && mkdir notes && touch notes/todo.txt && echo draft > notes.md && git add notes.md && cd notes && export TODOTXT_GIT_COMMIT=1 && todo add "Call mom @phone" && todo add "Buy milk" && todo pri 2 A && todo do 1 && git log --format=%s && git show --name-only --format= HEAD && git status --short -uno ..
1 Call mom @phone
TODO: 1 added.
2 Buy milk
TODO: 2 added.
2 (A) Buy milk
TODO: 2 prioritized (A).
1 x 2026-11-22 Call mom @phone
TODO: 1 marked as done.
x 2026-11-22 Call mom @phone
TODO: $HOME/repo/notes/todo.txt archived.
todo: complete 1
todo: edit 1
todo: add 1
todo: add 1
notes/done.txt
notes/todo.txt
A  ../notes.md

# the message counts what changed, task by task
$ cd repo/notes && export TODOTXT_GIT_COMMIT=1 && todo add "Water plants" >/dev/null && todo replace 1 "Buy oat milk" >/dev/null && todo -f del 2 >/dev/null && git log -3 --format=%s && git show --stat --format= HEAD~1
todo: delete 1
todo: edit 1
todo: add 1
 notes/todo.txt | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

# a command that changes nothing commits nothing; a listing commits nothing
$ cd repo/notes && TODOTXT_GIT_COMMIT=1 todo pri 1 A 2>&1; TODOTXT_GIT_COMMIT=1 todo ls >/dev/null; git log --oneline | wc -l
1 (A) Buy oat milk
TODO: 1 already prioritized (A).
7

# from the config file too; the environment wins over it
$ cd repo/notes && printf 'export TODO_DIR=%s\nexport TODOTXT_GIT_COMMIT=1\n' "$PWD" > ../todo.cfg && todo -d ../todo.cfg add "From the config" >/dev/null && TODOTXT_GIT_COMMIT=0 todo -d ../todo.cfg add "Not committed" >/dev/null && git log -1 --format=%s && git status --short todo.txt
todo: add 1
 M todo.txt

# a git failure is one warning line; the change is kept
$ mkdir plain && cd plain && touch todo.txt && TODOTXT_GIT_COMMIT=1 todo add "No repository here" 2>&1; echo "status $?"; cat todo.txt
1 No repository here
TODO: 1 added.
todo: warning: TODOTXT_GIT_COMMIT: $HOME/plain is not in a git work tree; the change is not committed
status 0
No repository here

$ cd repo/notes && TODOTXT_GIT_COMMIT=1 PATH=$(dirname $(command -v todo)) todo add "No git" 2>&1; echo "status $?"; tail -1 todo.txt
5 No git
TODO: 5 added.
todo: warning: TODOTXT_GIT_COMMIT: git is not installed; the change is not committed
status 0
No git
