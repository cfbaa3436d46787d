;;; emacs-eglot-check.el --- Emacs and eglot as the language server's client  -*- lexical-binding: t; -*-

;; Emacs in batch mode opens a todo.txt buffer, starts `todo language-server' through eglot,
;; and checks the diagnostics flymake shows and a completion.  Exits 0 when both are right,
;; 1 (with the reason) when not.
;;
;;   TODO_LSP_CMD="/path/to/todo language-server" emacs --batch -l Tests/Editors/emacs-eglot-check.el
;;
;; Works with Emacs 28 and Debian's elpa-eglot, and with Emacs 29 and later (eglot built in).

(require 'package)
(package-initialize)
(require 'eglot)
(require 'flymake)
(require 'cl-lib)
(require 'subr-x)

(defun todo-check-fail (format-string &rest arguments)
  (princ (concat "emacs-eglot-check: " (apply #'format format-string arguments) "\n")
         #'external-debugging-output)
  (kill-emacs 1))

(define-derived-mode todo-txt-mode text-mode "todo.txt")

(let* ((command (getenv "TODO_LSP_CMD"))
       (directory (file-name-as-directory (make-temp-file "todo-eglot" t)))
       (path (concat directory "todo.txt")))
  (unless (and command (> (length command) 0))
    (todo-check-fail "set TODO_LSP_CMD to the server command"))
  (with-temp-file path
    (insert "(A) 2026-11-20 call mom +family @phone\n"
            "X pay rent +home due:2026-02-30\n"
            "plan trip +family \n"
            "buy milk +\n"))
  (with-temp-file (concat directory "done.txt")
    (insert "x 2026-11-01 old +garden\n"))
  ;; The directory is the project.
  (add-hook 'project-find-functions (lambda (_) (cons 'transient directory)))
  (add-to-list 'eglot-server-programs
               (cons 'todo-txt-mode (split-string command " " t)))
  (find-file path)
  (todo-txt-mode)
  (eglot-ensure)
  ;; eglot-ensure connects from a hook after the command loop; run it now.
  (let ((deadline (+ (float-time) 20)))
    (while (and (not (eglot-current-server)) (< (float-time) deadline))
      (run-hooks 'post-command-hook)
      (accept-process-output nil 0.1)))
  (unless (eglot-current-server)
    (todo-check-fail "eglot did not connect to %s" command))
  (let ((deadline (+ (float-time) 20)))
    (while (and (< (length (flymake-diagnostics)) 3) (< (float-time) deadline))
      (flymake-start)
      (accept-process-output nil 0.1)))
  ;; eglot shows each as "SOURCE [CODE]: MESSAGE" (the form varies between versions), so
  ;; the place, the code and the message are checked separately.
  (let* ((seen (sort (mapcar (lambda (diagnostic)
                               (save-excursion
                                 (goto-char (flymake-diagnostic-beg diagnostic))
                                 (list (format "%d:%d-%d"
                                               (1- (line-number-at-pos))
                                               (current-column)
                                               (- (flymake-diagnostic-end diagnostic)
                                                  (line-beginning-position)))
                                       (flymake-diagnostic-text diagnostic))))
                             (flymake-diagnostics))
                     (lambda (a b) (string< (car a) (car b)))))
         (expected '(("1:0-1" "uppercase-done-mark"
                      "'X ' does not mark a task done; write a lower-case 'x '")
                     ("1:21-31" "invalid-date"
                      "invalid date '2026-02-30' in due:, there is no such day")
                     ("2:17-18" "trailing-whitespace" "trailing whitespace"))))
    (unless (= (length seen) (length expected))
      (todo-check-fail "expected %d diagnostics, got %S" (length expected) seen))
    (cl-loop for (place text) in seen
             for (want-place code message) in expected
             unless (and (equal place want-place)
                         (string-match-p (regexp-quote code) text)
                         (string-suffix-p message text))
             do (todo-check-fail "diagnostic %s %S, expected %s %s %S"
                                 place text want-place code message)))
  ;; Completion after the `+' on the last line.
  (goto-char (point-min))
  (forward-line 3)
  (end-of-line)
  (let* ((server (eglot-current-server))
         (result (jsonrpc-request server :textDocument/completion
                                  (eglot--TextDocumentPositionParams)))
         (items (if (vectorp result) result (plist-get result :items)))
         (labels (mapcar (lambda (item)
                           (format "%s (%s)" (plist-get item :label) (plist-get item :detail)))
                         items)))
    (unless (equal labels '("+family (2 tasks)" "+garden (1 task)" "+home (1 task)"))
      (todo-check-fail "completion labels: %S" labels)))
  (ignore-errors (eglot-shutdown (eglot-current-server)))
  (princ "emacs-eglot-check: diagnostics and completion are right\n")
  (kill-emacs 0))
