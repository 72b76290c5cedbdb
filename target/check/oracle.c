/* SPDX-License-Identifier: MIT */
/* The black-box RCU oracle: see oracle.h. */
#include "oracle.h"

#include "../kernel/hooks.h"

#include "report.h"
#include "../kernel/bug.h"
#include "../kernel/cpu.h"
#include "../kernel/frame.h"
#include "../kernel/preempt.h"
#include "../rcu/rcu.h"
#include "../sim/sim.h"

#include <stdlib.h>
#include <string.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ORACLE_HEAP 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define ORACLE_HEAP 1
#endif

#define OBJ_MAGIC   0x52435521u /* "RCU!" */
#define MAX_OBJECTS 128

struct rcu_obj {
	struct rcu_head rh;	 /* call_rcu() head */
	unsigned int magic;	 /* OBJ_MAGIC while live */
	int index;		 /* slot in live[] */
	struct gp_snapshot snap; /* readers in progress when it was retired */
};

static struct {
	unsigned int next_reader;	   /* reader ids: 1, 2, ... */
	struct rcu_obj *gp;		   /* the shared RCU-protected pointer */
	struct rcu_obj *live[MAX_OBJECTS]; /* allocated objects, to free at the end */
	int nr_pending;			   /* retired, callback not yet run */
#ifndef ORACLE_HEAP
	struct rcu_obj pool[MAX_OBJECTS];
#endif
} orc NOT_MACHINE_STATE; /* oracle_state() gives what is */

static struct rcu_obj *obj_alloc(void)
{
	for (int i = 0; i < MAX_OBJECTS; i++) {
		struct rcu_obj *o;

		if (orc.live[i])
			continue;
#ifdef ORACLE_HEAP
		o = malloc(sizeof(*o));
		if (o == NULL)
			return NULL;
#else
		o = &orc.pool[i];
#endif
		o->magic = OBJ_MAGIC;
		o->index = i;
		o->snap.n = 0;
		orc.live[i] = o;
		return o;
	}
	return NULL;
}

static void obj_free(struct rcu_obj *o)
{
	orc.live[o->index] = NULL;
	o->magic = 0;
#ifdef ORACLE_HEAP
	free(o);
#endif
}

void oracle_release_all(void)
{
	for (int i = 0; i < MAX_OBJECTS; i++)
		if (orc.live[i])
			obj_free(orc.live[i]);
	orc.gp = NULL;
	orc.nr_pending = 0;
}

void oracle_reset(void)
{
	oracle_release_all();
	orc.next_reader = 0;
	orc.gp = obj_alloc();
}

int oracle_objects_pending(void)
{
	return orc.nr_pending;
}

void oracle_reader_lock(void)
{
	struct task_struct *t = current;

	if (t->oracle_depth++ == 0) {
		t->oracle_reader = ++orc.next_reader;
		t->oracle_obj = NULL;
	}
}

void oracle_reader_unlock(void)
{
	struct task_struct *t = current;

	if (t->oracle_depth == 0)
		return;
	if (--t->oracle_depth == 0) {
		t->oracle_reader = 0;
		t->oracle_obj = NULL;
	}
}

void oracle_gp_begin(struct gp_snapshot *s)
{
	s->n = 0;
	for (int i = 1; i <= nr_tasks; i++) {
		const struct task_struct *t = &task_table[i];

		if (t->oracle_reader) {
			s->readers[s->n].pid = (short)t->pid;
			s->readers[s->n].id = t->oracle_reader;
			s->n++;
		}
	}
}

void oracle_gp_end(const struct gp_snapshot *s, const char *request, const char *func)
{
	for (int i = 0; i < s->n; i++) {
		const struct task_struct *r = &task_table[s->readers[i].pid];

		if (r->oracle_reader != s->readers[i].id)
			continue;
		report_begin(REPORT_RCU_GUARANTEE,
			     "%s ended while a reader it must wait for is inside", request);
		report_printf(
			"The grace period of this %s began while the reader section below\n"
			"was in progress, and ended before that section left. RCU guarantees\n"
			"the opposite: every reader that began before a grace period ends\n"
			"before it.\n\n",
			request);
		if (!sim_in_main())
			report_task(current, "ending the grace period:");
		report_task(r, "reader still inside:");
		report_printf("All CPUs:\n");
		report_all_cpus();
		report_end("reader-outlived-grace-period", func);
		return;
	}
}

static void retired_object_cb(struct rcu_head *head)
{
	struct rcu_obj *o = container_of(head, struct rcu_obj, rh);

	orc.nr_pending--;
	oracle_gp_end(&o->snap, "call_rcu", "rcu_do_batch");
	obj_free(o);
}

void oracle_retire_object(void)
{
	struct rcu_obj *old = orc.gp, *o = obj_alloc();

	if (o == NULL || old == NULL)
		return; /* every slot waits for a grace period: skip this update */
	orc.gp = o;	/* rcu_assign_pointer() */
	oracle_gp_begin(&old->snap);
	orc.nr_pending++;
	call_rcu(&old->rh, retired_object_cb);
}

void oracle_deref(void)
{
	struct task_struct *t = current;
	const volatile struct rcu_obj *o;

	if (t->oracle_obj == NULL)
		t->oracle_obj = orc.gp; /* rcu_dereference() */
	o = t->oracle_obj;
	if (o != NULL && o->magic != OBJ_MAGIC) {
		report_begin(REPORT_RCU_GUARANTEE,
			     "reader read an object freed by an RCU callback");
		report_task(t, "reader:");
		report_end("use-after-free", frame_top(t));
	}
}

void oracle_state(void (*fn)(const void *p, size_t n, void *arg), void *arg)
{
	fn(&orc, (size_t)((const char *)(&orc.nr_pending + 1) - (const char *)&orc), arg);
	for (int i = 0; i < MAX_OBJECTS; i++)
		if (orc.live[i])
			fn(orc.live[i], sizeof(*orc.live[i]), arg);
}
