# add, addm, addto (TodoShCompatibility.md §5.2-5.4)
$ todo add "(b) Call mom @phone +family"
1 (B) Call mom @phone +family
TODO: 1 added.

$ todo a Pay   the rent
2 Pay the rent
TODO: 2 added.

$ todo -t add "(A) dated"
3 (A) 2026-11-22 dated
TODO: 3 added.

$ TODOTXT_PRIORITY_ON_ADD=C todo -t add hello
4 (C) 2026-11-22 hello
TODO: 4 added.

$ TODOTXT_PRIORITY_ON_ADD=cc todo ls
TODOTXT_PRIORITY_ON_ADD should be a capital letter from A to Z (it is now "cc").
? 1

$ todo -f add
usage: todo add "TODO ITEM"
? 1

$ todo addm "first
> second"
5 first
TODO: 5 added.
6 second
TODO: 6 added.

$ todo addto garden.txt "plant tulips"
TODO: Destination file $HOME/garden.txt does not exist.
? 1
