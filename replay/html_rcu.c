/* SPDX-License-Identifier: MIT */
/* The rcu_node panel's data: see html_rcu.h and docs/html.md. */
#include "html_rcu.h"

#include "../target/kernel/list.h"

#include <ctype.h>
#include <string.h>

static int bit_index(unsigned long mask)
{
	int b = 0;

	while (mask > 1)
		mask >>= 1, b++;
	return b;
}

static void note_shape(struct rcu_panel *p, const struct rcu_state *rsp)
{
	p->num_nodes = rsp->num_nodes;
	for (int k = 0; k < rsp->num_nodes; k++) {
		const struct rcu_node *rnp = &rsp->node[k];

		p->shape[k].parent = rnp->parent ? (int)(rnp->parent - rsp->node) : -1;
		p->shape[k].bit = rnp->parent ? bit_index(rnp->grpmask) : -1;
		p->shape[k].grplo = rnp->grplo;
		p->shape[k].grphi = rnp->grphi;
	}
}

/* Where @ptr points among the first BLKD_SHOWN entries of rnp->blkd_tasks. */
static int entry_index(const struct rcu_node *rnp, const struct list_head *ptr)
{
	const struct list_head *e = rnp->blkd_tasks.next;

	if (ptr == NULL)
		return PTR_NULL;
	for (int k = 0; k < BLKD_SHOWN && e != &rnp->blkd_tasks; k++, e = e->next)
		if (e == ptr)
			return k;
	return PTR_ELSEWHERE;
}

static void take_node(struct rcu_panel *p, const struct rcu_node *rnp, struct node_state *ns)
{
	const struct list_head *e;

	ns->gpnum = rnp->gpnum;
	ns->completed = rnp->completed;
	ns->qsmask = rnp->qsmask;
	ns->qsmaskinit = rnp->qsmaskinit;
	ns->expmask = rnp->expmask;
	/* Bounded: a list the model corrupted must not hang the page. */
	for (e = rnp->blkd_tasks.next; e != &rnp->blkd_tasks && ns->nblkd <= MAX_TASKS;
	     e = e->next, ns->nblkd++) {
		const struct task_struct *t = list_entry(e, struct task_struct, rcu_node_entry);

		if (ns->nblkd >= BLKD_SHOWN || t->pid < 0 || t->pid > MAX_TASKS)
			continue;
		ns->blkd[ns->nblkd] = (short)t->pid;
		snprintf(p->name[t->pid], sizeof(p->name[0]), "%s", task_name(t));
	}
	ns->gp_tasks = entry_index(rnp, rnp->gp_tasks);
	ns->exp_tasks = entry_index(rnp, rnp->exp_tasks);
	ns->boost_tasks = entry_index(rnp, rnp->boost_tasks);
}

void rcu_panel_take(struct rcu_panel *p, struct rcu_snapshot *s)
{
	const struct rcu_state *rsp = &rcu_preempt_state;
	int held = !rcu_exp_idle();

	memset(s, 0, sizeof(*s));
	note_shape(p, rsp);
	if (held && !p->exp_held)
		p->exp_gp++;
	p->exp_held = held;
	s->gpnum = rsp->gpnum;
	s->completed = rsp->completed;
	s->exp_gp = p->exp_gp;
	s->exp_held = held;
	s->num_nodes = rsp->num_nodes;
	for (int k = 0; k < rsp->num_nodes; k++) {
		take_node(p, &rsp->node[k], &s->node[k]);
		s->exp_blocked |= rsp->node[k].exp_tasks != NULL || rsp->node[k].expmask != 0;
	}
}

static int node_equal(const struct node_state *a, const struct node_state *b)
{
	return a->gpnum == b->gpnum && a->completed == b->completed && a->qsmask == b->qsmask &&
	       a->qsmaskinit == b->qsmaskinit && a->expmask == b->expmask && a->nblkd == b->nblkd &&
	       memcmp(a->blkd, b->blkd, sizeof(a->blkd)) == 0 && a->gp_tasks == b->gp_tasks &&
	       a->exp_tasks == b->exp_tasks && a->boost_tasks == b->boost_tasks;
}

int rcu_snapshot_equal(const struct rcu_snapshot *a, const struct rcu_snapshot *b)
{
	if (a->gpnum != b->gpnum || a->completed != b->completed || a->exp_gp != b->exp_gp ||
	    a->exp_held != b->exp_held || a->exp_blocked != b->exp_blocked ||
	    a->num_nodes != b->num_nodes)
		return 0;
	for (int k = 0; k < a->num_nodes; k++)
		if (!node_equal(&a->node[k], &b->node[k]))
			return 0;
	return 1;
}

/* A JavaScript string literal that cannot end the <script> it is in. */
static void js_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (isalnum((unsigned char)*s) || strchr("/[]_-. ", *s))
			fputc(*s, f);
		else
			fprintf(f, "\\u%04x", (unsigned char)*s);
	}
	fputc('"', f);
}

void rcu_panel_write_shape(FILE *f, const struct rcu_panel *p)
{
	fputs("var NODES=[", f);
	for (int k = 0; k < p->num_nodes; k++)
		fprintf(f, "%s[%d,%d,%d,%d]", k ? "," : "", p->shape[k].parent, p->shape[k].bit,
			p->shape[k].grplo, p->shape[k].grphi);
	fputs("];\n", f);
}

/* [gpnum,completed,qsmask,qsmaskinit,expmask,nblkd,[names],gp_tasks,exp_tasks,boost_tasks] */
static void write_node(FILE *f, const struct rcu_panel *p, const struct node_state *ns)
{
	fprintf(f, "[%ld,%ld,%lu,%lu,%lu,%d,[", GP_FROM_BOOT(ns->gpnum),
		GP_FROM_BOOT(ns->completed), ns->qsmask, ns->qsmaskinit, ns->expmask, ns->nblkd);
	for (int k = 0; k < ns->nblkd && k < BLKD_SHOWN; k++) {
		fputs(k ? "," : "", f);
		js_string(f, p->name[ns->blkd[k]]);
	}
	fprintf(f, "],%d,%d,%d]", ns->gp_tasks, ns->exp_tasks, ns->boost_tasks);
}

/* [step index,gpnum,completed,exp_gp,exp_held,exp_blocked,[nodes]] */
void rcu_panel_write_state(FILE *f, const struct rcu_panel *p, unsigned long i,
			   const struct rcu_snapshot *s)
{
	fprintf(f, "[%lu,%ld,%ld,%ld,%d,%d,[", i, GP_FROM_BOOT(s->gpnum),
		GP_FROM_BOOT(s->completed), s->exp_gp, s->exp_held, s->exp_blocked);
	for (int k = 0; k < s->num_nodes; k++) {
		fputs(k ? "," : "", f);
		write_node(f, p, &s->node[k]);
	}
	fputs("]],\n", f);
}
