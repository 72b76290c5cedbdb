/* SPDX-License-Identifier: MIT */
/* The rcu_node tree as text: see nodes.h. */
#include "nodes.h"

#include <string.h>

/* What ->gp_tasks & co. point at: a task's name, NULL, or past the entries recorded. */
static const char *pointee(const struct rcu_panel *p, const struct node_state *ns, int index)
{
	if (index == PTR_NULL)
		return "NULL";
	if (index == PTR_ELSEWHERE || index >= ns->nblkd)
		return "(further)";
	return p->name[ns->blkd[index]];
}

static void print_state(FILE *out, const struct rcu_snapshot *s, const char *indent)
{
	fprintf(out, "%srcu_state gpnum %ld completed %ld, expedited: ", indent, s->gpnum,
		s->completed);
	if (s->exp_gp == 0)
		fprintf(out, "none begun\n");
	else
		fprintf(out, "%ld begun, %s%s\n", s->exp_gp,
			s->exp_held ? "mutex held" : "mutex free",
			s->exp_blocked ? ", tasks or CPUs still block it" : "");
}

static void print_node(FILE *out, const struct rcu_panel *p, const struct rcu_snapshot *s, int k,
		       const char *indent)
{
	const struct node_state *ns = &s->node[k];
	char name[32], cpus[16];

	if (p->shape[k].parent < 0)
		snprintf(name, sizeof(name), "node %d", k);
	else
		snprintf(name, sizeof(name), "node %d (%d)", k, p->shape[k].parent);
	snprintf(cpus, sizeof(cpus), "%d-%d", p->shape[k].grplo, p->shape[k].grphi);
	fprintf(out, "%s%-14s %-5s %5ld %9ld 0x%-4lx 0x%-8lx 0x%-5lx %-9s %-9s %-11s", indent, name,
		cpus, ns->gpnum, ns->completed, ns->qsmask, ns->qsmaskinit, ns->expmask,
		pointee(p, ns, ns->gp_tasks), pointee(p, ns, ns->exp_tasks),
		pointee(p, ns, ns->boost_tasks));
	for (int i = 0; i < ns->nblkd && i < BLKD_SHOWN; i++)
		fprintf(out, " %s", p->name[ns->blkd[i]]);
	if (ns->nblkd > BLKD_SHOWN)
		fprintf(out, " (+%d)", ns->nblkd - BLKD_SHOWN);
	fputs(ns->nblkd ? "\n" : " -\n", out);
}

void nodes_print_header(FILE *out, const char *indent)
{
	fprintf(out, "%s%-14s %-5s %5s %9s %-6s %-10s %-7s %-9s %-9s %-11s %s\n", indent,
		"node (parent)", "cpus", "gpnum", "completed", "qsmask", "qsmaskinit", "expmask",
		"gp_tasks", "exp_tasks", "boost_tasks", "blkd_tasks (head first)");
}

void nodes_print(FILE *out, const struct rcu_panel *p, const struct rcu_snapshot *s,
		 const struct rcu_snapshot *prev, const char *indent)
{
	if (prev == NULL || prev->gpnum != s->gpnum || prev->completed != s->completed ||
	    prev->exp_gp != s->exp_gp || prev->exp_held != s->exp_held ||
	    prev->exp_blocked != s->exp_blocked)
		print_state(out, s, indent);
	for (int k = 0; k < s->num_nodes; k++) {
		if (prev && k < prev->num_nodes &&
		    rcu_node_state_equal(&prev->node[k], &s->node[k]))
			continue;
		print_node(out, p, s, k, indent);
	}
}
