# An archive on one branch against an edit on the other: the merge driver reads each side's
# done.txt from the commits being merged, so the task stays archived (or the edited task stays
# open), with no conflict, in a merge and in a rebase
$ export GIT_CONFIG_GLOBAL=$HOME/.gitconfig; git config --global user.name Test; git config --global user.email t@example.com; git config --global init.defaultBranch main; git config --global advice.detachedHead false

$ git init -q repo && cd repo && todo git setup >/dev/null && printf '(B) Call mom @phone\nx 2026-11-20 Pay rent\nBuy milk @store\n' > todo.txt && printf 'x 2026-11-01 Old task\n' > done.txt && git add -A && git commit -qm base && git tag base && echo ok
ok

# merge: archived in ours, reworded in theirs: the reworded task is kept, with a note
$ cd repo && git checkout -qb edit base && todo append 2 +home >/dev/null && git commit -qam edit && git checkout -q main && todo archive >/dev/null && git commit -qam archive && git merge -q edit -m merge 2>&1 | grep -v '^Auto-merging'; echo "status ${PIPESTATUS[0]}"; cat todo.txt; echo ---; cat done.txt
todo.txt: kept: archived in ours but edited in theirs: "Pay rent +home"
status 0
(B) Call mom @phone
x 2026-11-20 Pay rent +home
Buy milk @store
---
x 2026-11-01 Old task
x 2026-11-20 Pay rent

# merge: archived in theirs, re-prioritised in ours: it stays archived
$ cd repo && git checkout -qb archived base && todo do 1 >/dev/null && todo archive >/dev/null && git commit -qam archive && git checkout -qb pri base && todo pri 1 A >/dev/null && git commit -qam pri && git merge -q archived -m merge; echo "status $?"; cat todo.txt; echo ---; cat done.txt
Auto-merging todo.txt
status 0
Buy milk @store
---
x 2026-11-01 Old task
x 2026-11-22 Call mom @phone
x 2026-11-20 Pay rent

# the same without the driver's done files (a plain todo merge) is a delete/modify conflict
$ cd repo && git show base:todo.txt > b.txt && git show pri^1:todo.txt > o.txt && git show archived:todo.txt > t.txt && todo merge b.txt o.txt t.txt >/dev/null; echo "status $?"; rm b.txt o.txt t.txt
o.txt: conflict: deleted in theirs and modified in ours: "Call mom @phone"
status 1

# rebase: the archive replayed onto a re-prioritisation stays archived
$ cd repo && git checkout -q archived && git rebase -q pri; echo "status $?"; cat todo.txt; echo ---; cat done.txt
status 0
Buy milk @store
---
x 2026-11-01 Old task
x 2026-11-22 Call mom @phone
x 2026-11-20 Pay rent

# rebase: a rewording replayed onto an archive keeps the reworded task open
$ cd repo && git checkout -qb reword base && todo append 1 tonight >/dev/null && git commit -qam reword && git rebase -q archived 2>&1 | grep -v 'Rebasing\|Successfully'; echo "status ${PIPESTATUS[0]}"; cat todo.txt; echo ---; cat done.txt; git status --short
todo.txt: kept: archived in ours but edited in theirs: "Call mom @phone tonight"
status 0
(B) Call mom @phone tonight
Buy milk @store
---
x 2026-11-01 Old task
x 2026-11-22 Call mom @phone
x 2026-11-20 Pay rent
?? report.txt
