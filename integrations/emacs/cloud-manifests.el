;;; cloud-manifests.el --- Cloud Resource Manifests in Emacs through Eglot  -*- lexical-binding: t -*-
;; Emacs 29 or later (Eglot built in), or Emacs 28 with the eglot package (Debian: elpa-eglot), and
;; yaml-mode (Debian: elpa-yaml-mode) or Emacs 29's yaml-ts-mode. `cloud-manifests-language-server' must
;; be on PATH (npm install -g, see the README). Load this file from your init file.
(require 'eglot)

(add-to-list 'eglot-server-programs
             '((yaml-mode yaml-ts-mode) . ("cloud-manifests-language-server")))
(add-hook 'yaml-mode-hook #'eglot-ensure)
(add-hook 'yaml-ts-mode-hook #'eglot-ensure)

;; The editor settings without the `cloudManifests.' prefix, as in .cloud-manifests.json.
(setq-default eglot-workspace-configuration
              '(:cloudManifests (:ownerResolution "info")))
