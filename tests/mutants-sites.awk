# Every place tests/mutants.sh may mutate in the model files it is given, one
# line each, tab-separated:
#   FILE LINE COLUMN KIND FROM TO FUNCTION
# KIND del: the statement on LINE becomes "(void)0;" (COLUMN 0, FROM the
#   statement, TO "-"): a simple statement inside a function body that is
#   not a declaration, a return with a value, a POINT() or a KFUNC();
# KIND op: the operator FROM at COLUMN (1-based) of an if/while/for condition
#   becomes TO: == and !=, && and ||, < and <=, > and >= swap;
# KIND not: the "!" at COLUMN of such a condition goes (TO "-").
# Function bodies are recognised by the kernel's style: "{" and "}" alone in
# column 0.  Comments and string literals are never mutated.

# @s with every character inside a comment or a string literal turned into a
# space (so the columns stay); in_comment carries a /* */ across lines.
function mask(s, out, i, c, n, q) {
	out = ""
	n = length(s)
	q = ""
	for (i = 1; i <= n; i++) {
		c = substr(s, i, 1)
		if (in_comment) {
			if (c == "*" && substr(s, i + 1, 1) == "/") {
				in_comment = 0
				out = out "  "
				i++
			} else
				out = out " "
		} else if (q != "") {
			if (c == "\\") {
				out = out "  "
				i++
			} else {
				if (c == q)
					q = ""
				out = out " "
			}
		} else if (c == "/" && substr(s, i + 1, 1) == "*") {
			in_comment = 1
			out = out "  "
			i++
		} else if (c == "/" && substr(s, i + 1, 1) == "/") {
			while (i++ <= n)
				out = out " "
		} else if (c == "\"" || c == "'") {
			q = c
			out = out " "
		} else
			out = out c
	}
	return out
}

function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}

function site(col, kind, from, to) {
	printf "%s\t%d\t%d\t%s\t%s\t%s\t%s\n", FILENAME, FNR, col, kind, from, to == "" ? "-" : to, fn
}

# The operators of a condition's text @m (masked) from column @start to @stop.
function operators(m, start, stop, i, two, c, prev, next1) {
	for (i = start; i <= stop; i++) {
		two = substr(m, i, 2)
		c = substr(m, i, 1)
		prev = i > 1 ? substr(m, i - 1, 1) : ""
		next1 = substr(m, i + 1, 1)
		if (two == "==") {
			site(i, "op", "==", "!=")
			i++
		} else if (two == "!=") {
			site(i, "op", "!=", "==")
			i++
		} else if (two == "&&") {
			site(i, "op", "&&", "||")
			i++
		} else if (two == "||") {
			site(i, "op", "||", "&&")
			i++
		} else if (two == "<=" && prev != "<") {
			site(i, "op", "<=", "<")
			i++
		} else if (two == ">=" && prev != ">") {
			site(i, "op", ">=", ">")
			i++
		} else if (c == "<" && next1 != "<" && next1 != "=" && prev != "<")
			site(i, "op", "<", "<=")
		else if (c == ">" && next1 != ">" && next1 != "=" && prev != ">" && prev != "-")
			site(i, "op", ">", ">=")
		else if (c == "!" && next1 != "=")
			site(i, "not", "!", "")
	}
}

FNR == 1 {
	in_fn = 0
	in_comment = 0
	depth = 0
	fn = ""
	last = ""
}

{
	line = $0
	was_comment = in_comment
	m = mask(line)
	code = trim(m)
}

/^[a-z].*[a-z_0-9]\(/ && !in_fn {
	fn = line
	sub(/\(.*/, "", fn)
	sub(/.*[ *]/, "", fn)
}

line == "{" { in_fn = 1; last = "{"; next }
line == "}" { in_fn = 0; depth = 0; last = "}"; next }
!in_fn || code == "" || code ~ /^#/ { next }

{
	start = 0
	if (depth > 0)
		start = 1
	else if (match(m, /(^|[^A-Za-z0-9_])(if|while|for) \(/)) {
		start = RSTART + RLENGTH - 1
		depth = 0
	}
	if (start) {
		for (i = start; i <= length(m); i++) {
			c = substr(m, i, 1)
			if (c == "(")
				depth++
			else if (c == ")" && --depth == 0)
				break
		}
		operators(m, start, i > length(m) ? length(m) : i)
	}
	if (!was_comment && code ~ /;$/ && last ~ /([;{}:)]|\*\/)$/ &&
	    code !~ /^(\}|\)|&&|\|\||\?|:|\.|case |default)/ &&
	    (code ~ /^goto / || code !~ /^[A-Za-z_][A-Za-z0-9_ ]*[ *]+[A-Za-z_][A-Za-z0-9_]*( =|;|\[|,)/) &&
	    code !~ /^return [^;]/ && code !~ /^(POINT|KFUNC)\(/ && depth == 0 &&
	    code !~ /[^;];[^;]+;$/) {
		site(0, "del", trim(line), "")
	}
	if (code != "")
		last = code
}
