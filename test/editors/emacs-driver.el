;;; emacs-driver.el --- drives Emacs (batch) with the documented Eglot setup  -*- lexical-binding: t -*-
;; Loads $CM_CONFIG (integrations/emacs/cloud-manifests.el), opens $CM_FILE as a user would (yaml-mode,
;; whose hook runs eglot-ensure), waits for the server's diagnostics in Flymake, asks for a hover and
;; completes at point, edits the buffer and waits for the diagnostics to follow, then changes a setting.
;; What it sees goes to $CM_OUT as JSON; errors are recorded there too, and Emacs always exits.
(package-initialize)
(require 'json)
(require 'cl-lib)
(load (getenv "CM_CONFIG") nil t)

(defvar cm-out nil)
(defun cm-put (key value) (push (cons key value) cm-out))

(defun cm-wait (pred seconds)
  "Process events until PRED is non-nil or SECONDS pass; return PRED's last value."
  (let ((deadline (+ (float-time) seconds)) (v nil))
    (while (and (not (setq v (funcall pred))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    v))

(defun cm-diagnostics ()
  (mapcar (lambda (d)
            (let ((beg (flymake-diagnostic-beg d)))
              (list (cons 'line (1- (line-number-at-pos beg)))
                    (cons 'col (save-excursion (goto-char beg) (current-column)))
                    (cons 'type (symbol-name (flymake-diagnostic-type d)))
                    (cons 'text (flymake-diagnostic-text d)))))
          (sort (flymake-diagnostics) (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b))))))

(defun cm-goto (regexp)
  (goto-char (point-min))
  (re-search-forward regexp))

(condition-case err
    (progn
      (find-file (getenv "CM_FILE"))
      (cm-put 'mode (symbol-name major-mode))
      ;; eglot-ensure connects once the command that opened the file is over.
      (run-hooks 'post-command-hook)
      (cm-put 'server (and (cm-wait (lambda () (eglot-current-server)) 30) t))
      (flymake-start)
      (cm-put 'diagnostics (cm-wait #'cm-diagnostics 30))
      (cm-goto "^  kind: ")
      (backward-char 4)
      (let ((hover (jsonrpc-request (eglot-current-server) :textDocument/hover
                                    (eglot--TextDocumentPositionParams))))
        (cm-put 'hover (plist-get (plist-get hover :contents) :value)))
      (cm-goto "^  accessTier: hot")
      (backward-char 3)
      (let ((capf (eglot-completion-at-point)))
        (cm-put 'completions (and capf (all-completions "" (nth 2 capf)))))
      ;; An edit: fix the SKU; the enum-value error goes away.
      (cm-goto "Standard_XYZ")
      (replace-match "Standard_LRS")
      ;; Eglot sends changes on an idle timer; a batch Emacs is never idle, so send them as that timer does.
      (eglot--signal-textDocument/didChange)
      (cm-put 'after-edit
              (cm-wait (lambda ()
                         (let ((ds (cm-diagnostics)))
                           (and ds (not (cl-some (lambda (d) (string-match-p "Standard_XYZ" (alist-get 'text d))) ds))
                                ds)))
                       30))
      ;; A settings change as a user makes it: the server reads the new settings through Eglot's
      ;; workspace/configuration handler.
      (setq-default eglot-workspace-configuration '(:cloudManifests (:ownerResolution "off")))
      (eglot-signal-didChangeConfiguration (eglot-current-server))
      (cm-put 'after-settings
              (cm-wait (lambda ()
                         (let ((ds (cm-diagnostics)))
                           (and ds (not (cl-some (lambda (d) (string-match-p "owner-not-found" (alist-get 'text d))) ds))
                                ds)))
                       30)))
  (error (cm-put 'error (error-message-string err))))

(with-temp-file (getenv "CM_OUT") (insert (json-encode cm-out)))
(kill-emacs 0)
