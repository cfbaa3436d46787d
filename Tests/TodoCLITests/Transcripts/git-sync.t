# todo git sync: three clones of a bare remote, the todo file in a subdirectory, concurrent
# changes on each, synced in turn until every clone holds the same bytes
$ export GIT_CONFIG_GLOBAL=$HOME/.gitconfig; git config --global user.name Test; git config --global user.email t@example.com; git config --global init.defaultBranch main; git config --global advice.detachedHead false

$ git init -q --bare remote.git && git clone -q remote.git a 2>/dev/null && cd a && mkdir notes && cd notes && printf '(B) Call mom @phone\nBuy milk @store\nPay rent +home\nWater plants\nFix the bike\n' > todo.txt && todo git sync
todo: git sync: git is not set up to merge the todo files with todo in $HOME/a; run 'todo git setup' there first
? 1

# the first sync of a fresh clone commits the todo files (only them) and creates the branch
$ cd a/notes && todo git setup >/dev/null && git add ../.gitattributes $(ls ../.gitignore 2>/dev/null) && git commit -qm setup && echo scratch > ../other.txt && git add ../other.txt && todo git sync && git log --format=%s && git status --short && git -C ../../remote.git ls-tree -r --name-only main | grep -v '^.gitignore$'
committed "todo: add 5"
pushed to origin/main
todo: add 5
setup
A  ../other.txt
.gitattributes
notes/todo.txt

$ cd a && git reset -q && rm other.txt && cd .. && git clone -q remote.git b && git clone -q remote.git c && (cd b/notes && todo git setup | grep -c '^set') && (cd c/notes && todo git setup >/dev/null && git config pull.rebase true) && echo cloned
2
cloned

# concurrent changes: a completes (and so archives) task 2, re-prioritises the next task and adds one
$ cd a/notes && todo do 2 >/dev/null && todo pri 2 A >/dev/null && todo add "Book dentist" >/dev/null && cat todo.txt
(B) Call mom @phone
(A) Pay rent +home
Water plants
Fix the bike
Book dentist

# b re-prioritises task 2 (which a archived), rewords task 4 and adds one
$ cd b/notes && todo pri 2 C >/dev/null && todo replace 4 "Water the plants" >/dev/null && todo add "Call the plumber" >/dev/null && cat todo.txt
(B) Call mom @phone
(C) Buy milk @store
Pay rent +home
Water the plants
Fix the bike
Call the plumber

# c deletes task 5, appends to task 1 and adds one; c rebases instead of merging
$ cd c/notes && todo -f del 5 >/dev/null && todo append 1 tonight >/dev/null && todo add "Renew passport" >/dev/null && cat todo.txt
(B) Call mom @phone tonight
Buy milk @store
Pay rent +home
Water plants

Renew passport

$ cd a/notes && todo git sync 2>&1
committed "todo: add 1, complete 1, edit 1"
up to date with origin/main
pushed to origin/main

$ cd b/notes && todo git sync 2>&1
committed "todo: add 1, edit 2"
merged origin/main
pushed to origin/main

$ cd c/notes && todo git sync 2>&1
committed "todo: add 1, edit 1, delete 1"
rebased onto origin/main
pushed to origin/main

$ cd a/notes && todo git sync 2>&1 && cd ../../b/notes && todo git sync 2>&1
merged origin/main
nothing to commit or push
merged origin/main
nothing to commit or push

# every clone holds the same bytes, with nothing left to commit
$ for f in todo.txt done.txt; do cmp a/notes/$f b/notes/$f && cmp a/notes/$f c/notes/$f && echo "$f: same bytes"; done; cat a/notes/todo.txt; echo ---; cat a/notes/done.txt; for clone in a b c; do git -C $clone status --short; done
todo.txt: same bytes
done.txt: same bytes
(B) Call mom @phone tonight
(A) Pay rent +home
Water the plants

Renew passport
Call the plumber
Book dentist
---
x 2026-11-22 Buy milk @store
?? notes/report.txt
?? notes/report.txt
?? notes/report.txt

# a conflict stops the sync with one message and leaves git's conflicted state
$ cd a/notes && todo pri 1 A >/dev/null && todo git sync >/dev/null 2>&1 && cd ../../b/notes && todo pri 1 C >/dev/null && todo git sync
committed "todo: edit 1"
notes/todo.txt: conflict: priority changed to (C) in ours and to (A) in theirs: "Call mom @phone tonight"
todo: git sync: merging origin/main left a conflict in notes/todo.txt; resolve it (todo edit, or an editor), then 'git add notes/todo.txt' and 'git commit', or undo it with 'git merge --abort'
? 1

$ cd b/notes && git status --short && todo git sync
UU todo.txt
?? report.txt
todo: git sync: a merge is in progress in $HOME/b; finish it (git merge --continue) or abort it (git merge --abort) first
? 1

$ cd b/notes && git merge --abort && git checkout -q --detach && todo git sync 2>&1; git checkout -q main
todo: git sync: HEAD is detached in $HOME/b; check out a branch first

# with pull.rebase, the conflict leaves a rebase in progress
$ cd c/notes && todo pri 1 D >/dev/null && todo git sync 2>&1; git status --short | grep todo; todo git sync 2>&1; git rebase --abort
committed "todo: edit 1"
notes/todo.txt: conflict: priority changed to (A) in ours and to (D) in theirs: "Call mom @phone tonight"
todo: git sync: rebasing onto origin/main left a conflict in notes/todo.txt; resolve it (todo edit, or an editor), then 'git add notes/todo.txt' and 'git rebase --continue', or undo it with 'git rebase --abort'
UU todo.txt
todo: git sync: a rebase is in progress in $HOME/c; finish it (git rebase --continue) or abort it (git rebase --abort) first

# without a remote, sync only commits
$ git init -q solo && cd solo && touch todo.txt && todo git setup >/dev/null && todo add "Only here" >/dev/null && todo git sync && git log --format=%s
committed "todo: add 1"
no upstream branch for main: nothing pulled or pushed (git push -u REMOTE main sets one)
todo: add 1

# without git, one line
$ cd solo && PATH=$(dirname $(command -v todo)) todo git sync
todo: git sync: git is not installed (no 'git' on PATH)
? 1

# a push that loses a race with another clone's push: fetch, merge and push once more
$ git clone -q remote.git d && cd d/notes && todo git setup >/dev/null && todo add "Pushed by d meanwhile" >/dev/null && git commit -qam "d meanwhile" && printf '#!/bin/sh\n[ -e "$HOME/raced" ] && exit 0\ntouch "$HOME/raced"\nunset GIT_DIR GIT_WORK_TREE\ngit -C "$HOME/d" push -q\nexit 0\n' > ../../a/.git/hooks/pre-push && chmod +x ../../a/.git/hooks/pre-push && cd ../../a/notes && todo add "Pushed by a" >/dev/null && todo git sync 2>&1; git log --format=%s -4 origin/main; tail -2 todo.txt
committed "todo: add 1"
up to date with origin/main
merged origin/main
pushed to origin/main
Merge remote-tracking branch 'origin/main'
todo: add 1
d meanwhile
todo: edit 1
Pushed by a
Pushed by d meanwhile

# at a terminal, sync offers to set git up before it pulls
$ git clone -q remote.git e && cd e/notes && { sleep 1; printf n; } | script -qec 'stty -echo; todo git sync' /dev/null | tr -d '\r' | sed 's/^nGit/Git/'; git config merge.todotxt.driver || echo "not set up"
Git is not set up to merge the todo files task by task here. Run 'todo git setup' now? (y/n) 
todo: git sync: not set up; run 'todo git setup' first
not set up

$ cd e/notes && todo add "From e" >/dev/null && { sleep 1; printf y; } | script -qec 'stty -echo; todo git sync' /dev/null | tr -d '\r' | sed 's/^yGit/Git/' | grep -v "^added '\|^set "; git config merge.todotxt.name && git log --format=%s -1 origin/main
Git is not set up to merge the todo files task by task here. Run 'todo git setup' now? (y/n) 
committed "todo: add 1"
up to date with origin/main
pushed to origin/main
todo.txt three-way merge (todo merge)
todo: add 1

# without an upstream, sync needs no merge driver: it only commits
$ git init -q fresh && cd fresh && touch todo.txt && todo add "Here" >/dev/null && todo git sync && git log --format=%s
committed "todo: add 1"
no upstream branch for main: nothing pulled or pushed (git push -u REMOTE main sets one)
todo: add 1

$ todo git sync now
todo: git: sync takes no arguments ('now')
usage: todo git setup|check|sync
? 2

$ todo git
usage: todo git setup|check|sync
? 2

# a recurring task completed on one clone while another clone edits a different task: the next
# occurrence comes with the completion, and after syncing both clones hold the same bytes
$ git clone -q remote.git f && git clone -q remote.git g && (cd f/notes && todo git setup >/dev/null) && (cd g/notes && todo git setup >/dev/null) && cd f/notes && todo add "Pay bills rec:+1m due:2026-11-30" >/dev/null && todo git sync >/dev/null 2>&1 && cd ../../g/notes && todo git sync >/dev/null 2>&1 && grep -c "Pay bills" todo.txt
1

$ cd f/notes && todo do $(grep -n "Pay bills" todo.txt | cut -d: -f1) | tail -2 && cd ../../g/notes && todo append 1 soon >/dev/null && cd ../../f/notes && todo git sync 2>&1 && cd ../../g/notes && todo git sync 2>&1 && cd ../../f/notes && todo git sync 2>&1
10 Pay bills rec:+1m due:2026-12-30
TODO: 10 added.
committed "todo: add 1, complete 1"
up to date with origin/main
pushed to origin/main
committed "todo: edit 1"
merged origin/main
pushed to origin/main
merged origin/main
nothing to commit or push

$ for f in todo.txt done.txt; do cmp f/notes/$f g/notes/$f && echo "$f: same bytes"; done; grep -h "Pay bills" f/notes/todo.txt f/notes/done.txt
todo.txt: same bytes
done.txt: same bytes
Pay bills rec:+1m due:2026-12-30
x 2026-11-22 Pay bills rec:+1m due:2026-11-30
