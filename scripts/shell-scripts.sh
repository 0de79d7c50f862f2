#!/usr/bin/env bash
# Prints the repository's shell scripts, one per line: files named *.sh or
# *.bash (bash completions) and files whose first line is a sh or bash shebang.
# Skips build output and .git.
set -euo pipefail

cd "$(dirname "$0")/.."
find . \( -path ./.git -o -path './.build*' -o -path ./dist \) -prune -o -type f -print |
    sort |
    while IFS= read -r file; do
        case "$file" in
            *.sh | *.bash)
                printf '%s\n' "${file#./}"
                continue
                ;;
        esac
        first_line=$(head -n 1 -- "$file" 2>/dev/null | tr -d '\0') || true
        if [[ "$first_line" =~ ^\#!.*/(env[[:space:]]+)?(ba|da)?sh([[:space:]]|$) ]]; then
            printf '%s\n' "${file#./}"
        fi
    done
