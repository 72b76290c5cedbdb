/* SPDX-License-Identifier: MIT */
/* The rcu_node panel's data: see html_rcu.h and docs/html.md. */
#include "html_rcu.h"

#include "../target/kernel/list.h"
#include "../target/rcu/tiny.h"

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

/* Where @ptr points among the first BLKD_SHOWN entries of the list at @head. */
static int entry_index(const struct list_head *head, const struct list_head *ptr)
{
	const struct list_head *e = head->next;

	if (ptr == NULL)
		return PTR_NULL;
	for (int k = 0; k < BLKD_SHOWN && e != head; k++, e = e->next)
		if (e == ptr)
			return k;
	return PTR_ELSEWHERE;
}

/* A ->blkd_tasks list and its ->gp_tasks, ->exp_tasks and ->boost_tasks. */
static void take_blkd_tasks(struct rcu_panel *p, const struct list_head *head,
			    const struct list_head *gp, const struct list_head *exp,
			    const struct list_head *boost, struct node_state *ns)
{
	const struct list_head *e;

	/* Bounded: a list the model corrupted must not hang the page. */
	for (e = head->next; e != head && ns->nblkd <= MAX_TASKS; e = e->next, ns->nblkd++) {
		const struct task_struct *t = list_entry(e, struct task_struct, rcu_node_entry);

		if (ns->nblkd >= BLKD_SHOWN || t->pid < 0 || t->pid > MAX_TASKS)
			continue;
		ns->blkd[ns->nblkd] = (short)t->pid;
		snprintf(p->name[t->pid], sizeof(p->name[0]), "%s", task_name(t));
	}
	ns->gp_tasks = entry_index(head, gp);
	ns->exp_tasks = entry_index(head, exp);
	ns->boost_tasks = entry_index(head, boost);
}

static void take_node(struct rcu_panel *p, const struct rcu_node *rnp, struct node_state *ns)
{
	ns->gpnum = GP_FROM_BOOT(rnp->gpnum);
	ns->completed = GP_FROM_BOOT(rnp->completed);
	ns->qsmask = rnp->qsmask;
	ns->qsmaskinit = rnp->qsmaskinit;
	ns->expmask = rnp->expmask;
	take_blkd_tasks(p, &rnp->blkd_tasks, rnp->gp_tasks, rnp->exp_tasks, rnp->boost_tasks, ns);
}

/* Count an expedited grace period when its mutex is newly held. */
static void note_exp(struct rcu_panel *p, struct rcu_snapshot *s, int held)
{
	if (held && !p->exp_held)
		p->exp_gp++;
	p->exp_held = held;
	s->exp_gp = p->exp_gp;
	s->exp_held = held;
}

/*
 * TINY_PREEMPT_RCU as a one-node tree with CPU0: its qsmask bit is the
 * CPU's debt to the grace period in progress (->gpcpu behind ->gpnum).
 */
static void take_tiny(struct rcu_panel *p, struct rcu_snapshot *s)
{
	const struct rcu_preempt_ctrlblk *c = &rcu_preempt_ctrlblk;
	struct node_state *ns = &s->node[0];

	p->num_nodes = 1;
	p->shape[0].parent = p->shape[0].bit = -1;
	p->shape[0].grplo = p->shape[0].grphi = 0;
	note_exp(p, s, rcu_tiny_exp_held());
	s->gpnum = ns->gpnum = c->gpnum;
	s->completed = ns->completed = c->completed;
	s->exp_blocked = c->exp_tasks != NULL;
	s->num_nodes = 1;
	ns->qsmask = rcu_tiny_gp_in_progress() && c->gpcpu != c->gpnum;
	ns->qsmaskinit = 1;
	take_blkd_tasks(p, &c->blkd_tasks, c->gp_tasks, c->exp_tasks, c->boost_tasks, ns);
}

void rcu_panel_take(struct rcu_panel *p, struct rcu_snapshot *s)
{
	const struct rcu_state *rsp = &rcu_preempt_state;

	memset(s, 0, sizeof(*s));
	if (kconfig.tiny_preempt_rcu) {
		take_tiny(p, s);
		return;
	}
	note_shape(p, rsp);
	note_exp(p, s, !rcu_exp_idle());
	s->gpnum = GP_FROM_BOOT(rsp->gpnum);
	s->completed = GP_FROM_BOOT(rsp->completed);
	s->num_nodes = rsp->num_nodes;
	for (int k = 0; k < rsp->num_nodes; k++) {
		take_node(p, &rsp->node[k], &s->node[k]);
		s->exp_blocked |= rsp->node[k].exp_tasks != NULL || rsp->node[k].expmask != 0;
	}
}

int rcu_node_state_equal(const struct node_state *a, const struct node_state *b)
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
		if (!rcu_node_state_equal(&a->node[k], &b->node[k]))
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
	fprintf(f, "[%ld,%ld,%lu,%lu,%lu,%d,[", ns->gpnum, ns->completed, ns->qsmask,
		ns->qsmaskinit, ns->expmask, ns->nblkd);
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
	fprintf(f, "[%lu,%ld,%ld,%ld,%d,%d,[", i, s->gpnum, s->completed, s->exp_gp, s->exp_held,
		s->exp_blocked);
	for (int k = 0; k < s->num_nodes; k++) {
		fputs(k ? "," : "", f);
		write_node(f, p, &s->node[k]);
	}
	fputs("]],\n", f);
}
