;;; numrs-eglot.el --- numrs language server with eglot  -*- lexical-binding: t; -*-

;; Load this file from your init file (or paste its body there):
;;   (load "/path/to/numrs/editors/emacs/numrs-eglot.el")
;; then M-x eglot in a Python buffer, or keep the hook below to start it automatically.
;; eglot is built into Emacs 29; on Emacs 26.3-28 install it from GNU ELPA
;; (M-x package-install RET eglot RET, or Debian's elpa-eglot).

(require 'eglot)

(defcustom numrs-executable "numrs"
  "The numrs executable that runs the language server."
  :type 'string
  :group 'eglot)

(defcustom numrs-inlay-hints t
  "Whether numrs sends inlay hints with the Numba type of locals."
  :type 'boolean
  :group 'eglot)

(add-to-list 'eglot-server-programs
             `((python-mode python-ts-mode)
               . ,(lambda (&rest _)
                    (list numrs-executable "server"
                          :initializationOptions
                          `(:inlayHints (:enable ,(if numrs-inlay-hints t :json-false)))))))

;; Start numrs in every Python buffer.
(add-hook 'python-mode-hook #'eglot-ensure)
(when (boundp 'python-ts-mode-hook)
  (add-hook 'python-ts-mode-hook #'eglot-ensure))

(provide 'numrs-eglot)
;;; numrs-eglot.el ends here
