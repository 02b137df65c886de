# shellcheck shell=bash
# What the campaign recipes share (scripts/parallel-count, scripts/slurm/*): the checks of
# their own arguments (queens checks its own: N, QUEENS_ARGS), the list of a count's part
# files as queens names them, and Slurm's times. Sourced, never run;
# the sourcing script sets RECIPE, its name in messages. The Slurm batch scripts find this
# file through NQUEENS_RECIPES (sbatch runs a copy of a script, away from its folder), which
# scripts/slurm/submit exports.

# recipe_refuse MESSAGE...: says why, on stderr, and exits 2 (bad usage).
recipe_refuse() {
    echo "${RECIPE:-recipe}: $*" >&2
    exit 2
}

# recipe_whole NAME VALUE [MIN] [MAX]: refuses VALUE unless it is a whole number from MIN
# (default 1) to MAX (default 999999999), written without leading zeros.
recipe_whole() {
    local least=${3:-1} most=${4:-999999999}
    case $2 in '' | *[!0-9]* | 0?*) recipe_refuse "$1 must be a whole number, not '$2'" ;; esac
    # Compared as text first: a number too long for the shell's arithmetic is refused, not wrapped.
    if [ "${#2}" -gt "${#most}" ] || [ "$2" -gt "$most" ]; then
        recipe_refuse "$1 must be at most $most, not $2"
    fi
    [ "$2" -ge "$least" ] || recipe_refuse "$1 must be at least $least, not $2"
}

# recipe_folder NAME PATH: refuses a folder name the recipes could not carry to its end: the
# lists of parts hold one name a line (a line feed or a carriage return would split it), and
# queens reads names as UTF-8 text (it refuses any other). Checked on the path as given and
# as resolved, before anything is counted.
recipe_folder() {
    case $2 in
        '') recipe_refuse "$1 must not be empty" ;;
        *$'\n'* | *$'\r'*) recipe_refuse "$1 '$2' holds a line break (a line feed or a carriage return), which the list of parts (one name a line) cannot carry: rename it" ;;
    esac
    if command -v iconv >/dev/null 2>&1; then
        printf '%s' "$2" | iconv -f UTF-8 -t UTF-8 >/dev/null 2>&1 ||
            recipe_refuse "$1 '$2' is not UTF-8, and queens takes names as UTF-8 text only: rename it"
    elif ! printf '%s' "$2" | LC_ALL=C.UTF-8 grep -qax '.*'; then
        recipe_refuse "$1 '$2' is not UTF-8, and queens takes names as UTF-8 text only: rename it"
    fi
}

# recipe_parts_list QUEENS N M DIR [LAST]: prints the checkpoint file of each of the parts 1
# to LAST (default M) of the M parts of the count of N (with QUEENS_ARGS), one a line, as
# queens itself names them (`queens count --dry-run`: every argument checked as the count
# will check it, nothing counted); exits 2 with queens' own message if queens refuses them.
# LAST = 1 checks a count before anything is made for it.
recipe_parts_list() {
    # shellcheck disable=SC2086 # QUEENS_ARGS holds several flags
    "$1" count "$2" ${QUEENS_ARGS:-} --part "1-${5:-$3}/$3" --checkpoint-dir "$4" --dry-run ||
        recipe_refuse "queens refused the count: $1 count $2 ${QUEENS_ARGS:-} --part 1-${5:-$3}/$3 --checkpoint-dir DIR"
}

# slurm_seconds TIME: the seconds a Slurm time stands for (M, M:S, H:M:S, D-H, D-H:M,
# D-H:M:S), "unlimited" for UNLIMITED or INFINITE, nothing for a time that cannot be read
# (NONE, NOT_SET, INVALID).
slurm_seconds() {
    case $1 in UNLIMITED | INFINITE | unlimited | infinite) echo unlimited; return ;; esac
    awk -v t="$1" 'BEGIN {
        days = -1
        if (t ~ /^[0-9]+-/) { days = substr(t, 1, index(t, "-") - 1); t = substr(t, index(t, "-") + 1) }
        if (t !~ /^[0-9]+(:[0-9]+)?(:[0-9]+)?$/) exit
        k = split(t, f, ":")
        if (days >= 0) {
            # D-H, D-H:M, D-H:M:S
            s = f[1] * 3600; if (k >= 2) s += f[2] * 60; if (k == 3) s += f[3]
            s += days * 86400
        } else if (k == 3) s = f[1] * 3600 + f[2] * 60 + f[3]
        else if (k == 2) s = f[1] * 60 + f[2]
        else s = f[1] * 60
        printf "%d\n", s }'
}
