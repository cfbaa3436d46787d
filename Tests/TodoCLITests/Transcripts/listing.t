# the listing pipeline (TodoShCompatibility.md §6)
$ printf '(B) bee\nzeta\n_under\n(a) lower\nApple\n\n2 things\n10 things\n42\nbanana\n[bracket\n(A) ay\nx 2020-01-01 done\n\tindented\n' > todo.txt

$ todo -p ls
14 	indented
12 (A) ay
04 (a) lower
01 (B) bee
08 10 things
07 2 things
05 Apple
10 banana
13 x 2020-01-01 done
02 zeta
11 [bracket
03 _under
--
TODO: 12 of 12 tasks shown

$ todo -p list thing
08 10 things
07 2 things
--
TODO: 2 of 12 tasks shown

$ todo -p ls -thing -a
14 	indented
01 (B) bee
13 x 2020-01-01 done
03 _under
--
TODO: 4 of 12 tasks shown

$ todo -p ls 'b\|z'
01 (B) bee
10 banana
02 zeta
11 [bracket
--
TODO: 4 of 12 tasks shown

$ todo -p ls '^ *3 '
03 _under
--
TODO: 1 of 12 tasks shown

$ todo -p ls 2
12 (A) ay
07 2 things
13 x 2020-01-01 done
02 zeta
--
TODO: 4 of 12 tasks shown

$ todo -p ls '[unclosed'
todo: invalid search term '[unclosed': Unmatched [, [^, [:, [., or [=
? 1

$ todo -p -vv ls bee -zeta
01 (B) bee
TODO DEBUG: Filter Command was: grep -i bee | grep -v -i zeta
--
TODO: 1 of 12 tasks shown

$ todo -p -v ls
14 	indented
12 (A) ay
04 (a) lower
01 (B) bee
08 10 things
07 2 things
05 Apple
10 banana
13 x 2020-01-01 done
02 zeta
11 [bracket
03 _under
--
TODO: 12 of 12 tasks shown

$ TODOTXT_VERBOSE=0 todo -p ls A
12 (A) ay
04 (a) lower
05 Apple
10 banana
02 zeta
11 [bracket

$ todo -p -P ls '(A)'
12 ay
04 (a) lower
--
TODO: 2 of 12 tasks shown

$ printf '(A) call mom @phone +family due:2026-11-30\n(B) pay +bills @home 2026-11-01\nx 2026-11-02 old +done\nplain 12 words key:val\n(D) dee\n' > todo.txt

$ todo ls
[1;33m1 (A) call mom @phone +family due:2026-11-30[0m
[0;32m2 (B) pay +bills @home 2026-11-01[0m
[1;37m5 (D) dee[0m
4 plain 12 words key:val
[0;37m3 x 2026-11-02 old +done[0m
--
TODO: 5 of 5 tasks shown

$ todo -c ls
[1;33m1 (A) call mom @phone +family due:2026-11-30[0m
[0;32m2 (B) pay +bills @home 2026-11-01[0m
[1;37m5 (D) dee[0m
4 plain 12 words key:val
[0;37m3 x 2026-11-02 old +done[0m
--
TODO: 5 of 5 tasks shown

$ NO_COLOR=1 todo ls
1 (A) call mom @phone +family due:2026-11-30
2 (B) pay +bills @home 2026-11-01
5 (D) dee
4 plain 12 words key:val
3 x 2026-11-02 old +done
--
TODO: 5 of 5 tasks shown

$ NO_COLOR=1 todo -c ls
[1;33m1 (A) call mom @phone +family due:2026-11-30[0m
[0;32m2 (B) pay +bills @home 2026-11-01[0m
[1;37m5 (D) dee[0m
4 plain 12 words key:val
[0;37m3 x 2026-11-02 old +done[0m
--
TODO: 5 of 5 tasks shown

$ todo -p -@ ls
1 (A) call mom +family due:2026-11-30
2 (B) pay +bills 2026-11-01
5 (D) dee
4 plain 12 words key:val
3 x 2026-11-02 old +done
--
TODO: 5 of 5 tasks shown

$ todo -p -+ ls
1 (A) call mom @phone due:2026-11-30
2 (B) pay @home 2026-11-01
5 (D) dee
4 plain 12 words key:val
3 x 2026-11-02 old
--
TODO: 5 of 5 tasks shown

$ todo -p -@@ ls phone
1 (A) call mom @phone +family due:2026-11-30
--
TODO: 1 of 5 tasks shown

$ HIDE_CUSTOM_SUBSTITUTION='due:[0-9-]*' todo -p ls mom
1 (A) call mom @phone +family 
--
TODO: 1 of 5 tasks shown

$ TODOTXT_FINAL_FILTER="sed 's/^\(..\{10\}\).....*$/\1.../'" todo -p ls
1 (A) call ...
2 (B) pay +...
5 (D) dee
4 plain 12 ...
3 x 2026-11...
--
TODO: 5 of 5 tasks shown

$ TODOTXT_FINAL_FILTER='grep -v bills' todo -p ls
1 (A) call mom @phone +family due:2026-11-30
5 (D) dee
4 plain 12 words key:val
3 x 2026-11-02 old +done
--
TODO: 4 of 5 tasks shown

$ TODOTXT_FINAL_FILTER='grep -v bills' todo -p -x ls
1 (A) call mom @phone +family due:2026-11-30
2 (B) pay +bills @home 2026-11-01
5 (D) dee
4 plain 12 words key:val
3 x 2026-11-02 old +done
--
TODO: 5 of 5 tasks shown

$ TODOTXT_SORT_COMMAND='sort -r' todo -p ls
5 (D) dee
4 plain 12 words key:val
3 x 2026-11-02 old +done
2 (B) pay +bills @home 2026-11-01
1 (A) call mom @phone +family due:2026-11-30
--
TODO: 5 of 5 tasks shown

