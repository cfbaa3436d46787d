# todo.txt in git: the merge driver (the README, "Keeping todo.txt in git")
$ export GIT_CONFIG_GLOBAL=$HOME/.gitconfig; git config --global user.name Test; git config --global user.email t@example.com; git config --global init.defaultBranch main; git config --global advice.detachedHead false

$ todo git setup
todo: git setup: $HOME is not in a git repository
? 1

$ git init -q repo && cd repo && todo git check
problem: todo.txt has no 'merge=todotxt' attribute; run 'todo git setup'
problem: done.txt has no 'merge=todotxt' attribute; run 'todo git setup'
problem: merge.todotxt.driver is not set in this clone, so git silently falls back to a text merge; run 'todo git setup'
? 1

$ cd repo && todo git setup | sed 's#= .*/todo. merge#= .../todo merge#'
added 'todo.txt merge=todotxt' to .gitattributes
added 'done.txt merge=todotxt' to .gitattributes
added '.todo.txt.tmp-*' to .gitignore
added '.done.txt.tmp-*' to .gitignore
set merge.todotxt.name = todo.txt three-way merge (todo merge)
set merge.todotxt.driver = .../todo merge %O %A %B --marker-size %L --path %P

$ cd repo && todo git setup
git is already set up to merge todo.txt and done.txt with todo

$ cd repo && cat .gitattributes .gitignore && git config --get merge.todotxt.name
todo.txt merge=todotxt
done.txt merge=todotxt
.todo.txt.tmp-*
.done.txt.tmp-*
todo.txt three-way merge (todo merge)

# the lock-file lines an earlier version added are removed; other lines stay
$ cd repo && printf '.todo.txt.lock\nbuild/\n.done.txt.lock\n.report.txt.lock\n' >> .gitignore && todo git setup && cat .gitignore
removed '.todo.txt.lock' from .gitignore
removed '.done.txt.lock' from .gitignore
removed '.report.txt.lock' from .gitignore
.todo.txt.tmp-*
.done.txt.tmp-*
build/

$ cd repo && todo git setup
git is already set up to merge todo.txt and done.txt with todo

$ cd repo && todo git check | sed 's#runs .*/todo$#runs .../todo#'
ok: todo.txt uses the todotxt merge driver (.gitattributes)
ok: done.txt uses the todotxt merge driver (.gitattributes)
ok: merge.todotxt.driver runs .../todo

# two branches add at the end of the file
$ cd repo && printf '(B) Call mom @phone\nPay rent +home due:2026-12-01\nBuy milk @store\n' > todo.txt && git add -A && git commit -qm base && echo ok
ok

$ cd repo && git checkout -qb other && printf 'Water plants\n' >> todo.txt && git commit -qam theirs-add && git checkout -q main && printf 'Book dentist\n' >> todo.txt && git commit -qam ours-add && git merge -q other -m merge && cat todo.txt
Auto-merging todo.txt
(B) Call mom @phone
Pay rent +home due:2026-12-01
Buy milk @store
Book dentist
Water plants

# done on one side, re-prioritised on the other: done wins, no conflict
$ cd repo && git checkout -q other && git merge -q main && TODOTXT_NOW=2026-11-23 todo -a do 1 >/dev/null && git commit -qam done && git checkout -q main && todo pri 1 A >/dev/null && git commit -qam pri && git merge -q other -m merge2 && cat todo.txt
Auto-merging todo.txt
x 2026-11-23 Call mom @phone
Pay rent +home due:2026-12-01
Buy milk @store
Book dentist
Water plants

# an edit against a delete: a conflict in place, one line on stderr, exit 1
$ cd repo && git checkout -q other && git merge -q main && todo append 2 "by Friday" >/dev/null && git commit -qam edit && git checkout -q main && todo -f del 2 >/dev/null && git commit -qam delete && git merge other -m merge3 >/dev/null 2>err.txt; echo "status $?"; grep -v '^Auto-merging\|^CONFLICT\|^Automatic' err.txt; cat todo.txt
status 1
todo.txt: conflict: deleted in ours and modified in theirs: "Pay rent +home due:2026-12-01 by Friday"
x 2026-11-23 Call mom @phone
<BLANK>
<<<<<<< ours
||||||| base
Pay rent +home due:2026-12-01
=======
Pay rent +home due:2026-12-01 by Friday
>>>>>>> theirs
Buy milk @store
Book dentist
Water plants

$ cd repo && git checkout -q -- . 2>/dev/null; git merge --abort && git status --short
?? done.txt
?? err.txt
?? report.txt

# reordering on one side and an edit on the other
$ cd repo && git checkout -q other && git reset -q --hard main && printf 'Call mom\nPay rent\nBuy milk\n' > todo.txt && git commit -qam abc && git checkout -q main && git merge -q other && git checkout -q other && printf 'Buy milk\nCall mom\nPay rent\n' > todo.txt && git commit -qam reorder && git checkout -q main && printf 'Call mom\n(A) Pay rent due:2026-12-01\nBuy milk\n' > todo.txt && git commit -qam edit && git merge -q other -m merge4 && cat todo.txt
Auto-merging todo.txt
Buy milk
Call mom
(A) Pay rent due:2026-12-01

# a rebase swaps ours and theirs
$ cd repo && git checkout -q -b feature && printf 'Buy milk\nCall mom\n(A) Pay rent due:2026-12-01\nfeature task\n' > todo.txt && git commit -qam feature && git checkout -q main && printf 'Buy milk\nmain task\nCall mom @phone\n(A) Pay rent due:2026-12-01\n' > todo.txt && git commit -qam main-task && git checkout -q feature && git rebase -q main && cat todo.txt
Buy milk
main task
Call mom @phone
(A) Pay rent due:2026-12-01
feature task

# the driver on its own
$ printf 'a\nb\n' > base.txt; printf 'a\nb\nours\n' > ours.txt; printf 'a\nb\ntheirs\n' > theirs.txt

$ todo merge base.txt ours.txt theirs.txt; cat ours.txt
a
b
ours
theirs

$ printf '(A) task\n' > base.txt; printf '(B) task\n' > ours.txt; printf '(C) task\n' > theirs.txt

$ todo merge base.txt ours.txt theirs.txt --marker-size 3 --path todo.txt; cat ours.txt
todo.txt: conflict: priority changed to (B) in ours and to (C) in theirs: "task"
<<< ours
(B) task
||| base
(A) task
===
(C) task
>>> theirs

$ todo merge base.txt ours.txt
todo: merge: needs three files, BASE OURS THEIRS
usage: todo merge BASE OURS THEIRS [--marker-size N] [--path NAME]
? 2

$ todo merge base.txt ours.txt theirs.txt --marker-size x
todo: merge: invalid marker size 'x'
usage: todo merge BASE OURS THEIRS [--marker-size N] [--path NAME]
? 2

$ todo merge base.txt nothere.txt theirs.txt
todo: cannot read $HOME/nothere.txt: No such file or directory
? 1

