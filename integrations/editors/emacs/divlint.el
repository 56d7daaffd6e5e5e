;;; divlint.el --- divlint's CUDA divergence findings in Flycheck -*- lexical-binding: t -*-

;;; Commentary:
;; Two ways, pick one (replace /path/to/divlint):
;;  1. flycheck-clang-tidy (https://github.com/ch1bo/flycheck-clang-tidy) with the divlint
;;     clang-tidy plugin: `divlint-setup-clang-tidy'.  The compile database must be one clang can
;;     read (build-tidy/, made by integrations/clang-tidy/cuda_compdb.py from an nvcc build), and
;;     the project's .clang-tidy enables the checks: Checks: '-*,cuda-divergence-*'.
;;  2. The divlint command line as its own checker, `cuda-divlint' (reads an nvcc build/ as is).
;;
;;     (require 'divlint)
;;     (add-hook 'flycheck-mode-hook #'divlint-setup-clang-tidy)   ; 1
;;     (add-to-list 'flycheck-checkers 'cuda-divlint)              ; 2

;;; Code:

(require 'flycheck)

(defvar divlint-plugin "/path/to/divlint/build/lib/DivlintTidyModule.so"
  "The divlint clang-tidy plugin.")
(defvar divlint-clang-tidy "/usr/lib/llvm-22/bin/clang-tidy"
  "The clang-tidy the plugin was built for.")
(defvar divlint-executable "/path/to/divlint/build/bin/divlint"
  "The divlint command line.")
(defvar divlint-build-dir "build"
  "Directory with compile_commands.json, relative to the project root.")

(defun divlint-setup-clang-tidy ()
  "Use clang-tidy with the divlint plugin for C, C++ and CUDA buffers."
  (require 'flycheck-clang-tidy)
  (flycheck-clang-tidy-setup)
  (setq flycheck-clang-tidy-executable divlint-clang-tidy
        flycheck-clang-tidy-extra-options (concat "--load=" divlint-plugin)
        flycheck-clang-tidy-build-path "build-tidy")
  (when (fboundp 'cuda-mode)
    (flycheck-add-mode 'c/c++-clang-tidy 'cuda-mode)))

(flycheck-define-checker cuda-divlint
  "Warp divergence in CUDA device code, found by the divlint command line."
  :command ("divlint"
            (option "-p" divlint-build-dir)
            "--color=never"
            source-original)
  :error-patterns
  ((error line-start (file-name) ":" line ":" column ": error: " (message) line-end)
   (warning line-start (file-name) ":" line ":" column ": warning: " (message) line-end)
   (info line-start (file-name) ":" line ":" column ": note: " (message) line-end))
  :modes (cuda-mode c++-mode)
  :predicate flycheck-buffer-saved-p
  :working-directory (lambda (_checker) (or (vc-root-dir) default-directory)))

;; Flycheck defines `flycheck-cuda-divlint-executable' for the checker's "divlint".
(setq-default flycheck-cuda-divlint-executable divlint-executable)

(provide 'divlint)
;;; divlint.el ends here
